import MapWireStyle

/// A colour ramp as GL engines build one for `heatmap-color` and `line-gradient`: the expression
/// evaluated at 256 evenly spaced inputs from 0 to 1 into a row of 8-bit texels, then read with
/// linear filtering, clamped at both ends. Texel i holds the input i / 255 and sits at (i + 0.5) / 256
/// of the row, so a lookup at t mixes the two texels around t · 256 − 0.5.
struct ColorRamp {
    static let resolution = 256
    private let texels: [PremultipliedColor]

    /// `input`: builds the evaluation context for one input (heatmap density, line progress).
    init(_ value: PropertyValue?, fallback: StyleColor, input: (Double) -> EvaluationContext) {
        texels = (0..<Self.resolution).map { i in
            let color = value?.color(input(Double(i) / Double(Self.resolution - 1)), default: fallback) ?? fallback
            // GL writes 8-bit straight colours (rounded down), which the GPU premultiplies on upload.
            let a = (color.a * 255).rounded(.down) / 255
            func channel(_ c: Double) -> Double { (min(max(c, 0), 1) * 255).rounded(.down) / 255 * a }
            return PremultipliedColor(r: channel(color.r), g: channel(color.g), b: channel(color.b), a: a)
        }
    }

    /// The colour at `t` (clamped to 0...1).
    func color(at t: Double) -> PremultipliedColor {
        guard t.isFinite else { return texels[0] }
        let position = min(max(t * Double(Self.resolution) - 0.5, 0), Double(Self.resolution - 1))
        let i = Int(position)
        guard i < Self.resolution - 1 else { return texels[i] }
        return .mix(texels[i], texels[i + 1], position - Double(i))
    }
}
