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
        switch ImageFormat(sniffing: tile) {
        case .png: self = .png
        case .jpeg: self = .jpg
        case .webp: self = .webp
        case nil:
            guard Gzip.isCompressed(tile) else { return nil }
            self = .pbf  // Only vector tiles are stored compressed.
        }
    }

    var isVector: Bool { self == .pbf }
}
