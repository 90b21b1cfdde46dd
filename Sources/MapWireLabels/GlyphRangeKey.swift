/// One 256-code-point glyph range of a font stack.
public struct GlyphRangeKey: Hashable, Sendable, Comparable {
    public let fontStack: [String]
    public let rangeStart: UInt32

    public init(fontStack: [String], rangeStart: UInt32) {
        self.fontStack = fontStack
        self.rangeStart = rangeStart
    }

    /// The range of `fontStack` that holds `scalar`.
    public init(fontStack: [String], containing scalar: Unicode.Scalar) {
        self.init(fontStack: fontStack, rangeStart: scalar.value / 256 * 256)
    }

    public static func < (a: Self, b: Self) -> Bool {
        (a.fontStack.joined(separator: ","), a.rangeStart) < (b.fontStack.joined(separator: ","), b.rangeStart)
    }
}
