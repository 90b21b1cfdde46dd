import Foundation

/// Signed distance from a point to a shape, negative inside. Icons are built from these so they
/// can be drawn anti-aliased at any pixel ratio. Coordinates: icon design units, y down.
typealias ShapeDistance = @Sendable (_ x: Double, _ y: Double) -> Double

enum Shapes {
    static func circle(x cx: Double, y cy: Double, radius: Double) -> ShapeDistance {
        { x, y in hypot(x - cx, y - cy) - radius }
    }

    static func box(x cx: Double, y cy: Double, halfWidth: Double, halfHeight: Double, cornerRadius: Double = 0) -> ShapeDistance {
        { x, y in
            let qx = abs(x - cx) - halfWidth + cornerRadius
            let qy = abs(y - cy) - halfHeight + cornerRadius
            return hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - cornerRadius
        }
    }

    /// Any simple polygon: distance to the nearest edge, negative inside (even–odd rule).
    static func polygon(_ vertices: [(x: Double, y: Double)]) -> ShapeDistance {
        { x, y in
            var nearest = Double.infinity
            var inside = false
            for i in vertices.indices {
                let a = vertices[i], b = vertices[(i + 1) % vertices.count]
                nearest = min(nearest, segmentDistance(x, y, a, b))
                if (a.y > y) != (b.y > y) && x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x {
                    inside.toggle()
                }
            }
            return inside ? -nearest : nearest
        }
    }

    /// The outline of a shape, `halfThickness` each side of its edge.
    static func outline(_ shape: @escaping ShapeDistance, halfThickness: Double) -> ShapeDistance {
        { x, y in abs(shape(x, y)) - halfThickness }
    }

    static func union(_ shapes: ShapeDistance...) -> ShapeDistance {
        { x, y in shapes.map { $0(x, y) }.min()! }
    }

    static func segmentDistance(_ x: Double, _ y: Double, _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared == 0 ? 0 : max(0, min(1, ((x - a.x) * dx + (y - a.y) * dy) / lengthSquared))
        return hypot(x - (a.x + t * dx), y - (a.y + t * dy))
    }
}
