/// JavaScript's Math functions where they differ from Swift's, for rules the reference engine defines in them.
enum JavaScriptMath {
    /// `Math.round`: halves go towards +∞ (-2.5 → -2), unlike Swift's schoolbook rounding.
    static func round(_ x: Double) -> Double {
        let floor = x.rounded(.down)
        return x - floor >= 0.5 ? floor + 1 : floor
    }
}
