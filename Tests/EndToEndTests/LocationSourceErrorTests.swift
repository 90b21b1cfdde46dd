import Foundation
import MapWireLocation
import MapWireProtocol
import Testing

/// Broken location sources give did-fail-to-locate-user with a reason, and neither the plugin nor the
/// core goes down; bad sentences are skipped and counted while the good ones still drive the map.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LocationSourceErrorTests {
    typealias Support = LocationTestSupport

    func failure(for source: String, file: (name: String, text: String)? = nil) throws -> (String?, TestProcess, TestRun) {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe(["did-fail-to-locate-user", "user-location-updated"])
        #expect(try run.send(.setShowsUserLocation(.with { $0.shows = true })).ok)
        var spec = source
        if let file {
            let url = run.file(file.name)
            try file.text.write(to: url, atomically: true, encoding: .utf8)
            spec += url.path
        }
        let plugin = try run.start("mapwire-location", ["--source", spec])
        let log = try Support.collect(events, timeout: 10) { !Support.failures($0).isEmpty }
        #expect(Support.updates(log).isEmpty)
        // Still registered and beating: the source failed, not the plugin (which has logged it by now).
        #expect(plugin.waitFor("location source failed"), "\(plugin.stderr)")
        #expect(plugin.isRunning, "\(plugin.stderr)")
        // Under load the failure can come before the hello is answered: wait for the registration.
        #expect(run.waitForPlugin(role: "location"))
        return (Support.failures(log).first, plugin, run)
    }

    @Test func malformedGPX() throws {
        let (error, plugin, run) = try failure(for: "gpx:", file: ("broken.gpx", "<gpx><trk><trkseg><trkpt lat=\"46\" lon=\"14\">\n</trk>"))
        #expect(error?.contains("broken.gpx: malformed XML at line 2") == true, "\(error ?? "none")")
        // The TestRun owns the plugin's log files: keep it until the log has been read.
        withExtendedLifetime(run) { #expect(plugin.waitFor("location source failed"), "\(plugin.stderr)") }
    }

    @Test func gpxWithAnOutOfRangeCoordinate() throws {
        let (error, _, _) = try failure(for: "gpx:", file: ("far.gpx", #"<gpx><wpt lat="123" lon="14"/></gpx>"#))
        #expect(error?.contains("bad coordinate lat=123") == true, "\(error ?? "none")")
    }

    @Test func missingFile() throws {
        let (error, _, _) = try failure(for: "nmea:/nonexistent/drive.nmea")
        #expect(error == "cannot read NMEA file /nonexistent/drive.nmea: no such file")
    }

    @Test func nmeaWithNothingUsable() throws {
        let (error, _, _) = try failure(for: "nmea:", file: ("junk.nmea", "$GPGGA,bad*00\nhello\n\u{01}\u{02}\n"))
        #expect(error?.contains("no position fixes") == true && error?.contains("bad-checksum 1") == true, "\(error ?? "none")")
    }

    @Test func brokenRoute() throws {
        let (error, _, _) = try failure(for: "route:", file: ("r.geojson", #"{"type":"Point","coordinates":[1,2]}"#))
        #expect(error?.contains("expected LineString") == true, "\(error ?? "none")")
    }

    @Test func badSentencesAreSkippedAndTheGoodOnesDrive() throws {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe(["did-fail-to-locate-user", "user-location-updated"])
        #expect(try run.send(.setShowsUserLocation(.with { $0.shows = true })).ok)
        let good = NMEAWriter.log(Support.walk(count: 4)).split(separator: "\r\n").map(String.init)
        let corrupted = good[2].replacingOccurrences(of: "A,46", with: "A,47")  // checksum no longer matches
        let lines = [good[0], good[1], "$GPGSV,garbage", corrupted, good[3], "\u{00}\u{FF}", good[4], good[5], good[6], good[7]]
        let url = run.file("mixed.nmea")
        try lines.joined(separator: "\r\n").write(to: url, atomically: true, encoding: .utf8)
        let plugin = try run.start("mapwire-location", ["--source", "nmea:\(url.path)", "--speed", "20"])
        let log = try Support.collect(events, timeout: 10) { Support.updates($0).count == 4 }
        #expect(Support.updates(log).count == 4)
        #expect(Support.failures(log).isEmpty)
        #expect(plugin.waitFor("skipped 3 sentence(s)"), "\(plugin.stderr)")
    }

    @Test func garbageFromAGPSDIsSkipped() throws {
        // A fake gpsd (python3, stdlib only) that sends garbage lines among two good TPV reports.
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe(["did-fail-to-locate-user", "user-location-updated"])
        #expect(try run.send(.setShowsUserLocation(.with { $0.shows = true })).ok)
        let port = Support.freeLoopbackPort()
        let script = """
            import socket, time
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", \(port))); s.listen(1); print("listening", flush=True)
            c, _ = s.accept(); c.recv(100)
            lines = [b'{"class":"VERSION"}', b'not json at all', b'\\xff\\xfe\\x00', b'{"class":"TPV","mode":3,"lat":"x"}',
                     b'{"class":"TPV","mode":3,"lat":46.1,"lon":14.6,"alt":300}', b'[1,2,3]', b'{"class":"TPV","mode":2,"lat":46.2,"lon":14.7}']
            # Paced like a real gpsd, one report at a time, then the connection is held open: the
            # plugin must not see the stream end (a lost source) while the test reads its events.
            for line in lines: c.sendall(line + b"\\n"); time.sleep(0.05)
            time.sleep(30)
            """
        let fake = try run.startProgram("/usr/bin/env", ["python3", "-c", script], name: "fake-gpsd")
        #expect(fake.waitFor("listening", inStderr: false), "\(fake.stderr)")
        let plugin = try run.start("mapwire-location", ["--source", "gpsd://127.0.0.1:\(port)"])
        let log = try Support.collect(events, timeout: 10) { Support.updates($0).count == 2 }
        #expect(Support.updates(log).map { [$0.latitude, $0.longitude] } == [[46.1, 14.6], [46.2, 14.7]])
        #expect(plugin.isRunning)
    }
}
