/// Why an image could not be encoded: a size the format cannot hold, or no memory.
public struct ImageEncodingError: Error, Equatable, CustomStringConvertible {
    public let format: ImageFormat
    public let reason: String

    public init(format: ImageFormat, reason: String) {
        self.format = format
        self.reason = reason
    }

    public var description: String { "cannot encode the \(format): \(reason)" }
}
