import Foundation
import Testing
import MapWireFormats

/// The MBTiles files in the shared fixtures, good and broken (checked with the sqlite3 CLI first).
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
struct MBTilesFixtureTests {
    @Test func worldCitiesServesGunzippedVectorTilesAndTileJSON() throws {
        let reader = try MBTilesReader(path: SharedFixtures.mbtiles("world_cities.mbtiles"))
        #expect(reader.format == .pbf)
        #expect(reader.metadata()["generator"] == "tippecanoe v1.32.5")

        let json = try TileJSON.parse(reader.tileJSON(tilesTemplate: "mbtiles://cities/{z}/{x}/{y}"))
        #expect(json["minzoom"] as? Int == 0)
        #expect(json["maxzoom"] as? Int == 6)
        #expect(json["center"] as? [Double] == [-75.9375, 38.788894, 6])
        #expect(json["bounds"] as? [Double] == [-123.12359, -37.818085, 174.763027, 59.352706])
        let layers = try #require(json["vector_layers"] as? [[String: Any]])
        #expect(layers.map { $0["id"] as? String } == ["cities"])

        // Stored gzipped (1f 8b); returned inflated: a Tile message starts with field 3 (layers), 0x1a.
        let tile = try #require(try reader.tile(z: 0, x: 0, y: 0))
        #expect(!Gzip.isCompressed(tile))
        #expect(tile.first == 0x1a)
        #expect(tile.count > 1107)
        // The layer's name field (0x0a, length 6, "cities") follows the layer's length prefix.
        #expect(tile.range(of: Data([0x0a, 0x06]) + Data("cities".utf8)) != nil)
        // XYZ row 0 at z1 is TMS row 1, which exists in the file.
        #expect(try reader.tile(z: 1, x: 0, y: 0) != nil)
        #expect(try reader.tile(z: 7, x: 0, y: 0) == nil)
    }

    @Test func geographyClassServesPNGTilesThroughItsView() throws {
        // No `format` metadata: detected from the PNG signature of the tiles.
        let reader = try MBTilesReader(path: SharedFixtures.mbtiles("geography-class-png.mbtiles"))
        #expect(reader.format == .png)
        let tile = try #require(try reader.tile(z: 1, x: 1, y: 0))
        let image = try ImageDecoder.decode(tile)
        #expect(image.width == 256 && image.height == 256)
        let json = try TileJSON.parse(reader.tileJSON(tilesTemplate: "t/{z}/{x}/{y}.png"))
        #expect(json["format"] as? String == "png")
        #expect(json["center"] as? [Double] == [0, 20, 0])
        #expect(json["attribution"] == nil)  // present but empty in the file
    }

    @Test func invalidHasNeitherTable() {
        // An empty but valid SQLite database: no tables at all.
        let path = SharedFixtures.mbtiles("invalid.mbtiles")
        #expect(throws: MBTilesError.missingTilesTable(path: path)) { try MBTilesReader(path: path) }
        #expect(MBTilesError.missingTilesTable(path: path).description.contains("no `tiles` table"))
    }

    @Test func invalidTileFormatIsNotDetectable() {
        // No `format` metadata and every tile is 64 KiB of 0xFF bytes.
        let path = SharedFixtures.mbtiles("invalid-tile-format.mbtiles")
        #expect(throws: MBTilesError.undetectableFormat(path: path)) { try MBTilesReader(path: path) }
    }

    @Test func missingCenterIsDerivedFromBoundsAndZooms() throws {
        let reader = try MBTilesReader(path: SharedFixtures.mbtiles("world_cities_missing_center.mbtiles"))
        #expect(reader.metadata()["center"] == nil)
        let json = try TileJSON.parse(reader.tileJSON(tilesTemplate: "t/{z}/{x}/{y}"))
        let center = try #require(json["center"] as? [Double])
        #expect(abs(center[0] - (-123.123590 + 174.763027) / 2) < 1e-9)
        #expect(abs(center[1] - (-37.818085 + 59.352706) / 2) < 1e-9)
        #expect(center[2] == 3)
    }

    @Test func corruptDatabaseFailsAtOpenWithSQLiteReason() {
        // sqlite3 reports "database disk image is malformed" for every query on this file.
        let path = SharedFixtures.mbtiles("corrupt.mbtiles")
        #expect {
            try MBTilesReader(path: path)
        } throws: { error in
            guard case .corruptDatabase(path, let detail) = error as? MBTilesError else { return false }
            return detail.contains("malformed")
        }
    }
}
