/// One decoded feature of a vector tile layer.
public struct VectorFeature: Sendable, Equatable {
    public var id: UInt64?
    public var type: FeatureGeometryType
    /// Points: one array with every point. Lines: one array per line. Polygons: one array per ring,
    /// in tile order, each ring closed implicitly (no repeated first point).
    public var geometry: [[TilePoint]]
    public var properties: [String: FeatureValue]

    public init(id: UInt64? = nil, type: FeatureGeometryType, geometry: [[TilePoint]], properties: [String: FeatureValue] = [:]) {
        self.id = id
        self.type = type
        self.geometry = geometry
        self.properties = properties
    }

    /// Polygons grouped as [exterior, holes...] using the spec's winding rule (exterior rings have
    /// positive area in tile coordinates, i.e. clockwise on screen; a ring of zero area is dropped).
    /// Holes that come before any exterior ring have nothing to belong to and are dropped too.
    public func polygons() -> [[[TilePoint]]] {
        var result: [[[TilePoint]]] = []
        for ring in geometry {
            let area = RingArea.doubledSignedArea(ring)
            if area > 0 {
                result.append([ring])
            } else if area < 0, !result.isEmpty {
                result[result.count - 1].append(ring)
            }
        }
        return result
    }
}
