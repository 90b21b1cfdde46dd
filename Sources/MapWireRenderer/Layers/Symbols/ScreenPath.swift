import Foundation
import MapWireCanvas

/// A projected line with the distance along it to each vertex, for walking labels along it.
struct ScreenPath {
    let points: [Point2D]
    /// Distance from the start to each point.
    let distances: [Double]
    /// For each point, the index of the source vertex it came from (repeated vertices are dropped).
    let sourceIndex: [Int]

    var length: Double { distances.last ?? 0 }

    init(_ raw: [Point2D]) {
        var points: [Point2D] = [], distances: [Double] = [], source: [Int] = []
        points.reserveCapacity(raw.count)
        for (i, p) in raw.enumerated() where p.x.isFinite && p.y.isFinite {
            if let last = points.last {
                let d = hypot(p.x - last.x, p.y - last.y)
                guard d > 1e-9 else { continue }
                distances.append(distances[distances.count - 1] + d)
            } else {
                distances.append(0)
            }
            points.append(p)
            source.append(i)
        }
        self.points = points
        self.distances = distances
        self.sourceIndex = source
    }

    /// The same path walked from the other end.
    func reversed() -> ScreenPath { ScreenPath(points.reversed()) }

    /// The segment holding distance `d` (the first or last one beyond the ends).
    func segment(at d: Double) -> Int {
        guard points.count > 2 else { return 0 }
        // Binary search for the last vertex at or before d.
        var low = 0, high = points.count - 2
        while low < high {
            let mid = (low + high + 1) / 2
            if distances[mid] <= d { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The point at distance `d` and the direction of travel there (radians, screen axes).
    func locate(_ d: Double) -> (point: Point2D, angle: Double) {
        guard points.count >= 2 else { return (points.first ?? Point2D(x: 0, y: 0), 0) }
        let i = segment(at: d)
        let a = points[i], b = points[i + 1]
        let t = (d - distances[i]) / (distances[i + 1] - distances[i])
        return (Point2D(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), atan2(b.y - a.y, b.x - a.x))
    }

    /// Turning angle at interior vertex i (radians, −π...π).
    func turn(at i: Int) -> Double {
        let a = points[i - 1], b = points[i], c = points[i + 1]
        var delta = atan2(c.y - b.y, c.x - b.x) - atan2(b.y - a.y, b.x - a.x)
        if delta > .pi { delta -= 2 * .pi }
        if delta < -.pi { delta += 2 * .pi }
        return delta
    }
}
