extension FeatureGeometryType {
    /// Unrecognised enum numbers never reach here: proto2 decoding keeps them out of the field,
    /// so an invalid type reads as the default UNKNOWN (the spec's recoverable case).
    init(_ type: VectorTile_Tile.GeomType) {
        switch type {
        case .point: self = .point
        case .linestring: self = .lineString
        case .polygon: self = .polygon
        case .unknown: self = .unknown
        }
    }
}
