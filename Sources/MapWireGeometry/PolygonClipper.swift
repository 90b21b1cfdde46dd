/// Sutherland–Hodgman clipping of a polygon ring against a `ClipBox`, one box edge at a time. Parts of
/// the ring outside the box run along the box edge, which is what fills need; orientation is kept.
public enum PolygonClipper {
    public static func clip(_ ring: [PlanePoint], to box: ClipBox) -> [PlanePoint] {
        var output = ring
        output = clip(output, keep: { $0.x >= box.minimum }, cross: { a, b in crossX(a, b, box.minimum) })
        output = clip(output, keep: { $0.x <= box.maximum }, cross: { a, b in crossX(a, b, box.maximum) })
        output = clip(output, keep: { $0.y >= box.minimum }, cross: { a, b in crossY(a, b, box.minimum) })
        output = clip(output, keep: { $0.y <= box.maximum }, cross: { a, b in crossY(a, b, box.maximum) })
        return output
    }

    private static func clip(
        _ ring: [PlanePoint], keep: (PlanePoint) -> Bool, cross: (PlanePoint, PlanePoint) -> PlanePoint
    ) -> [PlanePoint] {
        guard var previous = ring.last else { return [] }
        var output: [PlanePoint] = []
        output.reserveCapacity(ring.count + 4)
        for point in ring {
            let inside = keep(point), previousInside = keep(previous)
            if inside != previousInside { output.append(cross(previous, point)) }
            if inside { output.append(point) }
            previous = point
        }
        return output
    }

    private static func crossX(_ a: PlanePoint, _ b: PlanePoint, _ x: Double) -> PlanePoint {
        PlanePoint(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
    }

    private static func crossY(_ a: PlanePoint, _ b: PlanePoint, _ y: Double) -> PlanePoint {
        PlanePoint(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y)
    }
}
