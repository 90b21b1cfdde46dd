import Foundation

/// Reads tiles and metadata from an MBTiles file (SQLite with `metadata` and `tiles`).
///
/// Everything that can be checked up front (file exists, is SQLite, has both tables, has a known
/// format) is checked in `init`, so a bad file fails there with a message naming the problem.
public final class MBTilesReader: @unchecked Sendable {
    // @unchecked Sendable: the only mutable state is the SQLite connection, its prepared statement
    // and `inflated`, and every use of them happens while holding `lock`. The rest is immutable.
    public let path: String
    public let format: MBTilesFormat
    private let metadataValues: [String: String]
    private let database: SQLiteDatabase
    private let tileQuery: SQLiteStatement
    private let lock = NSLock()
    /// Tiles inflated recently, by the stored bytes they came from (InflatedTiles.swift); under `lock`.
    private var inflated = InflatedTiles()

    public init(path: String) throws(MBTilesError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        do {
            database = try SQLiteDatabase(path: path, mode: .readOnly)
            try Self.requireTables(in: database, path: path)
            metadataValues = try Self.readMetadata(from: database)
            format = try Self.detectFormat(metadata: metadataValues, database: database, path: path)
            tileQuery = try database.prepare(
                "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3")
        } catch let error as SQLiteError {
            throw Self.classify(error, path: path)
        } catch let error as MBTilesError {
            throw error
        } catch {
            throw .queryFailed(path: path, detail: "\(error)")
        }
    }

    /// All metadata rows (name → value), read once at open.
    public func metadata() -> [String: String] { metadataValues }

    /// The tile at XYZ coordinates, uncompressed (gzip/zlib blobs are inflated), or nil if absent.
    /// A row whose `tile_data` is NULL throws `.nullTile`: only a missing row is an empty tile.
    public func tile(z: Int, x: Int, y: Int) throws(MBTilesError) -> Data? {
        guard TMSRow.isValid(z: z, x: x, y: y) else { return nil }
        let row: Data??
        do {
            row = try locked { () throws(SQLiteError) -> Data?? in
                defer { tileQuery.reset() }
                try tileQuery.bind(1, int: Int64(z))
                try tileQuery.bind(2, int: Int64(x))
                try tileQuery.bind(3, int: Int64(TMSRow.flip(z: z, y: y)))
                guard try tileQuery.step() else { return .none }
                return .some(tileQuery.blob(0))
            }
        } catch {
            throw Self.classify(error, path: path)
        }
        guard let row else { return nil }
        guard let stored = row else { throw .nullTile(path: path, z: z, x: x, y: y) }
        guard Gzip.isCompressed(stored) else { return stored }
        let key = InflatedTiles.Key(z: z, x: x, y: y)
        if let tile = withLock({ inflated.tile(key, stored: stored) }) { return tile }
        do {
            let tile = try Gzip.decompress(stored)
            withLock { inflated.keep(tile, for: key, stored: stored) }
            return tile
        } catch {
            throw .corruptTile(path: path, z: z, x: x, y: y, detail: error.description)
        }
    }

    /// TileJSON 3.0.0 describing this file, serving tiles from `tilesTemplate` ({z}/{x}/{y} URL).
    public func tileJSON(tilesTemplate: String) throws(MBTilesError) -> Data {
        let zooms = try zoomRangeFromTilesIfNeeded()
        return try TileJSONBuilder(
            path: path, metadata: metadataValues, format: format, fallbackZooms: zooms
        ).json(tilesTemplate: tilesTemplate)
    }

    /// Only queried when metadata lacks min/maxzoom; TileJSON needs both.
    private func zoomRangeFromTilesIfNeeded() throws(MBTilesError) -> ClosedRange<Int>? {
        guard metadataValues["minzoom"] == nil || metadataValues["maxzoom"] == nil else { return nil }
        do {
            return try locked { () throws(SQLiteError) -> ClosedRange<Int>? in
                let query = try database.prepare("SELECT min(zoom_level), max(zoom_level) FROM tiles")
                guard try query.step(), !query.isNull(0), !query.isNull(1) else { return nil }
                let low = Int(query.int(0)), high = Int(query.int(1))
                return low <= high ? low...high : nil
            }
        } catch {
            throw Self.classify(error, path: path)
        }
    }

    /// NSLock.withLock loses the typed error, hence this small wrapper.
    private func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Tiles kept inflated now (tests).
    var inflatedCount: Int { withLock { inflated.count } }

    private func locked<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private static func requireTables(in database: SQLiteDatabase, path: String) throws -> Void {
        let query = try database.prepare(
            "SELECT name, type FROM sqlite_master WHERE name IN ('tiles', 'metadata') AND type IN ('table', 'view')")
        var names = Set<String>()
        while try query.step() {
            if let name = query.text(0) { names.insert(name) }
        }
        guard names.contains("tiles") else { throw MBTilesError.missingTilesTable(path: path) }
        guard names.contains("metadata") else { throw MBTilesError.missingMetadataTable(path: path) }
    }

    private static func readMetadata(from database: SQLiteDatabase) throws(SQLiteError) -> [String: String] {
        let query = try database.prepare("SELECT name, value FROM metadata")
        var values: [String: String] = [:]
        while try query.step() {
            if let name = query.text(0), let value = query.text(1) { values[name] = value }
        }
        return values
    }

    private static func detectFormat(metadata: [String: String], database: SQLiteDatabase, path: String) throws -> MBTilesFormat {
        if let declared = metadata["format"] {
            guard let format = MBTilesFormat(metadataValue: declared) else {
                throw MBTilesError.unsupportedFormat(path: path, format: declared)
            }
            return format
        }
        // Older files (e.g. from TileMill) omit `format`; the tiles themselves say what they are.
        let query = try database.prepare("SELECT tile_data FROM tiles LIMIT 1")
        guard try query.step(), let sample = query.blob(0), let format = MBTilesFormat(sniffing: sample) else {
            throw MBTilesError.undetectableFormat(path: path)
        }
        return format
    }

    private static func classify(_ error: SQLiteError, path: String) -> MBTilesError {
        if error.isNotADatabase { return .notSQLiteDatabase(path: path) }
        if error.isCorrupt { return .corruptDatabase(path: path, detail: error.message) }
        return .queryFailed(path: path, detail: error.description)
    }
}
