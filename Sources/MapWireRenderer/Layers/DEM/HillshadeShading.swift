import Foundation
import MapWireStyle

/// How a hillshade turns a slope into a colour: the style specification's `hillshade-method`s as
/// MapLibre GL JS's hillshade shader computes them (standard is GL's original shading; basic,
/// combined and igor follow GDAL's gdaldem algorithms with highlights added; multidirectional
/// averages basic over several lights). Pure: a slope in, a premultiplied colour out.
struct HillshadeShading {
    enum Method: String { case standard, basic, combined, igor, multidirectional }

    /// One light: where it shines from (radians clockwise from screen-up or north, as anchored),
    /// how high (radians), and the colours it gives slopes facing away from and towards it.
    struct Light {
        var azimuth: Double
        var altitude: Double
        var shadow: PremultipliedColor
        var highlight: PremultipliedColor
    }

    let method: Method
    /// `hillshade-exaggeration`.
    let exaggeration: Double
    let accent: PremultipliedColor
    /// At least one.
    let lights: [Light]

    /// `deriv`: the surface's rise per unit of ground east (x) and south (y), latitude corrected.
    func color(dx: Double, dy: Double) -> PremultipliedColor {
        switch method {
        case .standard: standard(dx, dy)
        case .basic: lit(dx * exaggeration * 2, dy * exaggeration * 2, lights[0], azimuth: lights[0].azimuth + .pi)
        case .multidirectional: multidirectional(dx * exaggeration * 2, dy * exaggeration * 2)
        case .combined: combined(dx * exaggeration * 2, dy * exaggeration * 2)
        case .igor: igor(dx * exaggeration * 2, dy * exaggeration * 2)
        }
    }

    /// The direction a slope faces, as GL measures it.
    private static func aspect(_ dx: Double, _ dy: Double) -> Double {
        dx != 0 ? atan2(dy, -dx) : .pi / 2 * (dy > 0 ? 1 : -1)
    }

    /// GLSL's mod: the result has the divisor's sign.
    private static func mod(_ x: Double, _ y: Double) -> Double { x - y * (x / y).rounded(.down) }

    private func standard(_ dx: Double, _ dy: Double) -> PremultipliedColor {
        let light = lights[0]
        let azimuth = light.azimuth + .pi
        let slope = atan(0.625 * (dx * dx + dy * dy).squareRoot())
        let aspect = Self.aspect(dx, dy)
        let intensity = exaggeration
        // The slope scaled exponentially by intensity, so stronger settings shade more opaquely.
        let base = 1.875 - intensity * 1.75
        let maxValue = 0.5 * Double.pi
        let scaledSlope = intensity != 0.5 ? (pow(base, slope) - 1) / (pow(base, maxValue) - 1) * maxValue : slope
        let strength = min(max(intensity * 2, 0), 1)
        let accentColor = accent * ((1 - cos(scaledSlope)) * strength)
        let shade = abs(Self.mod((aspect + azimuth) / .pi + 0.5, 2) - 1)
        let shadeColor = PremultipliedColor.mix(light.shadow, light.highlight, shade) * (sin(scaledSlope) * strength)
        return accentColor * (1 - shadeColor.a) + shadeColor
    }

    /// GDAL's hillshade for one light: shadow below half light, highlight above.
    private func lit(_ dx: Double, _ dy: Double, _ light: Light, azimuth: Double) -> PremultipliedColor {
        let cang = cosAngle(dx, dy, light, azimuth: azimuth)
        let shade = min(max(cang, 0), 1)
        return shade > 0.5 ? light.highlight * (2 * shade - 1) : light.shadow * (1 - 2 * shade)
    }

    /// The cosine of the angle between the light and the surface's normal.
    private func cosAngle(_ dx: Double, _ dy: Double, _ light: Light, azimuth: Double) -> Double {
        let cosAz = cos(azimuth), sinAz = sin(azimuth)
        let cosAlt = cos(light.altitude), sinAlt = sin(light.altitude)
        return (sinAlt - (dy * cosAz * cosAlt - dx * sinAz * cosAlt)) / (1 + dx * dx + dy * dy).squareRoot()
    }

    private func multidirectional(_ dx: Double, _ dy: Double) -> PremultipliedColor {
        // GL turns each light's azimuth by π through negated sine and cosine: the same angle.
        lights.reduce(PremultipliedColor.clear) { $0 + lit(dx, dy, $1, azimuth: $1.azimuth + .pi) * (1 / Double(lights.count)) }
    }

    private func combined(_ dx: Double, _ dy: Double) -> PremultipliedColor {
        let light = lights[0]
        let cang = min(max(acos(min(max(cosAngle(dx, dy, light, azimuth: light.azimuth + .pi), -1), 1)), 0), .pi / 2)
        let steepness = atan((dx * dx + dy * dy).squareRoot()) * 4 / (.pi * .pi)
        return light.shadow * (cang * steepness) + light.highlight * ((.pi / 2 - cang) * steepness)
    }

    private func igor(_ dx: Double, _ dy: Double) -> PremultipliedColor {
        let light = lights[0]
        let aspect = Self.aspect(dx, dy)
        let slopeStrength = atan((dx * dx + dy * dy).squareRoot()) * 2 / .pi
        let aspectStrength = 1 - abs(Self.mod((aspect + light.azimuth + .pi) / .pi + 0.5, 2) - 1)
        return light.shadow * (slopeStrength * aspectStrength) + light.highlight * (slopeStrength * (1 - aspectStrength))
    }
}
