import Foundation
import MapWireCanvas
import MapWireDemo
import MapWireFormats
import MapWireGeometry
import MapWireRenderer
import MapWireVectorTile

/// Scenes for the render benchmark, read from files the way the loader would serve them.
enum BenchScenes {
    struct Missing: Error, CustomStringConvertible { let description: String }

    /// bright-v9 over the Chicago streets-v7 tiles of ../shared/fixtures, at zoom 13.
    static func chicago(fixtures: URL, size: ViewportSize) throws -> RenderScene {
        let style = try Data(contentsOf: fixtures.appendingPathComponent("styles/bright-v9.json"))
        let camera = Camera(center: LngLat(longitude: -87.625, latitude: 41.875), zoom: 13)
        let transform = Transform(camera: camera, size: size)
        var tiles: [CanonicalTileID: VectorTileData] = [:]
        for tile in TileCover.tiles(for: transform, tileSize: 512, minZoom: 0, maxZoom: 14, roundZoom: false) {
            let file = fixtures.appendingPathComponent("tiles/streets-v7/chicago/\(tile.z)-\(tile.x)-\(tile.y).mvt")
            guard let data = try? Data(contentsOf: file) else { continue }
            tiles[tile] = try MVTDecoder.decode(data)
        }
        guard !tiles.isEmpty else { throw Missing(description: "no Chicago tiles under \(fixtures.path)") }
        var glyphs = GlyphStore()
        for font in ["Open Sans Regular", "Open Sans Semibold", "Open Sans Bold", "Open Sans Italic"] {
            let range = fixtures.appendingPathComponent("glyphs/\(font)/0-255.pbf")
            guard let data = try? Data(contentsOf: range) else { continue }
            for fallback in ["Arial Unicode MS Regular", "Arial Unicode MS Bold"] {
                try glyphs.add(fontStack: [font, fallback], rangePBF: data)
            }
        }
        return RenderScene(styleJSON: style, camera: camera, size: size, pixelRatio: 1,
                           sources: ["mapbox": .vector(tiles)], sprite: nil, glyphs: glyphs)
    }

    /// The bundled demo town (no shared fixtures needed).
    static func demo(size: ViewportSize) throws -> RenderScene {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mapwire-bench-demo")
        let styleURL = try DemoData.write(to: folder)
        let style = try Data(contentsOf: styleURL)
        let camera = Camera(center: LngLat(longitude: DemoData.center.longitude, latitude: DemoData.center.latitude),
                            zoom: Double(DemoData.defaultZoom))
        let reader = try MBTilesReader(path: folder.appendingPathComponent("town.mbtiles").path)
        var tiles: [CanonicalTileID: VectorTileData] = [:]
        for tile in TileCover.tiles(for: Transform(camera: camera, size: size), tileSize: 512, minZoom: 12, maxZoom: 16, roundZoom: false) {
            if let data = try reader.tile(z: tile.z, x: tile.x, y: tile.y) { tiles[tile] = try MVTDecoder.decode(data) }
        }
        var glyphs = GlyphStore()
        try glyphs.add(fontStack: ["MapWire Sans"], rangePBF: Data(contentsOf: folder.appendingPathComponent("glyphs/MapWire Sans/0-255.pbf")))
        let sprite = try SpriteAtlas(image: CanvasImage(encoded: Data(contentsOf: folder.appendingPathComponent("sprite.png"))),
                                     indexJSON: Data(contentsOf: folder.appendingPathComponent("sprite.json")))
        return RenderScene(styleJSON: style, camera: camera, size: size, pixelRatio: 1,
                           sources: ["town": .vector(tiles)], sprite: sprite, glyphs: glyphs)
    }
}
