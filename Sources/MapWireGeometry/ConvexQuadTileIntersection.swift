/// Separating-axis test between a convex quad and a unit tile square, both in tile units.
/// Touching (overlap ≤ epsilon) counts as separate, so a quad edge lying exactly on a
/// tile boundary does not pull in the neighbouring tile (the same idea as mercantile's epsilon).
struct ConvexQuadTileIntersection {
    static let epsilon = 1e-9

    let corners: [(x: Double, y: Double)]
    private let axes: [(x: Double, y: Double)]

    init(corners: [(x: Double, y: Double)]) {
        self.corners = corners
        // Axis candidates: the square's two axes plus each quad edge's normal.
        var axes: [(x: Double, y: Double)] = [(1, 0), (0, 1)]
        for i in corners.indices {
            let a = corners[i], b = corners[(i + 1) % corners.count]
            let normal = (x: -(b.y - a.y), y: b.x - a.x)
            let length = (normal.x * normal.x + normal.y * normal.y).squareRoot()
            // Degenerate edges (zero-size viewport) give no usable axis.
            if length > 0 { axes.append((normal.x / length, normal.y / length)) }
        }
        self.axes = axes
    }

    func intersectsTile(x: Int, y: Int) -> Bool {
        let square: [(x: Double, y: Double)] = [
            (Double(x), Double(y)), (Double(x + 1), Double(y)),
            (Double(x + 1), Double(y + 1)), (Double(x), Double(y + 1)),
        ]
        for axis in axes {
            let quad = Self.projectedRange(corners, on: axis)
            let tile = Self.projectedRange(square, on: axis)
            if quad.max <= tile.min + Self.epsilon || tile.max <= quad.min + Self.epsilon { return false }
        }
        return true
    }

    private static func projectedRange(
        _ points: [(x: Double, y: Double)], on axis: (x: Double, y: Double)
    ) -> (min: Double, max: Double) {
        let values = points.map { $0.x * axis.x + $0.y * axis.y }
        return (values.min()!, values.max()!)
    }
}
