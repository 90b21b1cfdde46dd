import MapWireVectorTile

/// Where a feature's point-placed symbols stand, in tile units: every point of a point
/// feature, the first vertex of each line (as GL engines do: MapLibre GL JS's symbol_layout.ts),
/// a well-inside point of each polygon.
enum PointAnchors {
    static func anchors(of feature: VectorFeature) -> [(x: Double, y: Double)] {
        switch feature.type {
        case .point:
            return feature.geometry.flatMap { $0.map { (Double($0.x), Double($0.y)) } }
        case .lineString:
            return feature.geometry.compactMap { line in line.first.map { (Double($0.x), Double($0.y)) } }
        case .polygon:
            return feature.polygons().compactMap(PolygonLabelPoint.point)
        case .unknown:
            return []
        }
    }

    /// Which neighbour's square a tile-unit position lies in: (0, 0) for this tile's own, else −1 or +1
    /// across and down.
    static func neighbour(of p: (x: Double, y: Double), extent: Int) -> (dx: Int, dy: Int) {
        let e = Double(extent)
        return (p.x < 0 ? -1 : p.x >= e ? 1 : 0, p.y < 0 ? -1 : p.y >= e ? 1 : 0)
    }

    /// Whether a symbol at `p` is placed from this tile: its own anchors, and those in its buffer whose
    /// owning neighbour is not drawn (`isDrawn(dx, dy)`), so a label just beyond the last tile in view still
    /// reaches into it, as the suite's GL JS drew buffer anchors, without drawing one symbol twice.
    static func isPlaced(_ p: (x: Double, y: Double), extent: Int, isDrawn: (Int, Int) -> Bool) -> Bool {
        let n = neighbour(of: p, extent: extent)
        return n == (0, 0) || !isDrawn(n.dx, n.dy)
    }

    /// Whether a tile-unit position belongs to this tile rather than a neighbour's buffer.
    static func isOwned(_ p: (x: Double, y: Double), extent: Int) -> Bool {
        let e = Double(extent)
        return p.x >= 0 && p.y >= 0 && p.x < e && p.y < e
    }
}
