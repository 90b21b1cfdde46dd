import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireStyle

/// `hillshade`: a `raster-dem` source's slopes shaded by light, as GL engines draw them. Each tile's
/// slopes come from its elevations and its neighbours' (SlopeField); each screen pixel reads the
/// slope under it, corrects it for the Mercator stretch at its latitude, and shades it with
/// `hillshade-method` (HillshadeShading) from `hillshade-illumination-direction` (turned with the map
/// when anchored to the viewport), `-altitude`, the shadow, highlight and accent colours and
/// `hillshade-exaggeration`. `resampling: nearest` reads each DEM pixel's slope unmixed.
enum HillshadePainter {
    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        guard let dem = context.demTiles(for: layer) else { return }
        let shading = shading(layer, context)
        // Past the source's maxzoom its tiles are drawn at the zoom the view asks for (GL's overscaled zoom).
        let viewZoom = TileCover.coveringZoom(cameraZoom: context.zoom, tileSize: dem.source.tileSize, roundZoom: true)
        let nearest = layer.string("resampling", context.evaluation(), "linear") == "nearest"
        var latitudes: [CanonicalTileID: (top: Double, bottom: Double)] = [:]
        var fields: [CanonicalTileID: SlopeField] = [:]
        var pixels = context.canvas.makePixelLayer()
        dem.tiles.forEachPixel(context) { sample in
            let field: SlopeField
            if let known = fields[sample.tile] {
                field = known
            } else {
                let zoom = sample.tile.z >= dem.source.maxZoom ? max(viewZoom, sample.tile.z) : sample.tile.z
                field = context.dem.slopes(of: dem.id, tile: sample.tile, dem: sample.dem, zoom: Double(zoom))
                fields[sample.tile] = field
                latitudes[sample.tile] = latitudeRange(sample.tile)
            }
            let range = latitudes[sample.tile]!
            // Slopes are measured in Mercator pixels, which shrink on the ground by cos(latitude).
            let latitude = range.top * (1 - sample.v) + range.bottom * sample.v
            let stretch = cos(latitude * .pi / 180)
            let slope = field.slope(u: sample.u, v: sample.v, nearest: nearest)
            let c = shading.color(dx: slope.dx / stretch, dy: slope.dy / stretch)
            pixels.set(sample.x, sample.y, r: c.r, g: c.g, b: c.b, a: c.a)
        }
        context.canvas.composite(pixels)
    }

    /// The layer's lighting. The light lists (directions, altitudes, shadow and highlight colours)
    /// are made as long as the longest by repeating their last entry, as GL does.
    static func shading(_ layer: RenderLayer, _ context: PaintContext) -> HillshadeShading {
        let eval = context.evaluation()
        var directions = layer.numbers("hillshade-illumination-direction", eval, [335])
        var altitudes = layer.numbers("hillshade-illumination-altitude", eval, [45])
        var shadows = layer.colors("hillshade-shadow-color", eval, [.black])
        var highlights = layer.colors("hillshade-highlight-color", eval, [.white])
        if directions.isEmpty { directions = [335] }
        if altitudes.isEmpty { altitudes = [45] }
        if shadows.isEmpty { shadows = [.black] }
        if highlights.isEmpty { highlights = [.white] }
        let count = max(directions.count, altitudes.count, shadows.count, highlights.count)
        // Anchored to the viewport, the light turns with the map's bearing.
        let turn = layer.string("hillshade-illumination-anchor", eval, "viewport") == "viewport" ? context.bearingRadians : 0
        let lights = (0..<count).map { i in
            HillshadeShading.Light(
                azimuth: directions[min(i, directions.count - 1)] * .pi / 180 + turn,
                altitude: altitudes[min(i, altitudes.count - 1)] * .pi / 180,
                shadow: PremultipliedColor(shadows[min(i, shadows.count - 1)]),
                highlight: PremultipliedColor(highlights[min(i, highlights.count - 1)]))
        }
        return HillshadeShading(
            method: HillshadeShading.Method(rawValue: layer.string("hillshade-method", eval, "standard")) ?? .standard,
            exaggeration: layer.number("hillshade-exaggeration", eval, 0.5),
            accent: PremultipliedColor(layer.color("hillshade-accent-color", eval, .black)), lights: lights)
    }

    /// The latitudes of a tile's top and bottom edges.
    static func latitudeRange(_ tile: CanonicalTileID) -> (top: Double, bottom: Double) {
        let z = Double(tile.z)
        return (WebMercator.unproject(x: 0, y: Double(tile.y) * WebMercator.tileSize, zoom: z).latitude,
                WebMercator.unproject(x: 0, y: Double(tile.y + 1) * WebMercator.tileSize, zoom: z).latitude)
    }
}
