import MapWireVectorTile

/// Where a feature's point-placed symbols stand, in tile units: every point of a point
/// feature, the middle (by length) of each line, a well-inside point of each polygon.
enum PointAnchors {
    static func anchors(of feature: VectorFeature) -> [(x: Double, y: Double)] {
        switch feature.type {
        case .point:
            return feature.geometry.flatMap { $0.map { (Double($0.x), Double($0.y)) } }
        case .lineString:
            return feature.geometry.compactMap(middle)
        case .polygon:
            return feature.polygons().compactMap(PolygonLabelPoint.point)
        case .unknown:
            return []
        }
    }

    /// The point halfway along a line.
    static func middle(of line: [TilePoint]) -> (x: Double, y: Double)? {
        guard let first = line.first else { return nil }
        var lengths: [Double] = []
        var total = 0.0
        for i in 1..<max(1, line.count) {
            let dx = Double(line[i].x) - Double(line[i - 1].x), dy = Double(line[i].y) - Double(line[i - 1].y)
            let d = (dx * dx + dy * dy).squareRoot()
            lengths.append(d)
            total += d
        }
        guard total > 0 else { return (Double(first.x), Double(first.y)) }
        var remaining = total / 2
        for (i, d) in lengths.enumerated() {
            if remaining <= d, d > 0 {
                let t = remaining / d
                let a = line[i], b = line[i + 1]
                return (Double(a.x) + (Double(b.x) - Double(a.x)) * t, Double(a.y) + (Double(b.y) - Double(a.y)) * t)
            }
            remaining -= d
        }
        return (Double(line[line.count - 1].x), Double(line[line.count - 1].y))
    }

    /// Whether a tile-unit position belongs to this tile rather than a neighbour's buffer.
    static func isOwned(_ p: (x: Double, y: Double), extent: Int) -> Bool {
        let e = Double(extent)
        return p.x >= 0 && p.y >= 0 && p.x < e && p.y < e
    }
}
