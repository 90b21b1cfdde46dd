/// The geometry kind a vector tile feature declares (spec 4.3.4).
public enum FeatureGeometryType: Sendable, Equatable {
    case unknown, point, lineString, polygon
}
