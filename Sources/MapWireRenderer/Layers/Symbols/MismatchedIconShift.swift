/// The GL engines the render suite was drawn with start an icon's quad one CSS px above and left of its
/// box and fill it with the sprite's image plus a one-texel border, at the sprite's own pixel ratio: so
/// the image lands 1 − 1/ratio px up and to the left of its box (half a px for a @2x icon). The suite
/// shows it where the sprite's pixel ratio differs from the map's (the icon is resampled); at equal
/// ratios icons are copied pixel for pixel (`PixelExactIcon`) and not moved.
enum MismatchedIconShift {
    /// How far (CSS px) the image moves up and left, in the icon's own (unrotated) frame.
    static func shift(spritePixelRatio: Double, mapPixelRatio: Double) -> Double {
        guard spritePixelRatio > 0, mapPixelRatio > 0, spritePixelRatio != mapPixelRatio else { return 0 }
        return 1 - 1 / spritePixelRatio
    }
}
