import Foundation

/// The style spec's raster paint adjustments (as the GL raster shader applies them, in order:
/// hue rotation, saturation, contrast, then mapping 0...1 onto brightness-min...brightness-max),
/// worked on straight colour.
public struct RasterAdjustment: Sendable {
    let spin: (Double, Double, Double)
    let saturationFactor: Double
    let contrastFactor: Double
    let brightnessMin: Double
    let brightnessMax: Double

    public init(brightnessMin: Double, brightnessMax: Double, contrast: Double, saturation: Double, hueRotate: Double) {
        let angle = hueRotate * Double.pi / 180
        let s = Foundation.sin(angle), c = Foundation.cos(angle)
        let root3 = 3.0.squareRoot()
        spin = ((2 * c + 1) / 3, (-root3 * s - c + 1) / 3, (root3 * s - c + 1) / 3)
        saturationFactor = saturation > 0 ? 1 - 1 / (1.001 - saturation) : -saturation
        contrastFactor = contrast > 0 ? 1 / (1 - contrast) : 1 + contrast
        self.brightnessMin = brightnessMin
        self.brightnessMax = brightnessMax
    }

    /// True when applying the adjustment would change nothing.
    public var isIdentity: Bool {
        abs(spin.0 - 1) < 1e-9 && abs(spin.1) < 1e-9 && abs(spin.2) < 1e-9
            && saturationFactor == 0 && contrastFactor == 1 && brightnessMin == 0 && brightnessMax == 1
    }

    /// Adjusts one straight colour (components 0...1), clamped to 0...1.
    @inline(__always)
    func apply(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        // Hue rotation about the grey axis.
        var r2 = r * spin.0 + g * spin.1 + b * spin.2
        var g2 = r * spin.2 + g * spin.0 + b * spin.1
        var b2 = r * spin.1 + g * spin.2 + b * spin.0
        let average = (r2 + g2 + b2) / 3
        r2 += (average - r2) * saturationFactor
        g2 += (average - g2) * saturationFactor
        b2 += (average - b2) * saturationFactor
        r2 = (r2 - 0.5) * contrastFactor + 0.5
        g2 = (g2 - 0.5) * contrastFactor + 0.5
        b2 = (b2 - 0.5) * contrastFactor + 0.5
        let span = brightnessMax - brightnessMin
        return (
            min(1, max(0, brightnessMin + span * r2)),
            min(1, max(0, brightnessMin + span * g2)),
            min(1, max(0, brightnessMin + span * b2))
        )
    }

    /// Adjusts one premultiplied ARGB32 pixel (as cairo stores it): straight colour in, adjusted,
    /// premultiplied again; alpha is kept.
    @inline(__always)
    func applyPremultiplied(_ p: UInt32) -> UInt32 {
        let alpha = p >> 24
        guard alpha > 0 else { return 0 }
        let a = Double(alpha)
        let (r, g, b) = apply(Double((p >> 16) & 0xFF) / a, Double((p >> 8) & 0xFF) / a, Double(p & 0xFF) / a)
        return ARGB32Pixels.pack(r: UInt32(r * a + 0.5), g: UInt32(g * a + 0.5), b: UInt32(b * a + 0.5), a: alpha)
    }
}
