import MapWireVectorTile

/// A point well inside a polygon (far from its edges) to hang a point label on: a coarse grid
/// search for the point most distant from every ring, refined twice around the best cell.
enum PolygonLabelPoint {
    static func point(in polygon: [[TilePoint]]) -> (x: Double, y: Double)? {
        guard let outer = polygon.first, outer.count >= 3 else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in outer {
            minX = min(minX, Double(p.x)); maxX = max(maxX, Double(p.x))
            minY = min(minY, Double(p.y)); maxY = max(maxY, Double(p.y))
        }
        var best: (x: Double, y: Double, distance: Double)? = nil
        var center = ((minX + maxX) / 2, (minY + maxY) / 2)
        var span = (maxX - minX, maxY - minY)
        let steps = 8
        for _ in 0..<3 {
            for i in 0...steps {
                for j in 0...steps {
                    let x = center.0 - span.0 / 2 + span.0 * Double(i) / Double(steps)
                    let y = center.1 - span.1 / 2 + span.1 * Double(j) / Double(steps)
                    let d = signedDistance(x, y, polygon)
                    if d > (best?.distance ?? 0) { best = (x, y, d) }
                }
            }
            guard let found = best else { break }
            center = (found.x, found.y)
            span = (span.0 / 4, span.1 / 4)
        }
        if let best { return (best.x, best.y) }
        // Slivers with no interior sample: the middle of the outer ring's vertices.
        let sx = outer.reduce(0.0) { $0 + Double($1.x) }, sy = outer.reduce(0.0) { $0 + Double($1.y) }
        return (sx / Double(outer.count), sy / Double(outer.count))
    }

    /// Distance to the nearest ring edge, negative outside the polygon.
    static func signedDistance(_ x: Double, _ y: Double, _ polygon: [[TilePoint]]) -> Double {
        var inside = false
        var nearest = Double.infinity
        for ring in polygon {
            var j = ring.count - 1
            for i in 0..<ring.count {
                let ax = Double(ring[i].x), ay = Double(ring[i].y), bx = Double(ring[j].x), by = Double(ring[j].y)
                if (ay > y) != (by > y), x < (bx - ax) * (y - ay) / (by - ay) + ax { inside.toggle() }
                nearest = min(nearest, segmentDistanceSquared(x, y, ax, ay, bx, by))
                j = i
            }
        }
        let d = nearest.squareRoot()
        return inside ? d : -d
    }

    private static func segmentDistanceSquared(_ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        var x = ax, y = ay
        let dx = bx - ax, dy = by - ay
        if dx != 0 || dy != 0 {
            let t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)
            if t > 1 { x = bx; y = by } else if t > 0 { x += dx * t; y += dy * t }
        }
        return (px - x) * (px - x) + (py - y) * (py - y)
    }
}
