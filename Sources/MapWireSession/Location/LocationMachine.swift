import Logging
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// The user's location (MGLMapViewDelegate's user-location calls): showing it, the tracking modes (which
/// drive the viewport's follow-puck state), fixes, failures and authorization from the location plugin,
/// and how the puck looks (the annotation delegate's answer). What it asks of the viewport comes out as
/// requests the session hands to the viewport machine.
struct LocationMachine {
    enum Output: Equatable {
        case publish(Mapwire_V1_Envelope.OneOf_Payload)
        /// The puck changed (appeared, went, moved or changed colours): the map needs a frame.
        case repaint
        /// Follow the puck in this follow-puck state (a tracking mode began).
        case follow(FollowPuckOptions, animated: Bool)
        /// Tracking ended: the follow-puck state it put the viewport in goes idle.
        case release(FollowPuckOptions)
        /// A fix for the viewport; `pace` is how long its follow ease lasts, when tracking.
        case located(UserLocation, pace: Double?)
        /// Where the puck sits in follow modes (nil: the padded centre).
        case anchor(ScreenPoint?)
    }

    /// A fix slower than this after the previous one is still eased toward in this many seconds at most.
    static let longestTrackingEaseSeconds = 5.0

    private(set) var tracking = UserTracking()
    /// When the last fix arrived (monotonic ms), to pace the tracking camera.
    private var lastFixMillis: Int64?
    /// The location plugin's last reported authorization, so only changes are published.
    private(set) var authorization: Mapwire_V1_DidChangeLocationManagerAuthorization?
    /// The puck's colours: the annotation delegate's answer or the defaults.
    private(set) var puckColors = PuckColors.defaults
    let logger: Logger

    init(logger: Logger) { self.logger = logger }

    // MARK: Commands

    /// update-location at `now` (monotonic ms) and `wallNanos` (the default timestamp of the event).
    /// The location commands (PROTOCOL.md 7.3.2); nil for any other command.
    mutating func handle(_ command: Mapwire_V1_Command.OneOf_Kind, now: Int64, wallNanos: Int64) throws(MapCommandError) -> [Output]? {
        switch command {
        case .updateLocation(let c): try update(c, now: now, wallNanos: wallNanos)
        case .setShowsUserLocation(let c): setShows(c.shows)
        case .setTrackingMode(let c): try setTrackingMode(c)
        case .reportLocationFailure(let c): try failure(c)
        case .reportLocationAuthorization(let c): try authorization(c)
        default: nil
        }
    }

    mutating func update(_ c: Mapwire_V1_UpdateLocation, now: Int64, wallNanos: Int64) throws(MapCommandError) -> [Output] {
        let optionals = [c.hasHeading ? c.heading : nil, c.hasCourse ? c.course : nil,
                         c.hasHorizontalAccuracy ? c.horizontalAccuracy : nil, c.hasAltitude ? c.altitude : nil,
                         c.hasSpeed ? c.speed : nil].compactMap { $0 }
        guard (optionals + [c.latitude, c.longitude]).allSatisfy(\.isFinite) else {
            throw MapCommandError("location values must be finite numbers")
        }
        guard abs(c.latitude) <= 90 else { throw MapCommandError("latitude \(c.latitude) is outside -90...90") }
        var outputs: [Output] = []
        if tracking.showsUserLocation {
            // The puck is drawn where the fix is (RenderFrame.puck).
            outputs = [.publish(.userLocationUpdated(.with { $0.location = c.userLocation(defaultTimestamp: wallNanos) })), .repaint]
        }
        let location = UserLocation(
            coordinate: LngLat(longitude: c.longitude, latitude: c.latitude),
            heading: c.hasHeading ? c.heading : nil, course: c.hasCourse ? c.course : nil,
            accuracy: c.hasHorizontalAccuracy ? c.horizontalAccuracy : nil)
        // While tracking, each ease lasts as long as the gap since the previous fix: the camera then moves
        // along the track at the fixes' pace instead of arriving early and cutting the next corner.
        let pace = tracking.mode == .none ? nil
            : lastFixMillis.map { min(Self.longestTrackingEaseSeconds, Double(now - $0) / 1000) }
        lastFixMillis = now
        return outputs + [.located(location, pace: pace)]
    }

    mutating func setShows(_ shows: Bool) -> [Output] {
        let before = tracking.mode
        let events = tracking.setShowsUserLocation(shows)
        // The puck appears or goes.
        return (events.isEmpty ? [] : [.repaint]) + release(from: before) + publish(events)
    }

    mutating func setTrackingMode(_ c: Mapwire_V1_SetTrackingMode) throws(MapCommandError) -> [Output] {
        guard let mode = c.mode.engineMode else {
            throw MapCommandError("set-tracking-mode needs a mode: none, follow, follow-with-heading or follow-with-course")
        }
        let before = tracking.mode
        let events = tracking.setMode(mode, animated: c.animated)
        guard !events.isEmpty else { return [] }
        // will-start-locating-user comes before the camera moves, tracking-mode-changed after it starts.
        var outputs = publish(events.filter { $0 == .willStartLocating })
        if let options = mode.followPuck {
            // Pacing starts with the next fix: a gap from before tracking began says nothing about the track.
            lastFixMillis = nil
            outputs.append(.follow(options, animated: c.animated))
        } else {
            outputs += release(from: before)
        }
        return outputs + publish(events.filter { $0 != .willStartLocating })
    }

    /// Someone else took the camera (a gesture, a camera command, another viewport state): tracking ends.
    mutating func endTracking() -> [Output] { publish(tracking.endTracking()) }

    func failure(_ c: Mapwire_V1_ReportLocationFailure) throws(MapCommandError) -> [Output] {
        guard !c.error.isEmpty else { throw MapCommandError("report-location-failure needs an error message") }
        return [.publish(.didFailToLocateUser(.with { $0.error = c.error }))]
    }

    /// report-location-authorization: did-change-location-manager-authorization when it differs from the
    /// last one reported (a repeat publishes nothing).
    mutating func authorization(_ c: Mapwire_V1_ReportLocationAuthorization) throws(MapCommandError) -> [Output] {
        guard c.status.isKnown else {
            throw MapCommandError("report-location-authorization needs a status: not-determined, restricted, denied, authorized-always or authorized-when-in-use")
        }
        guard c.accuracy.isKnown else {
            throw MapCommandError("report-location-authorization needs an accuracy: full or reduced")
        }
        let event = Mapwire_V1_DidChangeLocationManagerAuthorization.with { $0.status = c.status; $0.accuracy = c.accuracy }
        guard event != authorization else { return [] }
        authorization = event
        return [.publish(.didChangeLocationManagerAuthorization(event))]
    }

    /// A location plugin that goes away is a lost source, as far as a map showing the location can tell.
    func pluginGone(_ gone: PluginRegistry.Plugin) -> [Output] {
        guard gone.roles.contains(PluginRole.location), tracking.showsUserLocation else { return [] }
        return [.publish(.didFailToLocateUser(.with { $0.error = "the location provider \(gone.id) went away" }))]
    }

    // MARK: The puck

    /// The padding follow modes keep around the puck (DescribeUserLocation tells the delegate).
    var followPadding: EdgePadding { tracking.mode.followPuck?.padding ?? .zero }

    /// The annotation delegate's answer to DescribeUserLocation: the puck's colours and anchor point; without
    /// an answer in time, the defaults.
    mutating func described(_ outcome: QuestionOutcome) -> [Output] {
        var colors = PuckColors.defaults
        var anchor: ScreenPoint?
        switch outcome {
        case .answered(.userLocationDescription(let description)?):
            if description.hasStyle {
                let s = description.style
                let resolved = PuckColors.resolved(fill: s.puckFillColor, halo: s.haloColor, accuracyRing: s.accuracyRingColor,
                                                   headingArrow: s.headingArrowColor, isColor: AnnotationMachine.isCSSColor)
                colors = resolved.colors
                if !resolved.problems.isEmpty {
                    logger.warning("the annotation delegate's puck style has bad colours, defaults used for them: \(resolved.problems.joined(separator: "; "))")
                }
            }
            if description.hasAnchorPoint {
                let p = description.anchorPoint
                if p.x.isFinite, p.y.isFinite { anchor = ScreenPoint(x: p.x, y: p.y) }
                else { logger.warning("the annotation delegate's anchor point is not finite: the padded centre is used") }
            }
        case .answered:
            logger.warning("the annotation delegate answered DescribeUserLocation with another kind of reply: defaults used")
        case .unanswered(let why):
            logger.notice("no answer to DescribeUserLocation: defaults used (\(why))")
        }
        puckColors = colors
        return [.anchor(anchor), .repaint]
    }

    /// The puck, when the location is shown and known. Its arrow follows the course in follow-with-course,
    /// else the compass heading (the course when the device gives no heading); no arrow without either.
    func puck(at location: UserLocation?) -> Mapwire_V1_UserLocationPuck? {
        guard tracking.showsUserLocation, let location else { return nil }
        let arrow = tracking.mode == .followWithCourse ? location.course ?? location.heading : location.heading ?? location.course
        let colors = puckColors
        return .with {
            $0.coordinate = location.coordinate.protocolLngLat
            $0.accuracyMeters = max(0, location.accuracy ?? 0)
            if let arrow { $0.headingDegrees = arrow }
            $0.style = .with {
                $0.puckFillColor = colors.fill
                $0.haloColor = colors.halo
                $0.accuracyRingColor = colors.accuracyRing
                $0.headingArrowColor = colors.headingArrow
            }
        }
    }

    /// When tracking in `mode` ended, the follow-puck state it put the viewport in goes idle.
    private func release(from mode: UserTrackingMode) -> [Output] {
        guard tracking.mode == .none, let options = mode.followPuck else { return [] }
        return [.release(options)]
    }

    private func publish(_ events: [UserTracking.Event]) -> [Output] {
        events.map { event in
            switch event {
            case .willStartLocating: .publish(.willStartLocatingUser(.init()))
            case .didStopLocating: .publish(.didStopLocatingUser(.init()))
            case .modeChanged(let mode, let animated):
                .publish(.trackingModeChanged(.with { $0.mode = Mapwire_V1_UserTrackingMode(mode); $0.animated = animated }))
            }
        }
    }
}
