/// JavaScript's Math functions where they differ from Swift's, for rules the reference engine defines in them.
enum JavaScriptMath {
    /// `Math.round`: halves go towards +∞ (-2.5 → -2), unlike Swift's schoolbook rounding.
    static func round(_ x: Double) -> Double {
        let floor = x.rounded(.down)
        return x - floor >= 0.5 ? floor + 1 : floor
    }

    /// `Math.min` of two: NaN when either is NaN (Swift's `min` keeps whichever compares first).
    static func min(_ a: Double, _ b: Double) -> Double {
        if a.isNaN || b.isNaN { return .nan }
        return Swift.min(a, b)
    }

    /// `Math.max` of two, NaN-propagating like `min`.
    static func max(_ a: Double, _ b: Double) -> Double {
        if a.isNaN || b.isNaN { return .nan }
        return Swift.max(a, b)
    }
}
