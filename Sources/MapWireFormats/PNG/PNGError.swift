/// Why bytes could not be decoded as a PNG this decoder supports.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    case notPNG
    case truncated
    case badChecksum(chunk: String)
    case missingChunk(String)
    case invalidHeader(String)
    /// Valid PNG, but a variant this decoder does not handle (16-bit, interlaced...).
    case unsupported(String)
    case corruptImageData(String)

    public var description: String {
        switch self {
        case .notPNG: "not a PNG file: the 8-byte PNG signature is missing"
        case .truncated: "PNG data is truncated"
        case .badChecksum(let chunk): "PNG chunk \(chunk) has a wrong CRC"
        case .missingChunk(let chunk): "PNG has no \(chunk) chunk"
        case .invalidHeader(let reason): "PNG header is invalid: \(reason)"
        case .unsupported(let reason): "unsupported PNG: \(reason)"
        case .corruptImageData(let reason): "PNG image data is corrupt: \(reason)"
        }
    }
}
