/// Why bytes could not be decoded into an image.
public enum ImageDecodingError: Error, Equatable, CustomStringConvertible {
    /// Not PNG, JPEG or WebP: holds the first bytes, which usually tell what it is instead.
    case unknownFormat(leadingBytes: [UInt8])
    /// The header asks for more pixels than the limit allows; nothing was allocated.
    case tooLarge(ImageFormat, width: Int, height: Int, limit: ImageSizeLimit)
    /// A valid file of a kind that is not decoded (CMYK JPEG, animated WebP...).
    case unsupported(ImageFormat, String)
    /// Truncated or damaged data; the reason is the codec library's.
    case corrupt(ImageFormat, String)
    case outOfMemory(ImageFormat, String)

    public var description: String {
        switch self {
        case .unknownFormat(let bytes):
            let hex = bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
            return bytes.isEmpty ? "not an image: the data is empty" : "not a PNG, JPEG or WebP image (it starts with \(hex))"
        case .tooLarge(let format, let width, let height, let limit):
            return "the \(format) is \(width)×\(height) pixels, over the limit of \(limit.maxSide) a side and \(limit.maxPixels) in all"
        case .unsupported(let format, let reason): return "unsupported \(format): \(reason)"
        case .corrupt(let format, let reason): return "the \(format) data is corrupt: \(reason)"
        case .outOfMemory(let format, let reason): return "cannot decode the \(format): \(reason)"
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
