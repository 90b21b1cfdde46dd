import Foundation
import MapWireCanvas
import MapWireGeometry

/// A solid line under pitch as GL draws it: its width is laid out on the ground (GL extrudes a line's
/// vertices in the tile's plane, then projects them), so a line across the view is foreshortened like the
/// ground while one running into the distance only narrows with distance. The outline is built on the
/// ground (segment quads, joins and caps, each turned the same way so a non-zero fill unites them) and
/// projected back to the screen. Dashed, cased, blurred and gradient lines keep the per-run stroke
/// (`PerspectiveLineRuns`).
enum GroundLineOutline {
    /// Points on a round join or cap's circle.
    static let roundSegments = 16

    /// Adds the outline of `line` (screen points) to `path`.
    static func add(_ line: [Point2D], closed: Bool, style: StrokeStyle, projector: ScreenProjector, to path: inout CanvasPath) {
        var ground: [Point2D] = []
        for point in line {
            let g = projector.ground(ofScreen: (point.x, point.y))
            let p = Point2D(x: g.x, y: g.y)
            if ground.last != p { ground.append(p) }
        }
        if closed, ground.count > 2, ground.first == ground.last { ground.removeLast() }
        guard ground.count >= 2, style.width > 0 else { return }
        let half = style.width / 2
        func emit(_ ring: [Point2D]) {
            // One turning for every piece: a non-zero fill then covers their union without holes.
            let area = zip(ring, ring.dropFirst() + [ring[0]]).reduce(0) { $0 + $1.0.x * $1.1.y - $1.1.x * $1.0.y }
            let turned = area < 0 ? ring.reversed() : ring
            path.addRing(turned.map { let s = projector.screen(ofGround: ($0.x, $0.y)); return Point2D(x: s.x, y: s.y) }, closed: true)
        }
        func circle(_ c: Point2D) {
            emit((0..<roundSegments).map { k in
                let a = Double(k) / Double(roundSegments) * 2 * .pi
                return Point2D(x: c.x + half * cos(a), y: c.y + half * sin(a))
            })
        }
        var points = ground
        if closed { points.append(ground[0]) }
        if !closed, style.cap == .square {
            points[0] = points[0] + direction(points[1], points[0]) * half
            let n = points.count
            points[n - 1] = points[n - 1] + direction(points[n - 2], points[n - 1]) * half
        }
        var normals: [Point2D] = []
        for i in 1..<points.count {
            let d = direction(points[i - 1], points[i])
            let normal = Point2D(x: -d.y * half, y: d.x * half)
            normals.append(normal)
            let a = points[i - 1], b = points[i]
            emit([a + normal, b + normal, b - normal, a - normal])
        }
        // Joins at the inner vertices, and where a closed line meets itself.
        let joined = closed ? Array(0..<normals.count) : Array(1..<normals.count)
        for i in joined {
            let vertex = points[i]
            let before = normals[(i - 1 + normals.count) % normals.count], after = normals[i]
            switch style.join {
            case .round: circle(vertex)
            default:
                let sum = before + after
                let length = (sum.x * sum.x + sum.y * sum.y).squareRoot()
                // The miter reaches 1 / cos(θ/2) half widths out; past the limit GL bevels.
                let ratio = length > 1e-12 ? 2 * half / length : .infinity
                for side in [1.0, -1.0] {
                    let b = before * side, a = after * side
                    if style.join == .miter, ratio <= style.miterLimit {
                        let tip = sum * (side * half * ratio / length)
                        emit([vertex, vertex + b, vertex + tip, vertex + a])
                    } else {
                        emit([vertex, vertex + b, vertex + a])
                    }
                }
            }
        }
        if !closed, style.cap == .round {
            circle(points[0])
            circle(points[points.count - 1])
        }
    }

    private static func direction(_ from: Point2D, _ to: Point2D) -> Point2D {
        let dx = to.x - from.x, dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? Point2D(x: dx / length, y: dy / length) : Point2D(x: 1, y: 0)
    }
}
