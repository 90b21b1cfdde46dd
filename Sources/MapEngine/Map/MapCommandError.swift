/// A command the map refuses, with a message for the person who sent it and a reason a program can act on.
public struct MapCommandError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Sendable, Equatable {
        /// A value is missing, malformed or out of range.
        case invalidArgument
        /// Well formed, but not now (no style loaded yet, a source still in use, nobody to do it).
        case refusedInState
        /// It names something that is not there (a source, a layer, an image).
        case notFound
        /// Too much is going on already; the same command may succeed later.
        case busy
    }

    public let message: String
    public let reason: Reason

    public init(_ message: String, reason: Reason = .invalidArgument) {
        self.message = message
        self.reason = reason
    }

    public var description: String { message }
}
