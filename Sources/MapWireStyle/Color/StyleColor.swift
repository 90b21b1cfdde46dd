/// A straight (non-premultiplied) RGBA colour, components 0...1.
public struct StyleColor: Equatable, Hashable, Sendable {
    public var r, g, b, a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let black = StyleColor(r: 0, g: 0, b: 0)
    public static let white = StyleColor(r: 1, g: 1, b: 1)
    public static let transparent = StyleColor(r: 0, g: 0, b: 0, a: 0)

    /// Builds a colour from 0...255 channels and a 0...1 alpha, the units CSS and `rgba` use.
    init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init(r: red / 255, g: green / 255, b: blue / 255, a: alpha)
    }

    /// [r, g, b, a] with channels in 0...255 and alpha in 0...1, as `to-rgba` returns them.
    public var rgba255: [Double] { [r * 255, g * 255, b * 255, a] }

    /// [r × a, g × a, b × a, a]: the colour premultiplied by its alpha, as GL engines keep colours.
    public var premultiplied: [Double] { [r * a, g * a, b * a, a] }
}
