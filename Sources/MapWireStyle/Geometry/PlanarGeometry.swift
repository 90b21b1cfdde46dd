import MapWireGeometry

/// A box as (minX, minY, maxX, maxY), empty when min > max.
struct BoundingBox: Sendable {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    mutating func include(_ p: PlanePoint) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    /// Strictly inside `other` on every side.
    func isWithin(_ other: BoundingBox) -> Bool {
        minX > other.minX && maxX < other.maxX && minY > other.minY && maxY < other.maxY
    }

    var isValid: Bool { minX != -.infinity && minY != -.infinity && maxX != .infinity && maxY != .infinity }
}

/// The point-in-polygon and segment tests of the style specification's geometry utilities, exact on
/// the integer tile coordinates they are used with.
public enum PlanarGeometry {
    /// Whether a horizontal ray from `p` to +x crosses the segment p1–p2 (the even-odd rule's step).
    public static func rayIntersects(_ p: PlanePoint, _ p1: PlanePoint, _ p2: PlanePoint) -> Bool {
        (p1.y > p.y) != (p2.y > p.y) && p.x < (p2.x - p1.x) * (p.y - p1.y) / (p2.y - p1.y) + p1.x
    }

    /// The even-odd rule over one ring, open or closed (a point exactly on an edge may go either way).
    public static func ringContains(_ ring: [PlanePoint], _ p: PlanePoint) -> Bool {
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            if rayIntersects(p, ring[i], ring[j]) { inside.toggle() }
            j = i
        }
        return inside
    }

    static func isOnBoundary(_ p: PlanePoint, _ p1: PlanePoint, _ p2: PlanePoint) -> Bool {
        let x1 = p.x - p1.x, y1 = p.y - p1.y, x2 = p.x - p2.x, y2 = p.y - p2.y
        return x1 * y2 - x2 * y1 == 0 && x1 * x2 <= 0 && y1 * y2 <= 0
    }

    /// Ray casting over every ring; a point on an edge counts as `onBoundary`.
    static func pointWithinPolygon(_ point: PlanePoint, _ rings: [[PlanePoint]], onBoundary: Bool = false) -> Bool {
        var inside = false
        for ring in rings where ring.count > 1 {
            for j in 0..<(ring.count - 1) {
                if isOnBoundary(point, ring[j], ring[j + 1]) { return onBoundary }
                if rayIntersects(point, ring[j], ring[j + 1]) { inside.toggle() }
            }
        }
        return inside
    }

    static func pointWithinPolygons(_ point: PlanePoint, _ polygons: [[[PlanePoint]]]) -> Bool {
        polygons.contains { pointWithinPolygon(point, $0) }
    }

    private static func perp(_ v1: PlanePoint, _ v2: PlanePoint) -> Double { v1.x * v2.y - v1.y * v2.x }

    /// Whether p1 and p2 lie strictly on different sides of the line q1–q2.
    private static func twoSided(_ p1: PlanePoint, _ p2: PlanePoint, _ q1: PlanePoint, _ q2: PlanePoint) -> Bool {
        let x1 = p1.x - q1.x, y1 = p1.y - q1.y, x2 = p2.x - q1.x, y2 = p2.y - q1.y, x3 = q2.x - q1.x, y3 = q2.y - q1.y
        let det1 = x1 * y3 - x3 * y1
        let det2 = x2 * y3 - x3 * y2
        return (det1 > 0 && det2 < 0) || (det1 < 0 && det2 > 0)
    }

    /// Whether segments a–b and c–d cross (parallel segments never do).
    static func segmentsIntersect(_ a: PlanePoint, _ b: PlanePoint, _ c: PlanePoint, _ d: PlanePoint) -> Bool {
        let vectorP = PlanePoint(x: b.x - a.x, y: b.y - a.y)
        let vectorQ = PlanePoint(x: d.x - c.x, y: d.y - c.y)
        if perp(vectorQ, vectorP) == 0 { return false }
        return twoSided(a, b, c, d) && twoSided(c, d, a, b)
    }

    static func lineIntersectsPolygon(_ p1: PlanePoint, _ p2: PlanePoint, _ polygon: [[PlanePoint]]) -> Bool {
        for ring in polygon where ring.count > 1 {
            for j in 0..<(ring.count - 1) where segmentsIntersect(p1, p2, ring[j], ring[j + 1]) { return true }
        }
        return false
    }

    static func lineWithinPolygon(_ line: [PlanePoint], _ polygon: [[PlanePoint]]) -> Bool {
        guard line.allSatisfy({ pointWithinPolygon($0, polygon) }) else { return false }
        for i in 0..<max(0, line.count - 1) where lineIntersectsPolygon(line[i], line[i + 1], polygon) { return false }
        return true
    }

    static func lineWithinPolygons(_ line: [PlanePoint], _ polygons: [[[PlanePoint]]]) -> Bool {
        polygons.contains { lineWithinPolygon(line, $0) }
    }
}
