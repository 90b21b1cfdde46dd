import Foundation

/// The colour spaces `interpolate-lab`, `interpolate-hcl` and legacy `colorSpace` interpolate in.
enum InterpolationColorSpace: Sendable {
    case rgb, lab, hcl
}

/// CIE L*a*b* (D50 white, as the style spec's reference engines use) with sRGB conversion.
struct LabColor {
    var l, a, b, alpha: Double

    private static let whiteX = 0.96422, whiteZ = 0.82521
    private static let t0 = 4.0 / 29, t1 = 6.0 / 29, t2 = 3 * t1 * t1, t3 = t1 * t1 * t1

    init(l: Double, a: Double, b: Double, alpha: Double) {
        self.l = l
        self.a = a
        self.b = b
        self.alpha = alpha
    }

    init(_ color: StyleColor) {
        let r = Self.linear(color.r), g = Self.linear(color.g), b = Self.linear(color.b)
        let y = Self.compress(0.2225045 * r + 0.7168786 * g + 0.0606169 * b)
        let x = Self.compress((0.4360747 * r + 0.3850649 * g + 0.1430804 * b) / Self.whiteX)
        let z = Self.compress((0.0139322 * r + 0.0971045 * g + 0.7141733 * b) / Self.whiteZ)
        self.init(l: 116 * y - 16, a: 500 * (x - y), b: 200 * (y - z), alpha: color.a)
    }

    var color: StyleColor {
        let fy = (l + 16) / 116
        let y = Self.expand(fy)
        let x = Self.whiteX * Self.expand(fy + a / 500)
        let z = Self.whiteZ * Self.expand(fy - b / 200)
        return StyleColor(
            r: Self.gamma(3.1338561 * x - 1.6168667 * y - 0.4906146 * z),
            g: Self.gamma(-0.9787684 * x + 1.9161415 * y + 0.0334540 * z),
            b: Self.gamma(0.0719453 * x - 0.2289914 * y + 1.4052427 * z),
            a: alpha)
    }

    private static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func gamma(_ c: Double) -> Double {
        let encoded = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
        return min(max(encoded, 0), 1)
    }

    private static func compress(_ t: Double) -> Double { t > t3 ? cbrt(t) : t / t2 + t0 }
    private static func expand(_ t: Double) -> Double { t > t1 ? t * t * t : t2 * (t - t0) }
}

/// Lab in polar form: hue in degrees (NaN when the colour has no hue), chroma, luminance.
struct HCLColor {
    var h, c, l, alpha: Double

    init(h: Double, c: Double, l: Double, alpha: Double) {
        self.h = h
        self.c = c
        self.l = l
        self.alpha = alpha
    }

    init(_ color: StyleColor) {
        let lab = LabColor(color)
        let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
        var hue = atan2(lab.b, lab.a) * 180 / .pi
        if hue < 0 { hue += 360 }
        // Greys have no meaningful hue; NaN lets interpolation borrow the other end's.
        self.init(h: chroma < 1e-4 ? .nan : hue, c: chroma, l: lab.l, alpha: color.a)
    }

    var color: StyleColor {
        let radians = (h.isNaN ? 0 : h) * .pi / 180
        return LabColor(l: l, a: cos(radians) * c, b: sin(radians) * c, alpha: alpha).color
    }
}

enum ColorInterpolation {
    static func interpolate(_ from: StyleColor, _ to: StyleColor, _ t: Double, in space: InterpolationColorSpace)
        -> StyleColor
    {
        switch space {
        case .rgb: return premultipliedRGB(from, to, t)
        case .lab:
            let a = LabColor(from), b = LabColor(to)
            return LabColor(
                l: mix(a.l, b.l, t), a: mix(a.a, b.a, t), b: mix(a.b, b.b, t), alpha: mix(a.alpha, b.alpha, t)
            ).color
        case .hcl:
            let a = HCLColor(from), b = HCLColor(to)
            return HCLColor(
                h: hue(a.h, b.h, t), c: mix(a.c, b.c, t), l: mix(a.l, b.l, t), alpha: mix(a.alpha, b.alpha, t)
            ).color
        }
    }

    /// The reference engines keep colours premultiplied and interpolate those values, so a fade to a
    /// transparent colour does not drift towards that colour's (invisible) RGB.
    private static func premultipliedRGB(_ from: StyleColor, _ to: StyleColor, _ t: Double) -> StyleColor {
        let alpha = mix(from.a, to.a, t)
        guard alpha > 0 else { return StyleColor(r: 0, g: 0, b: 0, a: 0) }
        return StyleColor(
            r: mix(from.r * from.a, to.r * to.a, t) / alpha,
            g: mix(from.g * from.a, to.g * to.a, t) / alpha,
            b: mix(from.b * from.a, to.b * to.a, t) / alpha,
            a: alpha)
    }

    static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

    /// Shortest way round the hue circle; a missing hue takes the other end's.
    private static func hue(_ a: Double, _ b: Double, _ t: Double) -> Double {
        if a.isNaN { return b }
        if b.isNaN { return a }
        var delta = b - a
        if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
        return a + delta * t
    }
}
