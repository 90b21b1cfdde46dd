/// Why a style (or a part of one) could not be used. The message is shown to users as is.
public struct StyleError: Error, CustomStringConvertible, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
