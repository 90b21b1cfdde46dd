import Foundation
import MapWireClient
import MapWireProtocol
import MapWireTesting
import Testing

/// Camera animations through a real core and loader (no renderer): the core's 60 fps tick moves the
/// camera, the will/is/did-change events frame it, and map-idle waits for the end.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct CameraAnimationTests {
    /// A core and loader with the test style loaded and idle; returns the run and a subscriber past map-idle.
    func loadedRun() throws -> (TestRun, EventSubscriber) {
        let run = try TestRun()
        try run.startCore()
        try run.start("mapwire-loader")
        try TestStyles.writeTiles(TestStyles.coveringTiles(), into: run.file("tiles"))
        let style = run.file("style.json")
        try TestStyles.vectorStyle(tiles: "file://\(run.file("tiles").path)/{z}/{x}/{y}.pbf").write(to: style, atomically: true, encoding: .utf8)
        let events = try run.subscribe()
        let reply = try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" }))
        #expect(reply.ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        // The whole loading sequence answers the set-style-uri (Envelope.causation_id).
        #expect(log.events.filter { ["style-loaded", "map-loaded", "map-idle"].contains($0.topic) }.map(\.envelope.causationID)
            == [reply.id, reply.id, reply.id])
        return (run, events)
    }

    func camera(_ run: TestRun) throws -> Mapwire_V1_CameraState {
        let reply = try run.send(.getCamera(.init()))
        #expect(reply.ok)
        return reply.camera
    }

    func animated(_ payload: Mapwire_V1_Envelope.OneOf_Payload) -> Bool? {
        switch payload {
        case .cameraWillChange(let e): e.animated
        case .cameraDidChange(let e): e.animated
        default: nil
        }
    }

    @Test func sendCommandsCarryEveryTargetFieldToTheCore() throws {
        let (run, _) = try loadedRun()
        let dir = run.runDirectory.path
        let jump = try run.mapwire(["send", "jump-to", "--run-dir", dir, "--center=13.41,52.51", "--zoom", "14.5", "--bearing", "30", "--pitch", "20"])
        #expect(jump.status == 0, "\(jump.stderr)")
        var c = try camera(run)
        #expect(c.center.longitude == 13.41 && c.center.latitude == 52.51 && c.zoom == 14.5 && c.bearing == 30 && c.pitch == 20)
        let ease = try run.mapwire(["send", "ease-to", "--run-dir", dir, "--zoom", "13", "--bearing", "0", "--duration-ms", "100", "--easing", "0,0,1,1"])
        #expect(ease.status == 0, "\(ease.stderr)")
        #expect(waitUntil { (try? camera(run))?.zoom == 13 })
        c = try camera(run)
        #expect(c.bearing == 0 && c.pitch == 20 && c.center.longitude == 13.41)
        let fly = try run.mapwire(["send", "fly-to", "--run-dir", dir, "--center=13.4,52.5", "--pitch", "0", "--duration-ms", "150"])
        #expect(fly.status == 0, "\(fly.stderr)")
        #expect(waitUntil { (try? camera(run)).map { $0.center.longitude == 13.4 && $0.pitch == 0 } == true })
        let bad = try run.mapwire(["send", "ease-to", "--run-dir", dir, "--padding", "1,2,3"])
        #expect(bad.status != 0 && bad.stderr.contains("TOP,LEFT,BOTTOM,RIGHT"))
    }

    @Test func easeToRunsFromWillChangeToDidChangeThenGoesIdleOnTheTarget() throws {
        let (run, events) = try loadedRun()
        let started = Date()
        let reply = try run.send(.easeTo(.with {
            $0.center = .with { $0.longitude = 13.41; $0.latitude = 52.503 }
            $0.zoom = 13.5
            $0.bearing = 20
            $0.pitch = 10
            $0.durationMs = 300
        }))
        #expect(reply.ok, "\(reply.error)")
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        #expect(Date().timeIntervalSince(started) >= 0.3)

        let will = try #require(log.index(of: "camera-will-change"))
        let did = try #require(log.index(of: "camera-did-change"))
        #expect(log.events[will].envelope.payload.flatMap(animated) == true)
        #expect(log.events[did].envelope.payload.flatMap(animated) == true)
        let steps = log.topics[will..<did].filter { $0 == "camera-changed" }.count
        #expect(steps >= 5, "a 300 ms ease at 60 fps takes about 18 steps, saw \(steps)")
        #expect(log.topics[will..<did].filter { $0 == "camera-is-changing" }.count == steps)
        #expect(log.topics.filter { $0 == "camera-did-change" }.count == 1)
        // map-idle comes only after the animation has ended (it is the last event collected).
        #expect(log.index(of: "map-idle") == log.events.count - 1 && did < log.events.count - 1)
        let json = try #require(log.events[did].envelope.monitorJSON?.serialized)
        #expect(json.contains("\"animated\":true"))

        let camera = try camera(run)
        #expect(camera.center.longitude == 13.41 && camera.center.latitude == 52.503)
        #expect(camera.zoom == 13.5 && camera.bearing == 20 && camera.pitch == 10)
    }

    @Test func flyToWithAnAutomaticDurationEndsOnTheTarget() throws {
        let (run, events) = try loadedRun()
        let reply = try run.send(.flyTo(.with {
            $0.center = .with { $0.longitude = 13.45; $0.latitude = 52.52 }
            $0.zoom = 12
        }))
        #expect(reply.ok, "\(reply.error)")
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "camera-did-change" })
        #expect(log.index(of: "camera-will-change").flatMap { log.events[$0].envelope.payload.flatMap(animated) } == true)
        #expect(log.topics.filter { $0 == "camera-changed" }.count >= 2)
        let camera = try camera(run)
        #expect(camera.center.longitude == 13.45 && camera.center.latitude == 52.52 && camera.zoom == 12)
        #expect(camera.bearing == 0 && camera.pitch == 0)
    }
}
