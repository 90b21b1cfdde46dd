import Foundation

/// Tile encodings an MBTiles file may declare in its `format` metadata.
public enum MBTilesFormat: String, Sendable, CaseIterable {
    case pbf, png, jpg, webp

    /// Accepts the metadata spelling, including the `jpeg` alias.
    public init?(metadataValue: String) {
        let value = metadataValue.lowercased()
        if value == "jpeg" { self = .jpg } else if let format = Self(rawValue: value) { self = format } else { return nil }
    }

    /// Guesses the format from a tile's first bytes, for older files without `format` metadata.
    public init?(sniffing tile: Data) {
        let bytes = [UInt8](tile.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpg
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else if Gzip.isCompressed(tile) {
            self = .pbf  // Only vector tiles are stored compressed.
        } else {
            return nil
        }
    }

    var isVector: Bool { self == .pbf }
}
