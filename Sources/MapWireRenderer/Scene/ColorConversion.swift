import MapWireCanvas
import MapWireStyle

extension CanvasColor {
    /// A style colour with an extra opacity multiplied into its alpha.
    init(_ color: StyleColor, opacity: Double = 1) {
        self.init(r: color.r, g: color.g, b: color.b, a: color.a * max(0, min(1, opacity)))
    }
}
