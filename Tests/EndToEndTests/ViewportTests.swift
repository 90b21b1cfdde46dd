import Foundation
import MapEngine
import MapWireClient
import MapWireGeometry
import MapWireProtocol
import Testing

/// The viewport through a real core and loader: follow-puck follows locations sent on the control socket,
/// transitions report their status, overview fits, stopped updates keep targets coming, and a client can
/// act as a custom state.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ViewportTests {
    let animations = CameraAnimationTests()

    static func location(_ lon: Double, _ lat: Double, heading: Double? = nil) -> Mapwire_V1_Command.OneOf_Kind {
        .updateLocation(.with {
            $0.longitude = lon
            $0.latitude = lat
            if let heading { $0.heading = heading }
        })
    }

    static func followPuck(zoom: Double, immediate: Bool, maxDurationMs: UInt32? = nil) -> Mapwire_V1_Command.OneOf_Kind {
        .setViewportState(.with {
            $0.followPuck = .with { $0.zoom = zoom; $0.heading = .init() }
            if immediate { $0.immediate = .init() }
            else if let maxDurationMs { $0.defaultTransition = .with { $0.maxDurationMs = maxDurationMs } }
        })
    }

    func ok(_ run: TestRun, _ kind: Mapwire_V1_Command.OneOf_Kind, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reply = try run.send(kind)
        #expect(reply.ok, "\(reply.error)", sourceLocation: sourceLocation)
    }

    func statusChanges(_ log: EventLog) -> [String] {
        log.payloads { if case .viewportStatusChanged(let e) = $0 { e } else { nil } }
            .map { "\($0.from.documentedJSON.serialized)->\($0.to.documentedJSON.serialized)" }
    }

    @Test func followPuckFollowsAStreamOfLocations() throws {
        let (run, events) = try animations.loadedRun()
        // Set through the CLI, as a shell user would.
        let cli = try run.mapwire(["send", "viewport", "follow-puck", "--run-dir", run.runDirectory.path,
                                   "--zoom", "14", "--bearing", "none", "--immediate"])
        #expect(cli.status == 0, "\(cli.stderr)")
        // The first fix is off the style's centre so that it moves the camera too.
        let stream = [(13.395, 52.498), (13.405, 52.502), (13.41, 52.505), (13.415, 52.507)]
        for (index, (lon, lat)) in stream.enumerated() {
            if index == 0 {
                let first = try run.mapwire(["send", "location", "--run-dir", run.runDirectory.path, "--lat", "\(lat)", "--lon", "\(lon)"])
                #expect(first.status == 0, "\(first.stderr)")
            } else {
                try ok(run, Self.location(lon, lat))
            }
            var log = EventLog()
            #expect(try log.collect(from: events) { topic, _ in topic == "camera-did-change" })
            let camera = try animations.camera(run)
            #expect(abs(camera.center.longitude - lon) < 1e-9 && abs(camera.center.latitude - lat) < 1e-9,
                    "fix \(index): camera at \(camera.center) instead of \(lon),\(lat)")
            #expect(camera.zoom == 14)
            if index > 0 {
                // Later fixes are eased to (about 1 s), not jumped to.
                #expect(log.topics.filter { $0 == "camera-is-changing" }.count >= 5)
                #expect(log.payloads { if case .cameraWillChange(let e) = $0 { e.animated } else { nil } } == [true])
            }
        }
    }

    @Test func bearingFollowsTheHeading() throws {
        let (run, events) = try animations.loadedRun()
        try ok(run, Self.followPuck(zoom: 13, immediate: true))
        try ok(run, Self.location(13.4, 52.5, heading: 90))
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "camera-did-change" })
        #expect(try animations.camera(run).bearing == 90)
        try ok(run, Self.location(13.4, 52.5, heading: 135))
        #expect(try log.collect(from: events) { topic, _ in topic == "camera-did-change" })
        #expect(abs(try animations.camera(run).bearing - 135) < 1e-9)
    }

    @Test func defaultTransitionEndsOnTheTargetWithStatusEvents() throws {
        let (run, events) = try animations.loadedRun()
        try ok(run, Self.location(13.43, 52.51))
        try ok(run, Self.followPuck(zoom: 13, immediate: false, maxDurationMs: 800))
        var log = EventLog()
        #expect(try log.collect(from: events) { _, envelope in
            if case .viewportStatusChanged(let e)? = envelope.payload { return e.to.state == "follow-puck" }
            return false
        })
        #expect(statusChanges(log) == [
            #"{"status":"idle"}->{"status":"transition","from":"idle","to":"follow-puck"}"#,
            #"{"status":"transition","from":"idle","to":"follow-puck"}->{"status":"state","state":"follow-puck"}"#,
        ])
        // The flight is animated, framed by will/did-change before the status reaches the state.
        let did = try #require(log.index(of: "camera-did-change"))
        #expect(try #require(log.index(of: "camera-will-change")) < did)
        #expect(log.topics.filter { $0 == "camera-changed" }.count >= 3)
        #expect(log.events.last.flatMap { $0.envelope.monitorJSON?.serialized }?.contains(#""type":"viewport-status-changed""#) == true)
        let camera = try animations.camera(run)
        #expect(abs(camera.center.longitude - 13.43) < 1e-9 && abs(camera.center.latitude - 52.51) < 1e-9 && camera.zoom == 13)
        // A target event announced where follow-puck wants the camera.
        let targets = log.payloads { if case .viewportTargetCamera(let e) = $0 { e } else { nil } }
        #expect(targets.first?.state == "follow-puck" && targets.first?.camera.zoom == 13)
    }

    @Test func overviewFitsThePoints() throws {
        let (run, events) = try animations.loadedRun()
        let cli = try run.mapwire(["send", "viewport", "overview", "--run-dir", run.runDirectory.path,
                                   "--points", "13.38,52.49;13.44,52.52;13.41,52.53", "--padding", "20", "--immediate"])
        #expect(cli.status == 0, "\(cli.stderr)")
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "camera-did-change" })
        let camera = try animations.camera(run)
        let points = [LngLat(longitude: 13.38, latitude: 52.49), LngLat(longitude: 13.44, latitude: 52.52),
                      LngLat(longitude: 13.41, latitude: 52.53)]
        let size = ViewportSize(width: Int(camera.width), height: Int(camera.height))
        let expected = try #require(CameraFit.camera(fitting: points, size: size, padding: EdgePadding(all: 20)))
        #expect(abs(camera.zoom - expected.zoom) < 1e-9)
        #expect(abs(camera.center.longitude - expected.center.longitude) < 1e-9)
        #expect(abs(camera.center.latitude - expected.center.latitude) < 1e-9)
        // Every point shows inside the padded area.
        let centre = WebMercator.project(expected.center, zoom: expected.zoom)
        for point in points {
            // North-up and flat: screen offset = world offset from the centre.
            let world = WebMercator.project(point, zoom: expected.zoom)
            let p = (x: world.x - centre.x + Double(size.width) / 2, y: world.y - centre.y + Double(size.height) / 2)
            #expect(p.x >= 19.999 && p.x <= Double(size.width) - 19.999 && p.y >= 19.999 && p.y <= Double(size.height) - 19.999)
        }

        // A resized viewport refits (eased, as a moved target is).
        try ok(run, .setSize(.with { $0.width = 800; $0.height = 400 }))
        var resized = EventLog()
        #expect(try resized.collect(from: events) { topic, _ in topic == "camera-did-change" })
        let refit = try #require(CameraFit.camera(fitting: points, size: ViewportSize(width: 800, height: 400), padding: EdgePadding(all: 20)))
        let after = try animations.camera(run)
        #expect(abs(after.zoom - refit.zoom) < 1e-9 && abs(after.center.latitude - refit.center.latitude) < 1e-9)
    }

    @Test func stoppedUpdatesPublishTargetsButLeaveTheCamera() throws {
        let (run, events) = try animations.loadedRun()
        try ok(run, Self.followPuck(zoom: 13, immediate: true))
        try ok(run, Self.location(13.4, 52.5))
        var log = EventLog()
        // The target event comes after the camera's did-change: wait for it so later reads see only new events.
        #expect(try log.collect(from: events) { topic, _ in topic == "viewport-target-camera" })
        #expect(log.topics.contains("camera-did-change"))
        let cli = try run.mapwire(["send", "viewport", "updating", "off", "--run-dir", run.runDirectory.path])
        #expect(cli.status == 0, "\(cli.stderr)")

        try ok(run, Self.location(13.42, 52.51))
        var stopped = EventLog()
        #expect(try stopped.collect(from: events) { topic, _ in topic == "viewport-target-camera" })
        let target = try #require(stopped.payloads { if case .viewportTargetCamera(let e) = $0 { e } else { nil } }.last)
        #expect(target.state == "follow-puck")
        #expect(abs(target.camera.longitude - 13.42) < 1e-9 && abs(target.camera.latitude - 52.51) < 1e-9, "\(target.camera)")
        // Longer than a follow ease: nothing moves.
        stopped = EventLog()
        _ = try stopped.collect(from: events, timeout: 1.5) { _, _ in false }
        #expect(!stopped.topics.contains("camera-changed"))
        let camera = try animations.camera(run)
        #expect(camera.center.longitude == 13.4 && camera.center.latitude == 52.5)

        try ok(run, .setViewportUpdating(.with { $0.updating = true }))
        var resumed = EventLog()
        #expect(try resumed.collect(from: events) { topic, _ in topic == "camera-did-change" })
        let after = try animations.camera(run)
        #expect(abs(after.center.longitude - 13.42) < 1e-9 && abs(after.center.latitude - 52.51) < 1e-9)
    }

    @Test func aClientDrivesACustomState() throws {
        let (run, events) = try animations.loadedRun()
        try ok(run, .setViewportState(.with { $0.custom = .with { $0.name = "drone" }; $0.immediate = .init() }))
        // The in-test "plugin": its own control connection, publishing the state's targets.
        let plugin = try ControlClient(endpoint: run.runDirectory.controlEndpoint)
        for (lon, lat, zoom) in [(13.39, 52.5, 12.0), (13.42, 52.52, 13.0)] {
            let reply = try plugin.send(.publishViewportTarget(.with {
                $0.state = "drone"
                $0.camera = .with { $0.center = .with { $0.longitude = lon; $0.latitude = lat }; $0.zoom = zoom; $0.bearing = 10 }
            }))
            #expect(reply.ok, "\(reply.error)")
            var log = EventLog()
            #expect(try log.collect(from: events) { topic, _ in topic == "camera-did-change" })
            let camera = try animations.camera(run)
            #expect(abs(camera.center.longitude - lon) < 1e-9 && abs(camera.center.latitude - lat) < 1e-9)
            #expect(abs(camera.zoom - zoom) < 1e-9 && abs(camera.bearing - 10) < 1e-9)
        }
        // Another state's targets do not move the camera; a camera command sets the viewport idle.
        #expect(try plugin.send(.publishViewportTarget(.with {
            $0.state = "boat"
            $0.camera = .with { $0.center = .with { $0.longitude = 0; $0.latitude = 0 }; $0.zoom = 3 }
        })).ok)
        try ok(run, .setCamera(.with { $0.zoom = 11 }))
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "viewport-status-changed" })
        #expect(statusChanges(log).last == #"{"status":"state","state":"drone"}->{"status":"idle"}"#)
        #expect(try animations.camera(run).center.longitude == 13.42)
    }
}
