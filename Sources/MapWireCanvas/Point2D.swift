/// A point in logical canvas pixels (multiplied by the pixel ratio only when it reaches the surface).
public struct Point2D: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    var isFinite: Bool { x.isFinite && y.isFinite }
}
