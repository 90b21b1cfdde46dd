import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireRenderer
import MapWireServe
import MapWireServeInput
import MapWireVectorTile

/// The limit of `mapwire serve` per core: the renderer in this process drawing the same 256 px tiles as
/// the server's renderers do (the view with its margin at the engine's zoom, encoded as PNG), with no
/// HTTP, no bus and no core; and apart, what the server adds per tile (the margin cropped, PNG again).
/// Each fixture tile is decoded once, as a renderer plugin keeps it.
struct ServeRendererLimit {
    let fixtures: URL
    let sprite: URL?

    struct Result {
        /// Tiles a renderer draws per second on one core: drawn and encoded, as the plugin does.
        var perSecond: Double
        var p50: Double
        var p99: Double
        /// What the server adds per tile, on another core: the margin cropped and the PNG made again.
        var cropP50: Double
    }

    func run(paths: [String]) throws -> Result {
        let style = try Data(contentsOf: fixtures.appendingPathComponent("styles/bright-v9.json"))
        var glyphs = GlyphStore()
        for font in ["Open Sans Regular", "Open Sans Semibold", "Open Sans Bold", "Open Sans Italic"] {
            guard let data = try? Data(contentsOf: fixtures.appendingPathComponent("glyphs/\(font)/0-255.pbf")) else { continue }
            for fallback in ["Arial Unicode MS Regular", "Arial Unicode MS Bold"] { try glyphs.add(fontStack: [font, fallback], rangePBF: data) }
        }
        let atlas = try sprite.map { base in
            try SpriteAtlas(image: CanvasImage(encoded: Data(contentsOf: base.appendingPathExtension("png"))),
                            indexJSON: Data(contentsOf: base.appendingPathExtension("json")))
        }
        let renderer = MapRenderer()
        var decoded: [CanonicalTileID: VectorTileData] = [:]
        var times: [Double] = []
        var crops: [Double] = []
        for path in paths {
            guard case .tile(let tile) = try ServeRoute.parse(path: path, query: [], maxSize: 2048) else { continue }
            let t0 = DispatchTime.now().uptimeNanoseconds
            let view = ViewGeometry.view(for: tile)
            let camera = Camera(center: LngLat(longitude: view.longitude, latitude: view.latitude), zoom: view.zoom)
            let size = ViewportSize(width: view.width, height: view.height)
            var tiles: [CanonicalTileID: VectorTileData] = [:]
            for id in TileCover.tiles(for: Transform(camera: camera, size: size), tileSize: 512, minZoom: 0, maxZoom: 14, roundZoom: false) {
                if let known = decoded[id] { tiles[id] = known; continue }
                let file = fixtures.appendingPathComponent("tiles/streets-v7/chicago/\(id.z)-\(id.x)-\(id.y).mvt")
                guard let data = try? Data(contentsOf: file) else { continue }
                decoded[id] = try MVTDecoder.decode(data)
                tiles[id] = decoded[id]
            }
            let scene = RenderScene(styleJSON: style, camera: camera, size: size, pixelRatio: view.pixelRatio,
                                    sources: ["mapbox": .vector(tiles)], sprite: atlas, glyphs: glyphs)
            let png = try renderer.render(scene).canvas.pngData()
            let t1 = DispatchTime.now().uptimeNanoseconds
            times.append(Double(t1 - t0) / 1e6)
            _ = try ImageCrop.finish(png: png, margin: view.cropMargin, width: view.outputWidth, height: view.outputHeight, format: tile.format)
            crops.append(Double(DispatchTime.now().uptimeNanoseconds - t1) / 1e6)
        }
        let sorted = times.sorted(), cropped = crops.sorted()
        let pick = { (values: [Double], q: Double) in values.isEmpty ? 0 : values[min(values.count - 1, Int(Double(values.count) * q))] }
        return Result(perSecond: Double(times.count) / max(times.reduce(0, +) / 1000, 1e-9), p50: pick(sorted, 0.5), p99: pick(sorted, 0.99),
                      cropP50: pick(cropped, 0.5))
    }
}
