import MapWireGeometry

/// Which way a follow-puck camera faces.
public enum FollowPuckBearing: Equatable, Sendable {
    /// The location's heading, from the compass; the current bearing when it has none.
    case heading
    /// The location's course (direction of travel); the current bearing when it has none.
    case course
    case fixed(Double)
    /// Leave the bearing alone.
    case none
}

public struct FollowPuckOptions: Equatable, Sendable {
    /// nil keeps the current zoom.
    public var zoom: Double?
    /// nil keeps the current pitch.
    public var pitch: Double?
    public var bearing: FollowPuckBearing
    /// The puck shows at the centre of the padded area.
    public var padding: EdgePadding

    public init(zoom: Double? = 16.35, pitch: Double? = 45, bearing: FollowPuckBearing = .heading, padding: EdgePadding = .zero) {
        self.zoom = zoom
        self.pitch = pitch
        self.bearing = bearing
        self.padding = padding
    }
}

public struct OverviewOptions: Equatable, Sendable {
    /// The places to show (a route, a set of markers); empty gives no target.
    public var geometry: [LngLat]
    public var padding: EdgePadding
    public var bearing: Double
    public var pitch: Double
    public var maxZoom: Double?

    public init(geometry: [LngLat], padding: EdgePadding = .zero, bearing: Double = 0, pitch: Double = 0, maxZoom: Double? = nil) {
        self.geometry = geometry
        self.padding = padding
        self.bearing = bearing
        self.pitch = pitch
        self.maxZoom = maxZoom
    }
}

/// A way the viewport can drive the camera (a state in the Mapbox ViewportState reference). A state turns
/// inputs into target cameras; whether those targets move the camera is up to `ViewportController`.
public enum ViewportState: Equatable, Sendable {
    /// Nothing drives the camera.
    case idle
    /// Keeps the user's location in view as it moves.
    case followPuck(FollowPuckOptions)
    /// Shows a whole geometry.
    case overview(OverviewOptions)
    /// A state provided from outside (a plugin): its targets are published to the controller by name.
    case custom(String)

    /// The name status changes and events carry.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .followPuck: "follow-puck"
        case .overview: "overview"
        case .custom(let name): name
        }
    }
}
