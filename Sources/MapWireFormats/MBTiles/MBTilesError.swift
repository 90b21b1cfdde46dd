/// Why an MBTiles file could not be opened or read. Every message names the file.
public enum MBTilesError: Error, Equatable, CustomStringConvertible {
    case fileNotFound(path: String)
    case notSQLiteDatabase(path: String)
    case corruptDatabase(path: String, detail: String)
    case missingTilesTable(path: String)
    case missingMetadataTable(path: String)
    case unsupportedFormat(path: String, format: String)
    /// No `format` metadata, and the first tile's bytes match no known format.
    case undetectableFormat(path: String)
    case invalidMetadata(path: String, name: String, detail: String)
    case corruptTile(path: String, z: Int, x: Int, y: Int, detail: String)
    /// The tile's row exists but its `tile_data` is NULL: a broken file, not an empty tile.
    case nullTile(path: String, z: Int, x: Int, y: Int)
    case queryFailed(path: String, detail: String)
    case writeFailed(path: String, detail: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "MBTiles file not found: \(path)"
        case .notSQLiteDatabase(let path):
            "\(path) is not an MBTiles file: it is not an SQLite database"
        case .corruptDatabase(let path, let detail):
            "MBTiles file \(path) is corrupt: \(detail)"
        case .missingTilesTable(let path):
            "\(path) is not an MBTiles file: it has no `tiles` table or view"
        case .missingMetadataTable(let path):
            "\(path) is not an MBTiles file: it has no `metadata` table"
        case .unsupportedFormat(let path, let format):
            "MBTiles file \(path) declares tile format '\(format)', which is not supported (known: pbf, png, jpg, jpeg, webp)"
        case .undetectableFormat(let path):
            "MBTiles file \(path) has no `format` metadata and its tiles are not pbf, png, jpg or webp"
        case .invalidMetadata(let path, let name, let detail):
            "MBTiles file \(path) has invalid metadata '\(name)': \(detail)"
        case .corruptTile(let path, let z, let x, let y, let detail):
            "tile \(z)/\(x)/\(y) in \(path) is corrupt: \(detail)"
        case .nullTile(let path, let z, let x, let y):
            "tile data is NULL in \(path) for tile \(z)/\(x)/\(y)"
        case .queryFailed(let path, let detail):
            "reading MBTiles file \(path) failed: \(detail)"
        case .writeFailed(let path, let detail):
            "writing MBTiles file \(path) failed: \(detail)"
        }
    }
}
