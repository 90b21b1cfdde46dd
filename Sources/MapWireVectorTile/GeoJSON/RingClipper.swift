/// Sutherland–Hodgman clipping of a ring against a `TileBox`, one box edge at a time.
/// Parts of the ring outside the box run along the box edge, which is what fills need.
enum RingClipper {
    static func clip(_ ring: [WorldPoint], to box: TileBox) -> [WorldPoint] {
        var output = ring
        output = clip(output, keep: { $0.x >= box.minimum }, cross: { a, b in crossX(a, b, box.minimum) })
        output = clip(output, keep: { $0.x <= box.maximum }, cross: { a, b in crossX(a, b, box.maximum) })
        output = clip(output, keep: { $0.y >= box.minimum }, cross: { a, b in crossY(a, b, box.minimum) })
        output = clip(output, keep: { $0.y <= box.maximum }, cross: { a, b in crossY(a, b, box.maximum) })
        return output
    }

    private static func clip(
        _ ring: [WorldPoint], keep: (WorldPoint) -> Bool, cross: (WorldPoint, WorldPoint) -> WorldPoint
    ) -> [WorldPoint] {
        guard var previous = ring.last else { return [] }
        var output: [WorldPoint] = []
        output.reserveCapacity(ring.count + 4)
        for point in ring {
            let inside = keep(point), previousInside = keep(previous)
            if inside != previousInside { output.append(cross(previous, point)) }
            if inside { output.append(point) }
            previous = point
        }
        return output
    }

    private static func crossX(_ a: WorldPoint, _ b: WorldPoint, _ x: Double) -> WorldPoint {
        WorldPoint(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x))
    }

    private static func crossY(_ a: WorldPoint, _ b: WorldPoint, _ y: Double) -> WorldPoint {
        WorldPoint(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y)
    }
}
