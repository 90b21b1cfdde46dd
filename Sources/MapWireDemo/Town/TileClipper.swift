/// Clips tile-space geometry (doubles, y down) to a square box around the tile, so features that
/// cross tile edges are cut with a little overlap (the buffer) instead of being dropped or kept whole.
struct TileClipper {
    typealias Point = (x: Double, y: Double)

    let minimum: Double
    let maximum: Double

    init(extent: Double, buffer: Double) {
        minimum = -buffer
        maximum = extent + buffer
    }

    func contains(_ p: Point) -> Bool {
        p.x >= minimum && p.x <= maximum && p.y >= minimum && p.y <= maximum
    }

    /// Sutherland–Hodgman against the four edges; keeps ring orientation.
    func clipRing(_ ring: [Point]) -> [Point] {
        var output = ring
        let edges: [(Point) -> Double] = [
            { $0.x - minimum }, { maximum - $0.x }, { $0.y - minimum }, { maximum - $0.y },
        ]
        for inside in edges {
            let input = output
            output = []
            guard var previous = input.last else { break }
            for current in input {
                let currentIn = inside(current) >= 0, previousIn = inside(previous) >= 0
                if currentIn != previousIn {
                    let t = inside(previous) / (inside(previous) - inside(current))
                    output.append((previous.x + t * (current.x - previous.x), previous.y + t * (current.y - previous.y)))
                }
                if currentIn { output.append(current) }
                previous = current
            }
        }
        return output
    }

    /// Liang–Barsky per segment; a line leaving and re-entering the box becomes several parts.
    func clipLine(_ line: [Point]) -> [[Point]] {
        var parts: [[Point]] = []
        var current: [Point] = []
        for (a, b) in zip(line, line.dropFirst()) {
            guard let (start, end, startClipped, endClipped) = clipSegment(a, b) else {
                if !current.isEmpty { parts.append(current); current = [] }
                continue
            }
            if startClipped || current.isEmpty {
                if !current.isEmpty { parts.append(current) }
                current = [start]
            }
            current.append(end)
            if endClipped { parts.append(current); current = [] }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    private func clipSegment(_ a: Point, _ b: Point) -> (Point, Point, Bool, Bool)? {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, a.x - minimum), (dx, maximum - a.x), (-dy, a.y - minimum), (dy, maximum - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return nil }
            }
        }
        return ((a.x + t0 * dx, a.y + t0 * dy), (a.x + t1 * dx, a.y + t1 * dy), t0 > 0, t1 < 1)
    }
}
