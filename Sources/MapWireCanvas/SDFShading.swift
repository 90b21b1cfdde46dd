/// The style spec's SDF shading (as in the GL symbol shader): which distance value is the
/// shape's edge and how wide the anti-aliasing ramp is, for the fill and for the halo.
/// Distances are normalised to 0...1 (byte / 255); one glyph pixel at 24 px is 1/8.
struct SDFShading {
    /// Glyph pixels per normalised distance unit.
    static let pixelsPerUnit = 8.0
    /// Ramp half-width at one device pixel per glyph pixel (the GL shader's EDGE_GAMMA).
    static let edgeGamma = 0.105

    let fillLow: Double, fillHigh: Double
    let haloLow: Double, haloHigh: Double

    /// `scale` is font size / 24; `haloWidth` and `haloBlur` are logical px.
    init(scale: Double, pixelRatio: Double, haloWidth: Double, haloBlur: Double) {
        let edge = 0.75
        let fillGamma = Self.edgeGamma / pixelRatio / scale
        fillLow = edge - fillGamma
        fillHigh = edge + fillGamma
        let haloEdge = (6 - haloWidth / scale) / Self.pixelsPerUnit
        let haloGamma = (haloBlur * 1.19 / Self.pixelsPerUnit + Self.edgeGamma / pixelRatio) / scale
        haloLow = haloEdge - haloGamma
        haloHigh = haloEdge + haloGamma
    }

    @inline(__always)
    static func smoothstep(_ low: Double, _ high: Double, _ x: Double) -> Double {
        let t = min(1, max(0, (x - low) / (high - low)))
        return t * t * (3 - 2 * t)
    }
}
