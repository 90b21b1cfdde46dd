/// A 2×2 linear map (x' = a·x + b·y, y' = c·x + d·y): how a shape lying on the tilted map plane is
/// squeezed on screen near one point. Identity for shapes standing in the screen plane.
public struct PlaneMap: Equatable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double

    public init(a: Double, b: Double, c: Double, d: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
    }

    public static let identity = PlaneMap(a: 1, b: 0, c: 0, d: 1)

    public var determinant: Double { a * d - b * c }

    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + b * y, c * x + d * y) }

    /// The inverse map; nil when the map flattens shapes to a line.
    public var inverse: PlaneMap? {
        let det = determinant
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        return PlaneMap(a: d / det, b: -b / det, c: -c / det, d: a / det)
    }

    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite }
}
