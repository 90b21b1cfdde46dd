import Foundation
import MapWireCanvas
import MapWireStyle

/// The colour GL engines give a face of an extrusion: the style's light (a direction, colour and
/// intensity) against the face's normal, a little ambient light so nothing is black, and on walls
/// a gradient that darkens them toward the ground. A pure function of its inputs.
struct ExtrusionShading {
    /// Direction the light comes from, in map axes (x east, y south, z up) or turned with the
    /// view when anchored to the viewport; its length is the spec's radial coordinate.
    let light: (x: Double, y: Double, z: Double)
    let lightColor: (r: Double, g: Double, b: Double)
    let intensity: Double
    let verticalGradient: Bool

    /// `position` is the spec's [radial, azimuthal°, polar°]; `bearing` in degrees.
    init(position: [Double], anchor: String, color: StyleColor, intensity: Double, bearing: Double, verticalGradient: Bool) {
        let p = position.count == 3 ? position : [1.15, 210, 30]
        let azimuth = (p[1] + 90) * .pi / 180, polar = p[2] * .pi / 180
        var x = p[0] * cos(azimuth) * sin(polar), y = p[0] * sin(azimuth) * sin(polar)
        if anchor == "viewport" {
            let b = bearing * .pi / 180
            (x, y) = (x * cos(b) - y * sin(b), x * sin(b) + y * cos(b))
        }
        light = (x, y, p[0] * cos(polar))
        lightColor = (color.r, color.g, color.b)
        self.intensity = min(1, max(0, intensity))
        self.verticalGradient = verticalGradient
    }

    /// The opaque colour of a point of a face with unit `normal` (z = 1 for roofs), `t` 0 at a
    /// wall's foot and 1 at its top; `base` and `height` in metres.
    func color(_ color: StyleColor, normal: (x: Double, y: Double, z: Double), t: Double, base: Double, height: Double) -> CanvasColor {
        // Premultiplied, as GL holds colours.
        let r = color.r * color.a, g = color.g * color.a, b = color.b * color.a
        let luminance = r * 0.2126 + g * 0.7152 + b * 0.0722
        var directional = min(1, max(0, normal.x * light.x + normal.y * light.y + normal.z * light.z))
        directional = (1 - intensity) + (max(1 - luminance + intensity, 1) - (1 - intensity)) * directional
        // GL's wall test is on the normal's y (north–south component): walls facing due east or west get none.
        if normal.y != 0 && verticalGradient {
            directional *= Self.gradientFactor(t: t, base: base, height: height, intensity: intensity)
        }
        func channel(_ c: Double, _ light: Double) -> Double {
            min(1, max(0.3 * (1 - light), (c + 0.03) * directional * light))
        }
        return CanvasColor(r: channel(r, lightColor.r), g: channel(g, lightColor.g), b: channel(b, lightColor.b), a: 1)
    }

    /// The light on a point of a patterned face (fill-extrusion-pattern), which GL multiplies the
    /// pattern's colour by: the same direction and gradient, but a range that ignores the colour's
    /// luminance, and no ambient term.
    func patternLighting(normal: (x: Double, y: Double, z: Double), t: Double, base: Double, height: Double) -> CanvasColor {
        var directional = min(1, max(0, normal.x * light.x + normal.y * light.y + normal.z * light.z))
        directional = (1 - intensity) + (max(0.5 + intensity, 1) - (1 - intensity)) * directional
        if normal.y != 0 && verticalGradient {
            directional *= Self.gradientFactor(t: t, base: base, height: height, intensity: intensity)
        }
        func channel(_ light: Double) -> Double { min(1, max(0.3 * (1 - light), directional * light)) }
        return CanvasColor(r: channel(lightColor.r), g: channel(lightColor.g), b: channel(lightColor.b), a: 1)
    }

    /// GL's vertical gradient on walls (`fill-extrusion-vertical-gradient`, on by default): at a
    /// wall's foot (t 0) or top (t 1), (t + base) · √(height / 150), held between a floor that
    /// deepens with the light's intensity (0.98 at none, 0.7 at full) and 1. Heights in metres;
    /// GL computes it at the wall's corners and blends between them.
    static func gradientFactor(t: Double, base: Double, height: Double, intensity: Double) -> Double {
        let floor = 0.7 + (0.98 - 0.7) * (1 - min(1, max(0, intensity)))
        return min(1, max(floor, (t + base) * (max(0, height) / 150).squareRoot()))
    }
}
