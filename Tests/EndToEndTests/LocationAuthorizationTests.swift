import Foundation
import MapWireProtocol
import Testing

/// The real core and mapwire-location: did-change-location-manager-authorization (MGLMapViewDelegate's) is
/// `denied` for a source that cannot be used, `authorized-when-in-use` with `full` accuracy while fixes
/// carry an accuracy figure (a GPX `hdop`) and `reduced` while they do not; only changes are published.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LocationAuthorizationTests {
    typealias Support = LocationTestSupport
    typealias Authorization = Mapwire_V1_DidChangeLocationManagerAuthorization

    private func authorizations(_ log: EventLog) -> [String] {
        log.payloads { if case .didChangeLocationManagerAuthorization(let e) = $0 { "\(e.status) \(e.accuracy)" } else { nil } }
    }

    /// Starts the core and the plugin on `source`; collects events until `done`.
    private func run(source: (TestRun) throws -> String, until done: @escaping (EventLog) -> Bool) throws -> (EventLog, TestProcess, TestRun) {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe(["did-change-location-manager-authorization", "user-location-updated"])
        #expect(try run.send(.setShowsUserLocation(.with { $0.shows = true })).ok)
        let plugin = try run.start("mapwire-location", ["--source", try source(run), "--speed", "20"])
        return (try Support.collect(events, timeout: 15, until: done), plugin, run)
    }

    @Test func aMissingFileIsDenied() throws {
        let (log, plugin, run) = try run(source: { _ in "gpx:/nonexistent/walk.gpx" }) { !$0.events.isEmpty }
        #expect(authorizations(log) == ["denied reduced"])
        withExtendedLifetime(run) { #expect(plugin.isRunning, "\(plugin.stderr)") }
    }

    @Test func aGPSDThatRefusesTheConnectionIsDenied() throws {
        let port = Support.freeLoopbackPort()
        let (log, plugin, run) = try run(source: { _ in "gpsd://127.0.0.1:\(port)" }) { !$0.events.isEmpty }
        #expect(authorizations(log) == ["denied reduced"])
        // Each further failed attempt repeats the same authorization: the plugin does not send it again.
        withExtendedLifetime(run) {
            #expect(plugin.waitFor("gpsd still unreachable"), "\(plugin.stderr)")
            #expect(plugin.stderr.components(separatedBy: "location authorization:").count == 2, "\(plugin.stderr)")
        }
    }

    @Test func fixesWithAndWithoutHDOPAreFullThenReduced() throws {
        // Three points with hdop, then two without: one event for each accuracy, none for the repeats.
        func point(_ i: Int, hdop: Bool) -> String {
            #"<trkpt lat="46.0\#(i)" lon="14.5"><time>2024-05-01T10:00:0\#(i)Z</time>\#(hdop ? "<hdop>1.2</hdop>" : "")</trkpt>"#
        }
        let points = (0..<3).map { point($0, hdop: true) } + (3..<5).map { point($0, hdop: false) }
        let gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>"#
            + points.joined(separator: "\n") + "</trkseg></trk></gpx>"
        let (log, _, _) = try run(source: { run in
            let url = run.file("walk.gpx")
            try gpx.write(to: url, atomically: true, encoding: .utf8)
            return "gpx:\(url.path)"
        }) { Support.updates($0).count == 5 }
        #expect(Support.updates(log).count == 5)
        #expect(authorizations(log) == ["authorizedWhenInUse full", "authorizedWhenInUse reduced"])
        // Each change comes before the fix that caused it.
        let topics = log.topics
        #expect(topics.firstIndex(of: "did-change-location-manager-authorization") == 0, "\(topics)")
        #expect(topics.lastIndex(of: "did-change-location-manager-authorization") == 4, "\(topics)")
    }

    /// Any client may report it too: `mapwire send location-authorization`, published once per change.
    @Test func theCLIReportsAnAuthorizationAndARepeatIsNotPublished() throws {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe(["did-change-location-manager-authorization"])
        let send = { (arguments: [String]) in try run.mapwire(["send", "location-authorization", "--run-dir", run.runDirectory.path] + arguments) }
        #expect(try send(["authorized-always"]).status == 0)
        #expect(try send(["authorized-always"]).status == 0)
        #expect(try send(["denied", "--accuracy", "reduced"]).status == 0)
        let refused = try send(["sometimes"])
        #expect(refused.status != 0 && refused.stderr.contains("status must be"))
        let log = try Support.collect(events, timeout: 10) { $0.events.count >= 2 }
        #expect(authorizations(log) == ["authorizedAlways full", "denied reduced"])
    }
}
