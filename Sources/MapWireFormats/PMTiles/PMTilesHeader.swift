import Foundation

/// Compression codes of the PMTiles v3 header (for directories and metadata, and for tiles).
public enum PMTilesCompression: Sendable, Equatable, CustomStringConvertible {
    case unknown, none, gzip, brotli, zstd
    case other(UInt8)

    public init(code: UInt8) {
        switch code {
        case 0: self = .unknown
        case 1: self = .none
        case 2: self = .gzip
        case 3: self = .brotli
        case 4: self = .zstd
        default: self = .other(code)
        }
    }

    public var code: UInt8 {
        switch self {
        case .unknown: 0
        case .none: 1
        case .gzip: 2
        case .brotli: 3
        case .zstd: 4
        case .other(let code): code
        }
    }

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .none: "none"
        case .gzip: "gzip"
        case .brotli: "brotli"
        case .zstd: "zstd"
        case .other(let code): "\(code) (not in the spec)"
        }
    }
}

/// Tile types of the PMTiles v3 header.
public enum PMTilesTileType: UInt8, Sendable, Equatable {
    case unknown = 0, mvt = 1, png = 2, jpeg = 3, webp = 4, avif = 5, mlt = 6

    /// The TileJSON `format` spelling.
    var format: String {
        switch self {
        case .unknown: "unknown"
        case .mvt: "pbf"
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        case .avif: "avif"
        case .mlt: "mlt"
        }
    }
}

/// The fixed 127-byte header at the start of every PMTiles v3 archive (little-endian).
public struct PMTilesHeader: Sendable, Equatable {
    public static let length = 127

    public var rootOffset: UInt64, rootLength: UInt64
    public var metadataOffset: UInt64, metadataLength: UInt64
    public var leafDirectoryOffset: UInt64, leafDirectoryLength: UInt64
    public var tileDataOffset: UInt64, tileDataLength: UInt64
    public var addressedTilesCount: UInt64, tileEntriesCount: UInt64, tileContentsCount: UInt64
    public var clustered: Bool
    public var internalCompression: PMTilesCompression
    public var tileCompression: PMTilesCompression
    /// Nil for a type code the spec does not list.
    public var tileType: PMTilesTileType?
    public var minZoom: Int, maxZoom: Int
    public var minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double
    public var centerZoom: Int
    public var centerLongitude: Double, centerLatitude: Double

    /// Parses the first bytes of an archive (at least 127). `name` goes into the errors.
    public init(parsing data: Data, name: String) throws(PMTilesError) {
        let bytes = [UInt8](data.prefix(Self.length))
        // Version 1 and 2 archives start with "PM" and a little-endian 16-bit version.
        if bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4D, bytes[2] < 3, bytes[2] > 0, bytes[3] == 0 {
            throw .unsupportedVersion(name: name, version: Int(bytes[2]))
        }
        guard bytes.count >= 7, bytes[0..<7].elementsEqual("PMTiles".utf8) else { throw .notPMTiles(name: name) }
        guard bytes.count == Self.length else {
            throw .pastEnd(name: name, what: "header", offset: 0, length: UInt64(Self.length), available: UInt64(bytes.count))
        }
        guard bytes[7] == 3 else { throw .unsupportedVersion(name: name, version: Int(bytes[7])) }

        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * $1) } }
        func degrees(_ at: Int) -> Double {
            let raw = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
            return Double(Int32(bitPattern: raw)) / 10_000_000
        }
        rootOffset = u64(8); rootLength = u64(16)
        metadataOffset = u64(24); metadataLength = u64(32)
        leafDirectoryOffset = u64(40); leafDirectoryLength = u64(48)
        tileDataOffset = u64(56); tileDataLength = u64(64)
        addressedTilesCount = u64(72); tileEntriesCount = u64(80); tileContentsCount = u64(88)
        clustered = bytes[96] == 1
        internalCompression = PMTilesCompression(code: bytes[97])
        tileCompression = PMTilesCompression(code: bytes[98])
        tileType = PMTilesTileType(rawValue: bytes[99])
        minZoom = Int(bytes[100]); maxZoom = Int(bytes[101])
        minLongitude = degrees(102); minLatitude = degrees(106)
        maxLongitude = degrees(110); maxLatitude = degrees(114)
        centerZoom = Int(bytes[118])
        centerLongitude = degrees(119); centerLatitude = degrees(123)
        try validate(name: name)
    }

    private func validate(name: String) throws(PMTilesError) {
        for (what, offset, length) in [("root directory", rootOffset, rootLength), ("metadata", metadataOffset, metadataLength),
                                       ("leaf directories", leafDirectoryOffset, leafDirectoryLength),
                                       ("tile data", tileDataOffset, tileDataLength)] {
            guard !offset.addingReportingOverflow(length).overflow else {
                throw .invalidHeader(name: name, detail: "the \(what) section (offset \(offset), length \(length)) overflows 64 bits")
            }
        }
        guard rootLength > 0 else { throw .invalidHeader(name: name, detail: "the root directory is empty") }
        guard maxZoom <= 31, minZoom <= maxZoom else {
            throw .invalidHeader(name: name, detail: "zoom range \(minZoom)...\(maxZoom) is not within 0...31")
        }
        switch internalCompression {
        case .none, .gzip: break
        default: throw .unsupportedCompression(name: name, what: "directories and metadata", code: internalCompression.code)
        }
    }
}
