/// An sRGB colour with straight (not premultiplied) alpha; every component is in 0...1.
public struct CanvasColor: Equatable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let transparent = CanvasColor(r: 0, g: 0, b: 0, a: 0)
    public static let black = CanvasColor(r: 0, g: 0, b: 0, a: 1)
    public static let white = CanvasColor(r: 1, g: 1, b: 1, a: 1)

    /// This colour with its alpha multiplied by `opacity`.
    public func withOpacity(_ opacity: Double) -> CanvasColor {
        CanvasColor(r: r, g: g, b: b, a: a * opacity)
    }
}
