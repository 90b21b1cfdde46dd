/// A colour premultiplied by its alpha (times an opacity), in 0...255 units, for per-pixel work.
struct PremultipliedColor {
    let r: Double, g: Double, b: Double, a: Double

    init(_ color: CanvasColor, opacity: Double) {
        let alpha = min(1, max(0, color.a * opacity))
        a = alpha * 255
        r = min(1, max(0, color.r)) * a
        g = min(1, max(0, color.g)) * a
        b = min(1, max(0, color.b)) * a
    }

    /// One ARGB32 pixel: `fill` at coverage `fillAlpha` composited over `halo` at `haloAlpha`.
    @inline(__always)
    static func fillOverHalo(_ fill: PremultipliedColor, _ fillAlpha: Double, _ halo: PremultipliedColor, _ haloAlpha: Double) -> UInt32 {
        let under = haloAlpha * (1 - fillAlpha * fill.a / 255)
        let a = fill.a * fillAlpha + halo.a * under
        guard a > 0.5 else { return 0 }
        let r = fill.r * fillAlpha + halo.r * under
        let g = fill.g * fillAlpha + halo.g * under
        let b = fill.b * fillAlpha + halo.b * under
        return ARGB32Pixels.pack(
            r: UInt32(min(a, r) + 0.5), g: UInt32(min(a, g) + 0.5), b: UInt32(min(a, b) + 0.5), a: UInt32(a + 0.5))
    }
}
