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

    /// Whether a tile-unit position belongs to this tile rather than a neighbour's buffer.
    static func isOwned(_ p: (x: Double, y: Double), extent: Int) -> Bool {
        let e = Double(extent)
        return p.x >= 0 && p.y >= 0 && p.x < e && p.y < e
    }
}
