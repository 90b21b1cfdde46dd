import Foundation
import Testing
@testable import MapWireFormats

@Suite struct MBTilesRoundTripTests {
    @Test func writerAndReaderAgreeOnXYZCoordinatesAndCompression() throws {
        let path = TemporaryFiles.path("roundtrip.mbtiles")
        defer { TemporaryFiles.remove(path) }
        let tile = Data([0x1a, 0x03, 0x0a, 0x01, 0x61])  // a tiny, uncompressed protobuf
        do {
            let writer = try MBTilesWriter(path: path, format: .pbf)
            try writer.inTransaction {
                try writer.setMetadata("name", "round trip")
                try writer.setMetadata("minzoom", "0")
                try writer.setMetadata("maxzoom", "3")
                try writer.setMetadata("bounds", "-10,-20,30,40")
                try writer.putTile(z: 3, x: 1, y: 2, data: tile)
            }
        }

        // Stored as TMS row 2^3-1-2 = 5, gzipped.
        let raw = try SQLiteDatabase(path: path, mode: .readOnly)
        let row = try raw.prepare("SELECT tile_row, tile_data FROM tiles WHERE zoom_level = 3 AND tile_column = 1")
        #expect(try row.step())
        #expect(row.int(0) == 5)
        #expect(Gzip.isCompressed(try #require(row.blob(1))))

        let reader = try MBTilesReader(path: path)
        #expect(reader.format == .pbf)
        #expect(try reader.tile(z: 3, x: 1, y: 2) == tile)
        #expect(try reader.tile(z: 3, x: 1, y: 5) == nil)
        #expect(try reader.tile(z: 3, x: 9, y: 0) == nil)
        #expect(reader.metadata()["name"] == "round trip")
    }

    /// Inflated tiles are kept by the bytes they came from (InflatedTiles.swift): a tile rewritten while
    /// the reader is open is read as it is now, never as it was inflated before.
    @Test func aTileRewrittenWhileTheReaderIsOpenIsReadAsItIsNow() throws {
        let path = TemporaryFiles.path("rewritten.mbtiles")
        defer { TemporaryFiles.remove(path) }
        let first = Data(repeating: 0x61, count: 2000), second = Data(repeating: 0x62, count: 2000)
        let writer = try MBTilesWriter(path: path, format: .pbf)
        try writer.putTile(z: 2, x: 1, y: 1, data: first)
        let reader = try MBTilesReader(path: path)
        #expect(try reader.tile(z: 2, x: 1, y: 1) == first)
        #expect(try reader.tile(z: 2, x: 1, y: 1) == first)
        #expect(reader.inflatedCount == 1)
        try writer.putTile(z: 2, x: 1, y: 1, data: second)
        #expect(try reader.tile(z: 2, x: 1, y: 1) == second)
        #expect(try reader.tile(z: 2, x: 1, y: 2) == nil)
    }

    @Test func tileJSONDerivesCenterAndUsesTemplate() throws {
        let path = TemporaryFiles.path("tilejson.mbtiles")
        defer { TemporaryFiles.remove(path) }
        do {
            let writer = try MBTilesWriter(path: path, format: .png)
            try writer.setMetadata("name", "raster")
            try writer.setMetadata("bounds", "-10,-20,30,40")
            try writer.setMetadata("minzoom", "2")
            try writer.setMetadata("maxzoom", "7")
            try writer.putTile(z: 0, x: 0, y: 0, data: Data([0x89, 0x50, 0x4E, 0x47]))
        }
        let json = try TileJSON.parse(MBTilesReader(path: path).tileJSON(tilesTemplate: "http://x/{z}/{x}/{y}.png"))
        #expect(json["tilejson"] as? String == "3.0.0")
        #expect(json["scheme"] as? String == "xyz")
        #expect(json["format"] as? String == "png")
        #expect(json["tiles"] as? [String] == ["http://x/{z}/{x}/{y}.png"])
        #expect(json["center"] as? [Double] == [10, 10, 4])
        #expect(json["vector_layers"] == nil)
    }

    @Test func missingFileAndNonSQLiteFileGiveClearErrors() throws {
        let missing = TemporaryFiles.path("missing.mbtiles")
        #expect(throws: MBTilesError.fileNotFound(path: missing)) { try MBTilesReader(path: missing) }

        let text = TemporaryFiles.path("text.mbtiles")
        defer { TemporaryFiles.remove(text) }
        try Data(String(repeating: "not a database at all\n", count: 100).utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: MBTilesError.notSQLiteDatabase(path: text)) { try MBTilesReader(path: text) }
        #expect(MBTilesError.notSQLiteDatabase(path: text).description.contains(text))
    }

    @Test func truncatedGzipTileIsReportedNotCrashed() throws {
        let path = TemporaryFiles.path("broken-tile.mbtiles")
        defer { TemporaryFiles.remove(path) }
        let gzipped = Gzip.compress(Data(repeating: 7, count: 5000))
        do {
            // Already compressed, so stored as given: half a gzip stream.
            try MBTilesWriter(path: path).putTile(z: 0, x: 0, y: 0, data: gzipped.prefix(gzipped.count / 2))
        }
        let reader = try MBTilesReader(path: path)
        #expect(throws: MBTilesError.corruptTile(path: path, z: 0, x: 0, y: 0, detail: GzipError.truncated.description)) {
            try reader.tile(z: 0, x: 0, y: 0)
        }
    }

    @Test func aNullTileIsAnErrorNotAnEmptyTile() throws {
        let path = TemporaryFiles.path("null-tile.mbtiles")
        defer { TemporaryFiles.remove(path) }
        do {
            try MBTilesWriter(path: path).putTile(z: 0, x: 0, y: 0, data: Data([1]))
            try SQLiteDatabase(path: path, mode: .readWriteCreate).execute("UPDATE tiles SET tile_data = NULL")
        }
        let reader = try MBTilesReader(path: path)
        #expect(throws: MBTilesError.nullTile(path: path, z: 0, x: 0, y: 0)) { try reader.tile(z: 0, x: 0, y: 0) }
        #expect(MBTilesError.nullTile(path: path, z: 0, x: 0, y: 0).description == "tile data is NULL in \(path) for tile 0/0/0")
        // A row that is not there is still an empty tile of a sparse set.
        #expect(try reader.tile(z: 1, x: 0, y: 0) == nil)
    }

    @Test func unknownFormatIsRejected() throws {
        let path = TemporaryFiles.path("format.mbtiles")
        defer { TemporaryFiles.remove(path) }
        do {
            let writer = try MBTilesWriter(path: path)
            try writer.setMetadata("format", "tiff")
        }
        #expect(throws: MBTilesError.unsupportedFormat(path: path, format: "tiff")) { try MBTilesReader(path: path) }
    }
}

enum TileJSON {
    static func parse(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
