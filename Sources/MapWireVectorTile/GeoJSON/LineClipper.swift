/// Cuts a polyline to a `TileBox`. Each stretch inside the box becomes its own part, so a line
/// that leaves and comes back is split in two.
enum LineClipper {
    static func clip(_ line: [WorldPoint], to box: TileBox) -> [[WorldPoint]] {
        var parts: [[WorldPoint]] = []
        var current: [WorldPoint] = []
        for (start, end) in zip(line, line.dropFirst()) {
            guard let (entry, exit, leaves) = clipSegment(start, end, to: box) else {
                if !current.isEmpty { parts.append(current); current = [] }
                continue
            }
            if current.isEmpty { current.append(entry) }
            current.append(exit)
            if leaves { parts.append(current); current = [] }
        }
        if !current.isEmpty { parts.append(current) }
        return parts.filter { $0.count >= 2 }
    }

    /// Liang–Barsky: the part of segment a→b inside the box, and whether it stops before b.
    private static func clipSegment(_ a: WorldPoint, _ b: WorldPoint, to box: TileBox) -> (WorldPoint, WorldPoint, Bool)? {
        let dx = b.x - a.x, dy = b.y - a.y
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
        let entry = enter == 0 ? a : WorldPoint(x: a.x + enter * dx, y: a.y + enter * dy)
        let exit = leave == 1 ? b : WorldPoint(x: a.x + leave * dx, y: a.y + leave * dy)
        return (entry, exit, leave < 1)
    }
}
