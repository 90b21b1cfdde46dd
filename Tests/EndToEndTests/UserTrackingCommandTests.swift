import Foundation
import MapWireProtocol
import MapWireTesting
import Testing

/// The user-location commands through a real core and the CLI: showing the location, the tracking modes
/// and their bearings, what ends tracking, failures and a location plugin going away.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct UserTrackingCommandTests {
    typealias Support = LocationTestSupport

    func cli(_ run: TestRun, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run.mapwire(["send"] + arguments + ["--run-dir", run.runDirectory.path])
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    }

    func trackingEvents(_ log: EventLog) -> [String] {
        log.events.filter { ["will-start-locating-user", "did-stop-locating-user", "tracking-mode-changed", "viewport-status-changed"].contains($0.topic) }
            .map { $0.topic + ($0.envelope.payload.map { " " + $0.documentedJSON.serialized } ?? "") }
    }

    func modes(_ log: EventLog) -> [String] {
        log.events.filter { $0.topic == "tracking-mode-changed" }.compactMap { $0.envelope.payload?.documentedJSON.serialized }
    }

    @Test func modesSetTheBearingAndACameraCommandEndsTracking() throws {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe()

        try cli(run, ["tracking-mode", "follow-with-course"])
        try cli(run, ["location", "--lat", "46.05", "--lon", "14.5", "--course", "90", "--heading", "10", "--speed", "3"])
        var log = try Support.collect(events, timeout: 5) { $0.topics.filter { $0 == "viewport-status-changed" }.count == 2 }
        #expect(trackingEvents(log) == [
            "will-start-locating-user {}",
            #"viewport-status-changed {"from":{"status":"idle"},"to":{"status":"transition","from":"idle","to":"follow-puck"}}"#,
            #"tracking-mode-changed {"mode":"follow-with-course","animated":false}"#,
            #"viewport-status-changed {"from":{"status":"transition","from":"idle","to":"follow-puck"},"to":{"status":"state","state":"follow-puck"}}"#,
        ])
        let updated = try #require(Support.updates(log).first)
        #expect(updated.course == 90 && updated.heading == 10 && updated.speed == 3 && updated.latitude == 46.05)
        #expect(waitUntil { (try? run.send(.getCamera(.init())).camera.bearing) == 90 })

        // With heading: the compass direction wins, and an animated change says so.
        try cli(run, ["tracking-mode", "follow-with-heading", "--animated"])
        try cli(run, ["location", "--lat", "46.0501", "--lon", "14.5001", "--course", "90", "--heading", "10"])
        log = try Support.collect(events, timeout: 5) { $0.topics.contains("tracking-mode-changed") }
        #expect(modes(log) == [#"{"mode":"follow-with-heading","animated":true}"#])
        #expect(waitUntil { (try? run.send(.getCamera(.init())).camera.bearing).map { abs($0 - 10) < 1e-9 } == true })

        // A camera command takes the camera: tracking ends (not animated) and the viewport goes idle.
        try cli(run, ["set-camera", "--zoom", "3"])
        log = try Support.collect(events, timeout: 5) { $0.topics.contains("tracking-mode-changed") }
        #expect(modes(log) == [#"{"mode":"none","animated":false}"#])
        #expect(log.index(of: "viewport-status-changed")! < log.index(of: "tracking-mode-changed")!)

        // Fixes keep coming as events while the location is shown, but no longer move the camera.
        let camera = try run.send(.getCamera(.init())).camera
        try cli(run, ["location", "--lat", "46.2", "--lon", "14.7"])
        log = try Support.collect(events, timeout: 5) { $0.topics.contains("user-location-updated") }
        #expect(Support.updates(log).count == 1)
        #expect(try run.send(.getCamera(.init())).camera.center == camera.center)

        // Hiding the location stops it; later fixes are no events.
        try cli(run, ["show-location", "off"])
        try cli(run, ["location", "--lat", "46.3", "--lon", "14.8"])
        log = try Support.collect(events, timeout: 1) { _ in false }
        #expect(log.topics.contains("did-stop-locating-user"))
        #expect(!log.topics.contains("user-location-updated"))
        // A second of events later, the fix that came while tracking was off has still not moved the camera.
        #expect(try run.send(.getCamera(.init())).camera.center == camera.center)
    }

    @Test func hidingTheLocationWhileTrackingEndsTrackingFirst() throws {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe()
        try cli(run, ["show-location", "on"])
        try cli(run, ["tracking-mode", "follow"])
        try cli(run, ["show-location", "off"])
        let log = try Support.collect(events, timeout: 5) { $0.topics.contains("did-stop-locating-user") }
        #expect(log.events.filter { $0.topic != "viewport-status-changed" }.map(\.topic) == [
            "will-start-locating-user", "tracking-mode-changed", "tracking-mode-changed", "did-stop-locating-user",
        ])
        #expect(log.events.last(where: { $0.topic == "viewport-status-changed" })?.envelope.payload?.documentedJSON.serialized
                .contains(#""to":{"status":"idle"}"#) == true)
    }

    @Test func badCommandsAreRefusedWithReasons() throws {
        let run = try TestRun()
        let core = try run.startCore()
        let noMode = try run.send(.setTrackingMode(.init()))
        #expect(!noMode.ok && noMode.error.contains("needs a mode"))
        let noError = try run.send(.reportLocationFailure(.init()))
        #expect(!noError.ok && noError.error.contains("needs an error message"))
        let nan = try run.send(.updateLocation(.with { $0.latitude = 1; $0.longitude = 2; $0.speed = .nan }))
        #expect(!nan.ok && nan.error.contains("finite"))
        let unknown = try run.mapwire(["send", "tracking-mode", "sideways", "--run-dir", run.runDirectory.path])
        #expect(unknown.status != 0 && unknown.stderr.contains("follow-with-course"))
        #expect(core.isRunning)
    }

    @Test func aFailureReportAndALocationPluginLeavingBecomeFailureEvents() throws {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe(["did-fail-to-locate-user"])
        try cli(run, ["location-failure", "receiver unplugged"])
        var log = try Support.collect(events, timeout: 5) { !Support.failures($0).isEmpty }
        #expect(Support.failures(log) == ["receiver unplugged"])

        // A location plugin that leaves while the location is shown is a lost source.
        try cli(run, ["show-location", "on"])
        let route = run.file("route.geojson")
        try #"{"type":"LineString","coordinates":[[14.5,46.05],[14.51,46.05]]}"#.write(to: route, atomically: true, encoding: .utf8)
        let plugin = try run.start("mapwire-location", ["--source", "route:\(route.path)"])
        #expect(run.waitForPlugin(role: "location"))
        plugin.stop()
        log = try Support.collect(events, timeout: 5) { !Support.failures($0).isEmpty }
        #expect(Support.failures(log).first?.hasPrefix("the location provider mapwire-location-") == true, "\(Support.failures(log))")
    }
}
