import Foundation

/// Creates (or extends) an MBTiles file. Confined to one thread, like the SQLite connection it owns.
public final class MBTilesWriter {
    public let path: String
    public let format: MBTilesFormat
    private let database: SQLiteDatabase
    private let insertTile: SQLiteStatement
    private let insertMetadata: SQLiteStatement

    /// Opens or creates `path`, creates the schema if missing, and records `format` in metadata.
    public init(path: String, format: MBTilesFormat = .pbf) throws(MBTilesError) {
        self.path = path
        self.format = format
        do {
            database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
            try database.execute("""
                CREATE TABLE IF NOT EXISTS metadata (name TEXT, value TEXT);
                CREATE UNIQUE INDEX IF NOT EXISTS metadata_name ON metadata (name);
                CREATE TABLE IF NOT EXISTS tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
                CREATE UNIQUE INDEX IF NOT EXISTS tile_index ON tiles (zoom_level, tile_column, tile_row);
                """)
            insertTile = try database.prepare(
                "INSERT OR REPLACE INTO tiles (zoom_level, tile_column, tile_row, tile_data) VALUES (?1, ?2, ?3, ?4)")
            insertMetadata = try database.prepare("INSERT OR REPLACE INTO metadata (name, value) VALUES (?1, ?2)")
        } catch {
            throw .writeFailed(path: path, detail: error.description)
        }
        try setMetadata("format", format.rawValue)
    }

    public func setMetadata(_ name: String, _ value: String) throws(MBTilesError) {
        do {
            defer { insertMetadata.reset() }
            try insertMetadata.bind(1, text: name)
            try insertMetadata.bind(2, text: value)
            try insertMetadata.step()
        } catch {
            throw .writeFailed(path: path, detail: error.description)
        }
    }

    /// Stores a tile given in XYZ coordinates (written as a TMS row). Vector tiles are gzipped
    /// unless already compressed, as in MBTiles files made by other tools.
    public func putTile(z: Int, x: Int, y: Int, data: Data) throws(MBTilesError) {
        guard TMSRow.isValid(z: z, x: x, y: y) else {
            throw .writeFailed(path: path, detail: "tile \(z)/\(x)/\(y) is outside the tile grid")
        }
        let stored = format.isVector && !Gzip.isCompressed(data) ? Gzip.compress(data) : data
        do {
            defer { insertTile.reset() }
            try insertTile.bind(1, int: Int64(z))
            try insertTile.bind(2, int: Int64(x))
            try insertTile.bind(3, int: Int64(TMSRow.flip(z: z, y: y)))
            try insertTile.bind(4, blob: stored)
            try insertTile.step()
        } catch {
            throw .writeFailed(path: path, detail: error.description)
        }
    }

    /// Groups writes into one transaction: far faster than one implicit transaction per tile.
    public func inTransaction(_ body: () throws -> Void) throws {
        try database.transaction(body)
    }
}
