import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireRenderer
import MapWireVectorTile

/// The render section's scenes for the layer types drawn in screen space or from elevation: a scene with
/// one more layer (a heatmap over 2,000 points, a hillshade over generated elevation), each timed beside
/// the same scene without it.
enum LayerScenes {
    /// `base` with a heatmap layer on top over 2,000 points spread around the camera's centre.
    static func heatmap(over base: RenderScene) throws -> RenderScene {
        var scene = base
        let features = (0..<2_000).map { index -> [String: Any] in
            // A fixed spiral of clusters: the same points every run.
            let angle = Double(index) * 2.399963
            let radius = 0.02 * sqrt(Double(index) / 2_000)
            let lng = base.camera.center.longitude + radius * cos(angle) * 1.4
            let lat = base.camera.center.latitude + radius * sin(angle)
            return ["type": "Feature", "properties": ["weight": Double(index % 5) + 1],
                    "geometry": ["type": "Point", "coordinates": [lng, lat]]]
        }
        scene.sources["heat"] = .geojson(try GeoJSONTiler(json: ["type": "FeatureCollection", "features": features]))
        scene.styleJSON = try adding(to: base.styleJSON, source: ("heat", ["type": "geojson", "data": ["type": "FeatureCollection", "features": []]]),
                                     layer: ["id": "heat", "type": "heatmap", "source": "heat",
                                             "paint": ["heatmap-weight": ["get", "weight"], "heatmap-radius": 20, "heatmap-opacity": 0.8]])
        return scene
    }

    /// `base` with a hillshade layer above its fills, over terrarium-encoded elevation tiles made here (rolling
    /// hills, 256 px tiles at the camera's zoom, neighbours included so borders are backfilled).
    static func hillshade(over base: RenderScene) throws -> RenderScene {
        var scene = base
        let zoom = Int(base.camera.zoom.rounded(.down)) + 1
        let transform = Transform(camera: base.camera, size: base.size)
        var tiles: [CanonicalTileID: CanvasImage] = [:]
        for tile in TileCover.tiles(for: transform, tileSize: 256, minZoom: zoom, maxZoom: zoom, roundZoom: true) {
            tiles[tile] = elevationTile(tile, side: 256)
        }
        scene.sources["dem"] = .raster(tiles)
        scene.styleJSON = try adding(to: base.styleJSON,
                                     source: ("dem", ["type": "raster-dem", "tiles": ["dem/{z}/{x}/{y}.png"], "tileSize": 256,
                                                      "encoding": "terrarium", "minzoom": zoom, "maxzoom": zoom]),
                                     layer: ["id": "hillshade", "type": "hillshade", "source": "dem",
                                             "paint": ["hillshade-exaggeration": 0.6]],
                                     below: "building")
        return scene
    }

    /// Elevation in metres as terrarium pixels (R·256 + G + B/256 − 32768): hills about 600 m apart.
    private static func elevationTile(_ tile: CanonicalTileID, side: Int) -> CanvasImage {
        var rgba = [UInt8](repeating: 255, count: side * side * 4)
        let scale = Double(1 << tile.z)
        for y in 0..<side {
            for x in 0..<side {
                // World position in tiles of zoom 16 (about 600 m each at Chicago's latitude).
                let wx = (Double(tile.x) + Double(x) / Double(side)) / scale * 65_536
                let wy = (Double(tile.y) + Double(y) / Double(side)) / scale * 65_536
                let height = 200 + 60 * sin(wx * 1.3) * cos(wy * 1.1) + 25 * sin(wx * 3.7 + wy * 2.3)
                let value = height + 32_768
                let i = (y * side + x) * 4
                rgba[i] = UInt8(Int(value / 256))
                rgba[i + 1] = UInt8(Int(value) % 256)
                rgba[i + 2] = UInt8(Int((value - value.rounded(.down)) * 256))
            }
        }
        return CanvasImage(rgba: rgba, width: side, height: side)
    }

    /// The style with one more source and one more layer (on top, or below the layer `below` when it exists).
    private static func adding(to style: Data, source: (String, [String: Any]), layer: [String: Any], below: String? = nil) throws -> Data {
        guard var root = try JSONSerialization.jsonObject(with: style) as? [String: Any],
              var layers = root["layers"] as? [[String: Any]] else { throw BenchError("the scene's style is not a style") }
        var sources = root["sources"] as? [String: Any] ?? [:]
        sources[source.0] = source.1
        root["sources"] = sources
        let index = below.flatMap { id in layers.firstIndex { $0["id"] as? String == id } } ?? layers.count
        layers.insert(layer, at: index)
        root["layers"] = layers
        return try JSONSerialization.data(withJSONObject: root)
    }
}
