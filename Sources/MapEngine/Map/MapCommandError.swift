/// A command the map refuses, with a message for the person who sent it.
public struct MapCommandError: Error, CustomStringConvertible, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
