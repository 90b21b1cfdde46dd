import MapWireGeometry
import MapWireStyle

/// Plane geometry for annotation rings and lines, in whatever 2-D space the caller works in (degrees for
/// validation, screen px for hit-testing).
public enum RingGeometry {
    /// The first pair of edges (indices, edge i runs from point i to i+1, the last one closes the ring)
    /// that are not neighbours and touch or cross; neighbours that fold back onto each other count too.
    /// Every pair is compared: rings are limited in size (AnnotationValidation.maxCoordinates).
    public static func firstSelfIntersection(_ ring: [LngLat]) -> (Int, Int)? {
        let n = ring.count
        let pts = ring.map { (x: $0.longitude, y: $0.latitude) }
        func edge(_ i: Int) -> ((x: Double, y: Double), (x: Double, y: Double)) { (pts[i], pts[(i + 1) % n]) }
        for i in 0..<n {
            let (a, b) = edge(i)
            for j in (i + 1)..<n {
                let (c, d) = edge(j)
                let adjacent = j == i + 1 || (i == 0 && j == n - 1)
                if adjacent {
                    // Neighbours share one vertex; they intersect only when they overlap along a line.
                    let shared = j == i + 1 ? b : a
                    let p = j == i + 1 ? a : b, q = j == i + 1 ? d : c
                    if cross(shared, p, q) == 0, dot(shared, p, q) > 0 { return (i, j) }
                    continue
                }
                if segmentsIntersect(a, b, c, d) { return (i, j) }
            }
        }
        return nil
    }

    /// Whether segments ab and cd share any point (touching counts).
    public static func segmentsIntersect(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double),
                                         _ c: (x: Double, y: Double), _ d: (x: Double, y: Double)) -> Bool {
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        return (d1 == 0 && onSegment(c, d, a)) || (d2 == 0 && onSegment(c, d, b))
            || (d3 == 0 && onSegment(a, b, c)) || (d4 == 0 && onSegment(a, b, d))
    }

    /// Even-odd rule: whether p is inside the closed ring (points exactly on an edge may go either way).
    public static func contains(_ ring: [(x: Double, y: Double)], _ p: (x: Double, y: Double)) -> Bool {
        PlanarGeometry.ringContains(ring.map { PlanePoint(x: $0.x, y: $0.y) }, PlanePoint(x: p.x, y: p.y))
    }

    /// Distance from p to segment ab.
    public static func distance(_ p: (x: Double, y: Double), toSegment a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let t = length2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }

    /// (b − o) × (c − o): > 0 when o, b, c turn counter-clockwise (in a y-up plane).
    static func cross(_ o: (x: Double, y: Double), _ b: (x: Double, y: Double), _ c: (x: Double, y: Double)) -> Double {
        (b.x - o.x) * (c.y - o.y) - (b.y - o.y) * (c.x - o.x)
    }

    static func dot(_ o: (x: Double, y: Double), _ b: (x: Double, y: Double), _ c: (x: Double, y: Double)) -> Double {
        (b.x - o.x) * (c.x - o.x) + (b.y - o.y) * (c.y - o.y)
    }

    /// For p collinear with ab: whether it lies within ab's box.
    static func onSegment(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), _ p: (x: Double, y: Double)) -> Bool {
        min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
    }
}
