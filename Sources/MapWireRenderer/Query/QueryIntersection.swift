import MapWireCanvas
import MapWireGeometry
import MapWireStyle

/// The shape tests a rendered-feature query decides hits with, with the boundary rules of MapLibre GL JS's
/// intersection tests (intersection_tests.ts): a point on a polygon's edge counts by the even-odd ray
/// cast, a buffered line or point hits only when strictly closer than its radius, segments cross by the
/// orientation test. A query "polygon" of one point is that point; a box is its closed ring.
enum QueryIntersection {
    /// Whether `c` lies counter-clockwise of the line a→b (y down: on screen, clockwise).
    @inline(__always)
    static func isCounterClockwise(_ a: Point2D, _ b: Point2D, _ c: Point2D) -> Bool {
        (c.y - a.y) * (b.x - a.x) > (b.y - a.y) * (c.x - a.x)
    }

    /// Even-odd ray cast against one ring (open or closed).
    static func ringContains(_ ring: [Point2D], _ p: Point2D) -> Bool {
        PlanarGeometry.ringContains(ring.map { PlanePoint(x: $0.x, y: $0.y) }, PlanePoint(x: p.x, y: p.y))
    }

    /// Even-odd ray cast across every ring together (holes and separate polygons alike).
    static func ringsContain(_ rings: [[Point2D]], _ p: Point2D) -> Bool {
        var inside = false
        for ring in rings where ringContains(ring, p) { inside.toggle() }
        return inside
    }

    static func segmentsCross(_ a0: Point2D, _ a1: Point2D, _ b0: Point2D, _ b1: Point2D) -> Bool {
        isCounterClockwise(a0, b0, b1) != isCounterClockwise(a1, b0, b1)
            && isCounterClockwise(a0, a1, b0) != isCounterClockwise(a0, a1, b1)
    }

    /// Whether any segment of one polyline crosses any segment of the other.
    static func linesCross(_ a: [Point2D], _ b: [Point2D]) -> Bool {
        guard a.count >= 2, b.count >= 2 else { return false }
        for i in 0..<(a.count - 1) {
            for j in 0..<(b.count - 1) where segmentsCross(a[i], a[i + 1], b[j], b[j + 1]) { return true }
        }
        return false
    }

    static func distanceSquared(_ a: Point2D, _ b: Point2D) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return dx * dx + dy * dy
    }

    /// Squared distance from `p` to the segment v–w.
    static func distanceToSegmentSquared(_ p: Point2D, _ v: Point2D, _ w: Point2D) -> Double {
        let lengthSquared = distanceSquared(v, w)
        guard lengthSquared != 0 else { return distanceSquared(p, v) }
        let t = ((p.x - v.x) * (w.x - v.x) + (p.y - v.y) * (w.y - v.y)) / lengthSquared
        if t < 0 { return distanceSquared(p, v) }
        if t > 1 { return distanceSquared(p, w) }
        return distanceSquared(p, Point2D(x: v.x + t * (w.x - v.x), y: v.y + t * (w.y - v.y)))
    }

    /// Whether `p` is strictly closer than `radius` to the polyline (a single point counts as one).
    static func pointNearLine(_ p: Point2D, _ line: [Point2D], radius: Double) -> Bool {
        let r2 = radius * radius
        if line.count == 1 { return distanceSquared(p, line[0]) < r2 }
        for i in line.indices.dropFirst() where distanceToSegmentSquared(p, line[i - 1], line[i]) < r2 { return true }
        return false
    }

    static func lineNearLine(_ a: [Point2D], _ b: [Point2D], radius: Double) -> Bool {
        if a.count > 1 {
            if linesCross(a, b) { return true }
            if b.contains(where: { pointNearLine($0, a, radius: radius) }) { return true }
        }
        return a.contains { pointNearLine($0, b, radius: radius) }
    }

    /// A circle of `radius` around `point` (circle layers).
    static func polygonHitsBufferedPoint(_ polygon: [Point2D], _ point: Point2D, radius: Double) -> Bool {
        ringContains(polygon, point) || pointNearLine(point, polygon, radius: radius)
    }

    /// Rings filled even-odd (fill layers).
    static func polygonHitsRings(_ polygon: [Point2D], _ rings: [[Point2D]]) -> Bool {
        if polygon.count == 1 { return ringsContain(rings, polygon[0]) }
        for ring in rings where ring.contains(where: { ringContains(polygon, $0) }) { return true }
        if polygon.contains(where: { ringsContain(rings, $0) }) { return true }
        return rings.contains { linesCross(polygon, $0) }
    }

    /// Lines widened to `radius` on each side (line layers).
    static func polygonHitsBufferedLines(_ polygon: [Point2D], _ lines: [[Point2D]], radius: Double) -> Bool {
        for line in lines {
            if polygon.count >= 3, line.contains(where: { ringContains(polygon, $0) }) { return true }
            if lineNearLine(polygon, line, radius: radius) { return true }
        }
        return false
    }

    /// Two polygons overlap (a placed label's box, an extrusion's face).
    static func polygonsOverlap(_ a: [Point2D], _ b: [Point2D]) -> Bool {
        a.contains { ringContains(b, $0) } || b.contains { ringContains(a, $0) } || linesCross(a, b)
    }

    /// The lines moved `offset` to the right of their direction (GL's line-offset for queries: each
    /// vertex along the mitred normal of its two segments).
    static func offsetLines(_ lines: [[Point2D]], by offset: Double) -> [[Point2D]] {
        lines.map { line in
            line.indices.map { i in
                let b = line[i]
                func normal(_ from: Point2D, _ to: Point2D) -> Point2D {
                    let dx = to.x - from.x, dy = to.y - from.y, length = (dx * dx + dy * dy).squareRoot()
                    // A zero-length segment has no direction (GL's unit vector is NaN there too).
                    return Point2D(x: -dy / length, y: dx / length)
                }
                let before = i == 0 ? Point2D(x: 0, y: 0) : normal(line[i - 1], b)
                let after = i == line.count - 1 ? Point2D(x: 0, y: 0) : normal(b, line[i + 1])
                var extrude = Point2D(x: before.x + after.x, y: before.y + after.y)
                let length = (extrude.x * extrude.x + extrude.y * extrude.y).squareRoot()
                extrude = Point2D(x: extrude.x / length, y: extrude.y / length)
                // At a line's last vertex there is no next segment: the normal of the one before, unscaled.
                let cosHalfAngle = extrude.x * after.x + extrude.y * after.y
                let mitre = cosHalfAngle != 0 ? 1 / cosHalfAngle : 1
                return Point2D(x: b.x + extrude.x * mitre * offset, y: b.y + extrude.y * mitre * offset)
            }
        }
    }
}
