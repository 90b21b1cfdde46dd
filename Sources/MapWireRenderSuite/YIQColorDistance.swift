/// Perceived colour difference in the YIQ space (Kotsarenko & Ramos, "Measuring perceived color difference
/// using YIQ NTSC transmission color space in mobile applications"), as pixelmatch uses it.
/// Semi-transparent colours are first blended with white, so what counts is how a pixel looks on a page.
enum YIQColorDistance {
    /// The largest possible squared distance (black against white); thresholds are fractions of it.
    static let maximum = 35215.0

    /// Squared YIQ distance between pixel `i` of `a` and pixel `j` of `b` (byte offsets into RGBA arrays);
    /// negative when the `b` pixel is darker, so callers can tell lightening from darkening.
    static func delta(_ a: [UInt8], _ i: Int, _ b: [UInt8], _ j: Int) -> Double {
        if a[i] == b[j] && a[i + 1] == b[j + 1] && a[i + 2] == b[j + 2] && a[i + 3] == b[j + 3] { return 0 }
        let (r1, g1, b1) = blendedWithWhite(a, i)
        let (r2, g2, b2) = blendedWithWhite(b, j)
        let y1 = luma(r1, g1, b1), y2 = luma(r2, g2, b2)
        let y = y1 - y2
        let inPhase = self.inPhase(r1, g1, b1) - self.inPhase(r2, g2, b2)
        let quadrature = self.quadrature(r1, g1, b1) - self.quadrature(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * inPhase * inPhase + 0.1957 * quadrature * quadrature
        return y1 > y2 ? -delta : delta
    }

    /// Brightness difference only (Y of `a` minus Y of `b`), used by the anti-aliasing detector.
    static func brightnessDelta(_ a: [UInt8], _ i: Int, _ b: [UInt8], _ j: Int) -> Double {
        if a[i] == b[j] && a[i + 1] == b[j + 1] && a[i + 2] == b[j + 2] && a[i + 3] == b[j + 3] { return 0 }
        let (r1, g1, b1) = blendedWithWhite(a, i)
        let (r2, g2, b2) = blendedWithWhite(b, j)
        return luma(r1, g1, b1) - luma(r2, g2, b2)
    }

    static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    private static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    private static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// Straight (not premultiplied) RGBA over a white background.
    static func blendedWithWhite(_ pixels: [UInt8], _ i: Int) -> (Double, Double, Double) {
        let alpha = Double(pixels[i + 3]) / 255
        return (blend(pixels[i], alpha), blend(pixels[i + 1], alpha), blend(pixels[i + 2], alpha))
    }

    static func blend(_ channel: UInt8, _ alpha: Double) -> Double {
        255 + (Double(channel) - 255) * alpha
    }
}
