import Foundation
import MapWireJSON
import MapWireStyle
import MapWireNumerics
import MapWireVectorTile

/// A style compiled for drawing: its layers in order and what the renderer needs of its sources.
struct RenderStyle {
    struct Source {
        let type: String
        let tileSize: Int
        let maxZoom: Int
        let minZoom: Int
        /// GeoJSON tiling options.
        let buffer: Int
        let tolerance: Double
        /// GeoJSON point clustering, when the source asks for it.
        let cluster: GeoJSONClusterOptions?
        /// GeoJSON: whether lines carry where they are along their whole length (`line-gradient` needs it).
        let lineMetrics: Bool
        /// `raster-dem`: how pixels hold elevations.
        let demEncoding: DEMEncoding
    }

    let layers: [RenderLayer]
    /// The style's `light` (for extrusions), read like a layer whose properties are named
    /// `light-anchor`, `light-color`, `light-intensity`, `light-position`.
    /// Nil only if it could not be read at all (it has no filter, so it always can).
    let light: RenderLayer?
    let sources: [String: Source]
    /// What could not be read: layers left out, properties drawn with their defaults.
    let problems: [String]

    init(json data: Data) throws {
        let root = try StyleLayers.root(of: data)
        let compiled = try StyleLayers.compile(root)
        layers = compiled.layers
        var problems = compiled.problems
        var lightPaint: [String: Any] = [:]
        for (name, value) in (root["light"] as? [String: Any]) ?? [:] { lightPaint["light-\(name)"] = value }
        let light = try? RenderLayer(json: ["id": "light", "type": "light", "paint": lightPaint])
        self.light = light
        problems += light?.problems.map { "light: \($0)" } ?? []
        self.problems = problems
        var sources: [String: Source] = [:]
        for (id, value) in (root["sources"] as? [String: Any]) ?? [:] {
            guard let object = value as? [String: Any] else { continue }
            let type = object["type"] as? String ?? ""
            // Numbers clamped to what tile cover and tiling can take: a tileSize of 0 or a
            // maxzoom of -1 or 1e300 would trap there.
            func integer(_ key: String, _ fallback: Int, _ range: ClosedRange<Int>) -> Int {
                let value = FoundationJSON.double(object[key]).map { Int(saturating: $0) } ?? fallback
                return min(max(value, range.lowerBound), range.upperBound)
            }
            let zooms = GeoJSONTiler.zoomRange
            let tolerance = FoundationJSON.double(object["tolerance"]) ?? 0.375
            sources[id] = Source(
                type: type,
                tileSize: integer("tileSize", 512, 1...8192),
                maxZoom: integer("maxzoom", type == "geojson" ? 18 : 22, zooms),
                minZoom: integer("minzoom", 0, zooms),
                buffer: integer("buffer", 128, 0...512),
                tolerance: tolerance.isFinite && tolerance >= 0 ? tolerance : 0.375,
                cluster: type == "geojson" && object["cluster"] as? Bool == true
                    ? GeoJSONClusterOptions(
                        radius: max(0, FoundationJSON.double(object["clusterRadius"]) ?? 50),
                        maxZoom: integer("clusterMaxZoom", integer("maxzoom", 18, zooms) - 1, 0...(zooms.upperBound - 1)),
                        minPoints: integer("clusterMinPoints", 2, 2...Int(Int32.max)))
                    : nil,
                lineMetrics: type == "geojson" && object["lineMetrics"] as? Bool == true,
                demEncoding: DEMEncoding(source: object))
        }
        self.sources = sources
    }
}

struct RenderStyleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
