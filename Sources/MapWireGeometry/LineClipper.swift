/// Cuts a polyline to a `ClipBox`. Each stretch inside the box becomes its own part, so a line that
/// leaves and comes back is split in two.
public enum LineClipper {
    public static func clip(_ line: [PlanePoint], to box: ClipBox) -> [[PlanePoint]] {
        clipMeasured(line, to: box).map(\.points)
    }

    /// One stretch of a line inside the box, with how far along the whole line (in its own units)
    /// the stretch starts and ends.
    public struct Part: Equatable, Sendable {
        public var points: [PlanePoint]
        public var start: Double
        public var end: Double
    }

    /// `clip`, keeping where each part lies along the line (what GL's line gradients need to carry
    /// on across tiles).
    public static func clipMeasured(_ line: [PlanePoint], to box: ClipBox) -> [Part] {
        var parts: [Part] = []
        var current: [PlanePoint] = []
        var start = 0.0
        var travelled = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            defer { travelled += length }
            guard let (enter, leave) = segmentRange(from: a, dx: dx, dy: dy, in: box) else {
                if !current.isEmpty { parts.append(Part(points: current, start: start, end: travelled)); current = [] }
                continue
            }
            if current.isEmpty {
                current.append(enter == 0 ? a : PlanePoint(x: a.x + enter * dx, y: a.y + enter * dy))
                start = travelled + enter * length
            }
            current.append(leave == 1 ? b : PlanePoint(x: a.x + leave * dx, y: a.y + leave * dy))
            if leave < 1 {
                parts.append(Part(points: current, start: start, end: travelled + leave * length))
                current = []
            }
        }
        if !current.isEmpty { parts.append(Part(points: current, start: start, end: travelled)) }
        return parts.filter { $0.points.count >= 2 }
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
