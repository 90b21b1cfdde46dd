import Foundation

/// The colour spaces `interpolate-lab`, `interpolate-hcl` and legacy `colorSpace` interpolate in.
enum InterpolationColorSpace: Sendable {
    case rgb, lab, hcl
}

/// CIE L*a*b* (D50 white) with sRGB conversion, with the constants and special cases of the style
/// specification's colour spaces (greys convert exactly; lightness never negative; channels clipped).
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
        let x, z: Double
        if r == g && g == b {
            x = y
            z = y
        } else {
            x = Self.compress((0.4360747 * r + 0.3850649 * g + 0.1430804 * b) / Self.whiteX)
            z = Self.compress((0.0139322 * r + 0.0971045 * g + 0.7141733 * b) / Self.whiteZ)
        }
        let lightness = 116 * y - 16
        self.init(l: lightness < 0 ? 0 : lightness, a: 500 * (x - y), b: 200 * (y - z), alpha: color.a)
    }

    var color: StyleColor {
        var y = (l + 16) / 116
        var x = a.isNaN ? y : y + a / 500
        var z = b.isNaN ? y : y - b / 200
        y = Self.expand(y)
        x = Self.whiteX * Self.expand(x)
        z = Self.whiteZ * Self.expand(z)
        return StyleColor(
            r: Self.gamma(3.1338561 * x - 1.6168667 * y - 0.4906146 * z),
            g: Self.gamma(-0.9787684 * x + 1.9161415 * y + 0.033454 * z),
            b: Self.gamma(0.0719453 * x - 0.2289914 * y + 1.4052427 * z),
            a: alpha)
    }

    private static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func gamma(_ c: Double) -> Double {
        let encoded = c <= 0.00304 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
        return encoded < 0 ? 0 : (encoded > 1 ? 1 : encoded)
    }

    private static func compress(_ t: Double) -> Double { t > t3 ? pow(t, 1.0 / 3) : t / t2 + t0 }
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
        // Greys (chroma that rounds to 0 at four decimals) have no hue.
        let hue = JavaScriptMath.round(chroma * 10000) != 0 ? Self.constrained(atan2(lab.b, lab.a) * 180 / .pi) : .nan
        self.init(h: hue, c: chroma, l: lab.l, alpha: color.a)
    }

    var color: StyleColor {
        let radians = h.isNaN ? 0 : h * .pi / 180
        return LabColor(l: l, a: cos(radians) * c, b: sin(radians) * c, alpha: alpha).color
    }

    private static func constrained(_ angle: Double) -> Double {
        let wrapped = angle.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }
}

enum ColorInterpolation {
    /// Straight (not premultiplied) channels are interpolated, in the given space, as the specification
    /// interpolates colours; a fully transparent end keeps its own channels.
    static func interpolate(_ from: StyleColor, _ to: StyleColor, _ t: Double, in space: InterpolationColorSpace)
        -> StyleColor
    {
        switch space {
        case .rgb:
            return StyleColor(r: mix(from.r, to.r, t), g: mix(from.g, to.g, t), b: mix(from.b, to.b, t), a: mix(from.a, to.a, t))
        case .lab:
            let a = LabColor(from), b = LabColor(to)
            return LabColor(l: mix(a.l, b.l, t), a: mix(a.a, b.a, t), b: mix(a.b, b.b, t), alpha: mix(a.alpha, b.alpha, t)).color
        case .hcl:
            let a = HCLColor(from), b = HCLColor(to)
            var hue: Double
            var chroma: Double? = nil
            if !a.h.isNaN && !b.h.isNaN {
                var delta = b.h - a.h
                if b.h > a.h && delta > 180 {
                    delta -= 360
                } else if b.h < a.h && a.h - b.h > 180 {
                    delta += 360
                }
                hue = a.h + t * delta
            } else if !a.h.isNaN {
                hue = a.h
                if b.l == 1 || b.l == 0 { chroma = a.c }
            } else if !b.h.isNaN {
                hue = b.h
                if a.l == 1 || a.l == 0 { chroma = b.c }
            } else {
                hue = .nan
            }
            return HCLColor(h: hue, c: chroma ?? mix(a.c, b.c, t), l: mix(a.l, b.l, t), alpha: mix(a.alpha, b.alpha, t)).color
        }
    }

    static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + t * (b - a) }
}
