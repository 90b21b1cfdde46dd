import MapWireGeometry

/// What the core does after a `ViewportController` call.
public struct ViewportUpdate: Equatable, Sendable {
    /// Apply this camera (nil: leave the camera alone).
    public var camera: Camera?
    /// Status changes in the order they happened; one event each.
    public var statusChanges: [ViewportStatusChange]
    /// The state's latest target, also when it is not driving the camera (the data source of the Mapbox
    /// ViewportState reference).
    public var target: Camera?

    public init(camera: Camera? = nil, statusChanges: [ViewportStatusChange] = [], target: Camera? = nil) {
        self.camera = camera
        self.statusChanges = statusChanges
        self.target = target
    }
}
