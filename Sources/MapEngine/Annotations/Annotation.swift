import MapWireGeometry

/// Something the application puts on the map (an MGLAnnotation of MapLibre's MGLMapView): a marker, a line or an area,
/// with a title and subtitle for its callout.
public struct Annotation: Equatable, Sendable {
    public var id: String
    public var title: String
    public var subtitle: String
    public var shape: AnnotationShape
    /// The application's own key-value pairs (a delegate may colour by them).
    public var attributes: [String: String]

    public init(id: String, title: String = "", subtitle: String = "", shape: AnnotationShape, attributes: [String: String] = [:]) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.shape = shape
        self.attributes = attributes
    }
}

public enum AnnotationShape: Equatable, Sendable {
    /// A marker drawn with a style image (nil: the built-in pin) anchored at its bottom centre.
    case point(LngLat, image: String?)
    /// A line through at least 2 coordinates.
    case polyline([LngLat])
    /// An area: its outer ring and holes, each stored open (no repeated closing coordinate).
    case polygon(outer: [LngLat], holes: [[LngLat]])
}
