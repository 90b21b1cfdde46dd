import Foundation
import MapWireGeometry

/// Styles and tile folders the tests make themselves (no third-party data).
enum TestStyles {
    static let center = LngLat(longitude: 13.4, latitude: 52.5)

    /// A vector style over a `{z}/{x}/{y}.pbf` folder template.
    static func vectorStyle(tiles template: String, sprite: String? = nil, maxZoom: Int = 14) -> String {
        let spriteLine = sprite.map { "\"sprite\": \"\($0)\"," } ?? ""
        return """
            {"version": 8, "name": "test", \(spriteLine)
             "center": [\(center.longitude), \(center.latitude)], "zoom": 14,
             "sources": {"town": {"type": "vector", "tiles": ["\(template)"], "maxzoom": \(maxZoom)}},
             "layers": [{"id": "bg", "type": "background"},
                        {"id": "roads", "type": "line", "source": "town", "source-layer": "road"}]}
            """
    }

    /// The tiles a 512×512 view at `center`, zoom 14 needs from a 512-px vector source.
    static func coveringTiles(zoom: Double = 14, width: Int = 512, height: Int = 512) -> [CanonicalTileID] {
        TileCover.tiles(for: Transform(camera: Camera(center: center, zoom: zoom), size: ViewportSize(width: width, height: height)),
                        tileSize: 512, minZoom: 0, maxZoom: 14, roundZoom: false)
    }

    /// A vector tile a renderer can draw: one empty layer "road" (version 2, extent 4096), in the Mapbox
    /// Vector Tile specification's protobuf. For a map that must load without a failure (`mapwire up
    /// --exit-when`), where the placeholders below are tiles the renderer cannot use.
    static let drawableTile = Data([0x1A, 0x0B, 0x0A, 0x04, 0x72, 0x6F, 0x61, 0x64, 0x78, 0x02, 0x28, 0x80, 0x20])

    /// Writes small placeholder tiles for `tiles` into `folder/{z}/{x}/{y}.pbf` (the core and loader
    /// pass bytes through without decoding them).
    static func writeTiles(_ tiles: [CanonicalTileID], into folder: URL) throws {
        for tile in tiles {
            let dir = folder.appendingPathComponent("\(tile.z)/\(tile.x)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data("tile \(tile)".utf8).write(to: dir.appendingPathComponent("\(tile.y).pbf"))
        }
    }
}
