/// Cuts a polyline to a `ClipBox`. Each stretch inside the box becomes its own part, so a line that
/// leaves and comes back is split in two.
public enum LineClipper {
    public static func clip(_ line: [PlanePoint], to box: ClipBox) -> [[PlanePoint]] {
        var parts: [[PlanePoint]] = []
        var current: [PlanePoint] = []
        for (a, b) in zip(line, line.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            guard let (enter, leave) = segmentRange(from: a, dx: dx, dy: dy, in: box) else {
                if !current.isEmpty { parts.append(current); current = [] }
                continue
            }
            if current.isEmpty { current.append(enter == 0 ? a : PlanePoint(x: a.x + enter * dx, y: a.y + enter * dy)) }
            current.append(leave == 1 ? b : PlanePoint(x: a.x + leave * dx, y: a.y + leave * dy))
            if leave < 1 { parts.append(current); current = [] }
        }
        if !current.isEmpty { parts.append(current) }
        return parts.filter { $0.count >= 2 }
    }

    /// Liang–Barsky: the parameters enter...leave (within 0...1) of the part of segment
    /// a + t·(dx, dy) inside the box, or nil when none of it is.
    public static func segmentRange(from a: PlanePoint, dx: Double, dy: Double, in box: ClipBox) -> (enter: Double, leave: Double)? {
        var enter = 0.0, leave = 1.0
        // Each pair is (-direction, distance to the edge) for the four box edges.
        let edges = [(-dx, a.x - box.minimum), (dx, box.maximum - a.x), (-dy, a.y - box.minimum), (dy, box.maximum - a.y)]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return nil }  // parallel to this edge and outside it
                continue
            }
            let t = q / p
            if p < 0 { enter = max(enter, t) } else { leave = min(leave, t) }
            if enter > leave { return nil }
        }
        return (enter, leave)
    }
}
