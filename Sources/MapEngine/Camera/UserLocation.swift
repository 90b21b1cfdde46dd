import MapWireGeometry

/// A fix from the location provider, as the follow-puck state consumes it.
public struct UserLocation: Equatable, Sendable {
    public var coordinate: LngLat
    /// Degrees clockwise from north the device points at, from the compass, if known.
    public var heading: Double?
    /// Degrees clockwise from north the device moves towards, if known.
    public var course: Double?
    /// Horizontal accuracy in metres, if known.
    public var accuracy: Double?

    public init(coordinate: LngLat, heading: Double? = nil, course: Double? = nil, accuracy: Double? = nil) {
        self.coordinate = coordinate
        self.heading = heading
        self.course = course
        self.accuracy = accuracy
    }
}
