/// An SVG file that could not be turned into a sprite icon, and why.
public struct SkippedIcon: Equatable, Sendable, CustomStringConvertible {
    /// The file name inside the SVG folder.
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
