/// Conversions for numbers read from data (tiles, GeoJSON, styles, sprite indexes, glyphs, files).
/// `Int(x)` traps when `x` is NaN, infinite or out of range, and one trap takes a whole plugin
/// down; these never trap.
extension FixedWidthInteger {
    /// `value` rounded toward zero and clamped to this type's range; NaN becomes 0.
    /// Round first (`.rounded(.down)` …) when another rounding is wanted.
    @inlinable
    public init<F: BinaryFloatingPoint>(saturating value: F) {
        if value.isNaN {
            self = 0
        } else if value <= F(Self.min) {
            self = .min
        } else if value >= F(Self.max) {
            // F(Self.max) may round up to 2^bitWidth(-1); everything below it converts exactly.
            self = .max
        } else {
            self = Self(value)
        }
    }
}
