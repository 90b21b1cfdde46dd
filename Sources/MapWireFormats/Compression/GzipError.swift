/// Why compressed input could not be inflated.
public enum GzipError: Error, Equatable, CustomStringConvertible {
    /// The stream ended before zlib saw its end marker.
    case truncated
    /// zlib rejected the bytes (bad header, bad checksum, invalid block...).
    case corrupt(String)
    /// Inflating would exceed the caller's output limit (protects against decompression bombs).
    case outputTooLarge(limit: Int)
    /// zlib could not allocate its working memory.
    case outOfMemory

    public var description: String {
        switch self {
        case .truncated: "compressed data is truncated: the stream ends before its end marker"
        case .corrupt(let reason): "compressed data is corrupt: \(reason)"
        case .outputTooLarge(let limit): "decompressed data would exceed the limit of \(limit) bytes"
        case .outOfMemory: "zlib ran out of memory"
        }
    }
}
