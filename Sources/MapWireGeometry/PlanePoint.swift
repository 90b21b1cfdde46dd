/// A point on a flat plane: world units, tile units or pixels, y pointing down.
public struct PlanePoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
