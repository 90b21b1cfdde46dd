import MapWireCanvas
import MapWireStyle

/// A premultiplied colour with components as Doubles, for colours mixed per pixel.
struct PremultipliedColor: Equatable {
    var r, g, b, a: Double

    static let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)

    init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    init(_ color: StyleColor) {
        self.init(r: color.r * color.a, g: color.g * color.a, b: color.b * color.a, a: color.a)
    }

    static func * (c: PremultipliedColor, k: Double) -> PremultipliedColor { .init(r: c.r * k, g: c.g * k, b: c.b * k, a: c.a * k) }
    static func + (x: PremultipliedColor, y: PremultipliedColor) -> PremultipliedColor {
        .init(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b, a: x.a + y.a)
    }

    /// `x` part way (`t`) to `y`.
    static func mix(_ x: PremultipliedColor, _ y: PremultipliedColor, _ t: Double) -> PremultipliedColor { x * (1 - t) + y * t }

    /// The colour with straight alpha, for the canvas (transparent when it has no alpha).
    var canvasColor: CanvasColor {
        a > 0 ? CanvasColor(r: r / a, g: g / a, b: b / a, a: a) : CanvasColor(r: 0, g: 0, b: 0, a: 0)
    }
}
