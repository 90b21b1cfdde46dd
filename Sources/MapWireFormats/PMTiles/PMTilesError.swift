/// Why a PMTiles archive could not be read. Every message names the archive (its path or URL).
public enum PMTilesError: Error, Equatable, CustomStringConvertible {
    case fileNotFound(path: String)
    /// The first bytes are not "PMTiles".
    case notPMTiles(name: String)
    case unsupportedVersion(name: String, version: Int)
    case unsupportedCompression(name: String, what: String, code: UInt8)
    case invalidHeader(name: String, detail: String)
    /// A section, directory or tile ends beyond the archive's last byte.
    case pastEnd(name: String, what: String, offset: UInt64, length: UInt64, available: UInt64)
    /// A directory entry points outside the section it must lie in.
    case outsideSection(name: String, what: String, detail: String)
    case tooLarge(name: String, what: String, length: UInt64, limit: Int)
    case corruptDirectory(name: String, what: String, detail: String)
    /// Leaf directories nest deeper than the spec allows: a loop or a broken writer.
    case directoryTooDeep(name: String, depth: Int)
    case corruptData(name: String, what: String, detail: String)
    case invalidMetadata(name: String, detail: String)
    case readFailed(name: String, detail: String)
    /// A remote archive's bytes could not be fetched: `reason` is the loader's documented error reason
    /// (`connection`, `server`, `rate-limit`, …), kept so the core retries as it would the resource itself.
    case unreachable(name: String, reason: String, detail: String, retryAfterMilliseconds: UInt32?)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "PMTiles file not found: \(path)"
        case .notPMTiles(let name):
            "\(name) is not a PMTiles archive: it does not start with \"PMTiles\""
        case .unsupportedVersion(let name, let version):
            "\(name) is a PMTiles version \(version) archive; only version 3 is read (convert it with `pmtiles convert`)"
        case .unsupportedCompression(let name, let what, let code):
            "\(name): \(what) use compression \(PMTilesCompression(code: code)), which this reader does not support (only gzip and none)"
        case .invalidHeader(let name, let detail):
            "PMTiles archive \(name) has an invalid header: \(detail)"
        case .pastEnd(let name, let what, let offset, let length, let available):
            "PMTiles archive \(name) is truncated or corrupt: the \(what) at bytes \(offset)..<\(offset &+ length) "
                + "lies past the end (only \(available) of its \(length) bytes exist)"
        case .outsideSection(let name, let what, let detail):
            "PMTiles archive \(name) is corrupt: the \(what) \(detail)"
        case .tooLarge(let name, let what, let length, let limit):
            "PMTiles archive \(name): the \(what) claims \(length) bytes, more than the limit of \(limit)"
        case .corruptDirectory(let name, let what, let detail):
            "PMTiles archive \(name) has a corrupt \(what): \(detail)"
        case .directoryTooDeep(let name, let depth):
            "PMTiles archive \(name) is corrupt: leaf directories nest more than \(depth) levels deep (a directory loop)"
        case .corruptData(let name, let what, let detail):
            "PMTiles archive \(name): the \(what) cannot be decompressed: \(detail)"
        case .invalidMetadata(let name, let detail):
            "PMTiles archive \(name) has invalid metadata: \(detail)"
        case .readFailed(let name, let detail):
            "reading PMTiles archive \(name) failed: \(detail)"
        case .unreachable(let name, _, let detail, _):
            "PMTiles archive \(name) could not be fetched: \(detail)"
        }
    }
}
