import Foundation

/// The raster image formats MapWire decodes, each known by its first bytes.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    case png, jpeg, webp

    /// The format whose signature `data` starts with; nil for anything else.
    public init?(sniffing data: Data) {
        let bytes = [UInt8](data.prefix(12))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// The name people write: PNG, JPEG, WebP.
    public var description: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        }
    }
}
