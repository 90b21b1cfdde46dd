/// A longitude/latitude pair in degrees.
struct GeoPosition: Equatable, Sendable {
    var longitude: Double
    var latitude: Double
}

/// One drawable geometry read from GeoJSON. Multi-geometries keep all their parts; a
/// GeometryCollection becomes several of these.
enum GeoJSONGeometry: Equatable, Sendable {
    case points([GeoPosition])
    case lines([[GeoPosition]])
    /// Polygons as [exterior, holes...], rings without the repeated closing position.
    case polygons([[[GeoPosition]]])
}

/// A feature as read from GeoJSON, before projection.
struct GeoJSONFeature: Sendable {
    var id: UInt64?
    var properties: [String: FeatureValue]
    var geometries: [GeoJSONGeometry]
}
