import MapWireGeometry

/// The target cameras states produce (what `observeDataSource` handlers receive in the Mapbox
/// ViewportState reference).
public enum ViewportStates {
    /// The camera `state` wants now, or nil when it has none: idle, follow-puck without a location,
    /// overview of an empty geometry or with padding that leaves no room.
    /// - Parameter current: supplies whatever the state leaves alone (follow-puck's nil zoom or pitch,
    ///   bearing `.none` or a missing heading/course).
    /// - Parameter puckAnchor: where follow-puck puts the location on screen (MGLMapViewDelegate's
    ///   `mapViewUserLocationAnchorPoint`); nil: the centre of the state's padded area.
    public static func targetCamera(
        for state: ViewportState, location: UserLocation?, current: Camera, size: ViewportSize, puckAnchor: ScreenPoint? = nil
    ) -> Camera? {
        switch state {
        case .idle, .custom:
            // A custom state's targets are published to the controller, which keeps them.
            return nil
        case .followPuck(let options):
            guard let location else { return nil }
            let bearing: Double = switch options.bearing {
            case .heading: location.heading ?? current.bearing
            case .course: location.course ?? current.bearing
            case .fixed(let value): value
            case .none: current.bearing
            }
            let camera = Camera(
                center: location.coordinate, zoom: options.zoom ?? current.zoom,
                bearing: bearing, pitch: options.pitch ?? current.pitch
            ).clamped()
            if let puckAnchor { return Transform(camera: camera, size: size).camera(placing: location.coordinate, at: puckAnchor) }
            guard options.padding != .zero else { return camera }
            return Transform(camera: camera, size: size).camera(placing: location.coordinate, at: options.padding.center(in: size))
        case .overview(let options):
            return CameraFit.camera(
                fitting: options.geometry, size: size, padding: options.padding,
                bearing: options.bearing, pitch: options.pitch, maxZoom: options.maxZoom)
        }
    }
}
