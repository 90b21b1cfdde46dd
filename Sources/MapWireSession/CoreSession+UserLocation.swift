import MapEngine
import MapWireGeometry
import MapWireProtocol

/// The user-location commands and events (seed 004): showing the location, the tracking modes (which
/// drive the viewport's follow-puck state), fixes and failures from the location plugin.
extension CoreSession {
    /// A fix slower than this after the previous one is still eased toward in this many seconds at most.
    static let longestTrackingEaseSeconds = 5.0

    func updateLocation(_ c: Mapwire_V1_UpdateLocation) throws(MapCommandError) {
        let optionals = [c.hasHeading ? c.heading : nil, c.hasCourse ? c.course : nil,
                         c.hasHorizontalAccuracy ? c.horizontalAccuracy : nil, c.hasAltitude ? c.altitude : nil,
                         c.hasSpeed ? c.speed : nil].compactMap { $0 }
        guard (optionals + [c.latitude, c.longitude]).allSatisfy(\.isFinite) else {
            throw MapCommandError("location values must be finite numbers")
        }
        guard abs(c.latitude) <= 90 else { throw MapCommandError("latitude \(c.latitude) is outside -90...90") }
        if tracking.showsUserLocation {
            publish(.userLocationUpdated(.with { $0.location = c.userLocation(defaultTimestamp: wallNanos) }))
            // The puck is drawn where the fix is (RenderFrame.puck).
            map.requestRepaint()
        }
        let location = UserLocation(
            coordinate: LngLat(longitude: c.longitude, latitude: c.latitude),
            heading: c.hasHeading ? c.heading : nil, course: c.hasCourse ? c.course : nil,
            accuracy: c.hasHorizontalAccuracy ? c.horizontalAccuracy : nil)
        // While tracking, each ease lasts as long as the gap since the previous fix: the camera then moves
        // along the track at the fixes' pace instead of arriving early and cutting the next corner.
        let pace = tracking.mode == .none ? nil
            : lastLocationMillis.map { min(Self.longestTrackingEaseSeconds, Double(now - $0) / 1000) }
        lastLocationMillis = now
        applyViewport(viewport.update(location: location, camera: map.camera, size: map.size, at: nowSeconds, followDuration: pace))
    }

    func setShowsUserLocation(_ shows: Bool) {
        let before = tracking.mode
        let events = tracking.setShowsUserLocation(shows)
        // The puck appears or goes.
        if !events.isEmpty { map.requestRepaint() }
        releaseTrackingViewport(from: before)
        publishTracking(events)
    }

    func setTrackingMode(_ c: Mapwire_V1_SetTrackingMode) throws(MapCommandError) {
        guard let mode = c.mode.engineMode else {
            throw MapCommandError("set-tracking-mode needs a mode: none, follow, follow-with-heading or follow-with-course")
        }
        let before = tracking.mode
        let events = tracking.setMode(mode, animated: c.animated)
        guard !events.isEmpty else { return }
        // will-start-locating-user comes before the camera moves, tracking-mode-changed after it starts.
        publishTracking(events.filter { $0 == .willStartLocating })
        if let options = mode.followPuck {
            // Pacing starts with the next fix: a gap from before tracking began says nothing about the track.
            lastLocationMillis = nil
            let transition: ViewportTransition = c.animated ? .default() : .immediate
            applyViewport(viewport.transition(to: .followPuck(options), using: transition, camera: map.camera, size: map.size, at: nowSeconds))
        } else {
            releaseTrackingViewport(from: before)
        }
        publishTracking(events.filter { $0 != .willStartLocating })
    }

    func reportLocationFailure(_ c: Mapwire_V1_ReportLocationFailure) throws(MapCommandError) {
        guard !c.error.isEmpty else { throw MapCommandError("report-location-failure needs an error message") }
        publish(.didFailToLocateUser(.with { $0.error = c.error }))
    }

    /// report-location-authorization: publishes did-change-location-manager-authorization when the
    /// authorization differs from the last one reported (a repeat publishes nothing).
    func reportLocationAuthorization(_ c: Mapwire_V1_ReportLocationAuthorization) throws(MapCommandError) {
        guard c.status.isKnown else {
            throw MapCommandError("report-location-authorization needs a status: not-determined, restricted, denied, authorized-always or authorized-when-in-use")
        }
        guard c.accuracy.isKnown else {
            throw MapCommandError("report-location-authorization needs an accuracy: full or reduced")
        }
        let event = Mapwire_V1_DidChangeLocationManagerAuthorization.with { $0.status = c.status; $0.accuracy = c.accuracy }
        guard event != locationAuthorization else { return }
        locationAuthorization = event
        publish(.didChangeLocationManagerAuthorization(event))
    }

    /// A location plugin that goes away is a lost source, as far as a map showing the location can tell.
    func locationPluginGone(_ gone: PluginRegistry.Plugin) {
        guard gone.roles.contains(PluginRole.location), tracking.showsUserLocation else { return }
        publish(.didFailToLocateUser(.with { $0.error = "the location provider \(gone.id) went away" }))
    }

    /// When tracking in `mode` ended, the follow-puck state it put the viewport in goes idle.
    private func releaseTrackingViewport(from mode: UserTrackingMode) {
        guard tracking.mode == .none, let options = mode.followPuck, viewport.state == .followPuck(options) else { return }
        applyViewport(viewport.idle())
    }

    func publishTracking(_ events: [UserTracking.Event]) {
        for event in events {
            switch event {
            case .willStartLocating: publish(.willStartLocatingUser(.init()))
            case .didStopLocating: publish(.didStopLocatingUser(.init()))
            case .modeChanged(let mode, let animated):
                publish(.trackingModeChanged(.with { $0.mode = Mapwire_V1_UserTrackingMode(mode); $0.animated = animated }))
            }
        }
    }
}

extension Mapwire_V1_UserTrackingMode {
    init(_ mode: UserTrackingMode) {
        self = switch mode {
        case .none: .none
        case .follow: .follow
        case .followWithHeading: .followWithHeading
        case .followWithCourse: .followWithCourse
        }
    }

    /// nil for unspecified or unknown values.
    var engineMode: UserTrackingMode? {
        switch self {
        case .none: UserTrackingMode.none
        case .follow: .follow
        case .followWithHeading: .followWithHeading
        case .followWithCourse: .followWithCourse
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}

extension Mapwire_V1_UpdateLocation {
    /// The event form of a fix; an unset timestamp becomes `defaultTimestamp` (when it arrived).
    func userLocation(defaultTimestamp: Int64) -> Mapwire_V1_UserLocation {
        .with {
            $0.latitude = latitude
            $0.longitude = longitude
            if hasAltitude { $0.altitude = altitude }
            if hasHorizontalAccuracy { $0.horizontalAccuracy = horizontalAccuracy }
            if hasCourse { $0.course = course }
            if hasSpeed { $0.speed = speed }
            if hasHeading { $0.heading = heading }
            $0.timestampUnixNanos = timestampUnixNanos == 0 ? defaultTimestamp : timestampUnixNanos
        }
    }
}

extension Mapwire_V1_LocationAuthorizationStatus {
    /// False for unspecified and values this core does not know.
    var isKnown: Bool {
        switch self {
        case .notDetermined, .restricted, .denied, .authorizedAlways, .authorizedWhenInUse: true
        case .unspecified, .UNRECOGNIZED: false
        }
    }
}

extension Mapwire_V1_LocationAccuracyAuthorization {
    /// False for unspecified and values this core does not know.
    var isKnown: Bool {
        switch self {
        case .full, .reduced: true
        case .unspecified, .UNRECOGNIZED: false
        }
    }
}
