import Foundation

/// A packed sprite sheet: the PNG, its index, and the SVG files that were left out.
public struct SpriteSheet: Sendable {
    /// Straight-alpha RGBA PNG.
    public var png: Data
    /// Icon name → place in `png`.
    public var index: [String: SpriteEntry]
    public var skipped: [SkippedIcon]

    /// The index as sprite JSON (keys sorted, so rebuilding unchanged icons gives identical files).
    public func indexJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(index)
    }
}
