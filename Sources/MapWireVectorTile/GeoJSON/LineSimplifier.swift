import MapWireGeometry

/// Douglas–Peucker simplification: drops points closer than the tolerance to the line through
/// their neighbours. Endpoints always stay, so clipped parts keep meeting the tile edge.
enum LineSimplifier {
    static func simplify(_ points: [PlanePoint], tolerance: Double) -> [PlanePoint] {
        guard tolerance > 0, points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        // An explicit stack instead of recursion: long lines cannot exhaust the call stack.
        var stack = [(0, points.count - 1)]
        let squaredTolerance = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            var farthest = first, farthestDistance = 0.0
            for index in (first + 1)..<last {
                let distance = squaredDistance(points[index], points[first], points[last])
                if distance > farthestDistance { farthest = index; farthestDistance = distance }
            }
            if farthestDistance > squaredTolerance {
                keep[farthest] = true
                if farthest - first > 1 { stack.append((first, farthest)) }
                if last - farthest > 1 { stack.append((farthest, last)) }
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// Rings: the start point is repeated at the end so the last edge is considered too.
    /// If simplifying would leave fewer than three corners, the ring is kept as it was,
    /// so small polygons do not vanish just because they are small.
    static func simplifyRing(_ ring: [PlanePoint], tolerance: Double) -> [PlanePoint] {
        guard let first = ring.first, ring.count > 3 else { return ring }
        let simplified = Array(simplify(ring + [first], tolerance: tolerance).dropLast())
        return simplified.count >= 3 ? simplified : ring
    }

    /// Squared distance from p to the segment a–b.
    private static func squaredDistance(_ p: PlanePoint, _ a: PlanePoint, _ b: PlanePoint) -> Double {
        var x = a.x, y = a.y
        let dx = b.x - a.x, dy = b.y - a.y
        if dx != 0 || dy != 0 {
            let t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)
            if t > 1 { x = b.x; y = b.y } else if t > 0 { x += dx * t; y += dy * t }
        }
        return (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)
    }
}
