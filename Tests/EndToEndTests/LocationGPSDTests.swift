import Foundation
import MapWireClient
import MapWireLocation
import MapWireProtocol
import MapWireTesting
import Testing

/// A real gpsd, fed an NMEA log by gpsfake (Debian's gpsd and gpsd-clients), behind the location plugin.
@Suite(.serialized, .enabled(if: LocationTestSupport.gpsdTestsCanRun, "needs swift build and gpsfake (apt-get install gpsd gpsd-clients)"))
struct LocationGPSDTests {
    typealias Support = LocationTestSupport

    /// Starts a core with the user location shown, and a subscriber to its location events.
    func core() throws -> (TestRun, EventSubscriber) {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe(["user-location-updated", "did-fail-to-locate-user"])
        #expect(try run.send(.setShowsUserLocation(.with { $0.shows = true })).ok)
        return (run, events)
    }

    /// gpsfake replaying `log` on `port` (its gpsd listens on loopback only), one sentence per `cycle` seconds.
    func gpsfake(_ run: TestRun, log: URL, port: UInt16, once: Bool, cycle: Double = 0.02) throws -> TestProcess {
        try run.startProgram(Support.gpsfake!, (once ? ["-1"] : []) + ["-q", "-c", "\(cycle)", "-P", "\(port)", log.path], name: "gpsfake")
    }

    @Test func gpsdDeliversTheSamePositionsAsTheNMEAFile() throws {
        let fixes = Support.walk(count: 60)
        let (fileRun, fileEvents) = try core()
        let log = fileRun.file("walk.nmea")
        try NMEAWriter.log(fixes).write(to: log, atomically: true, encoding: .utf8)

        // The file source.
        try fileRun.start("mapwire-location", ["--source", "nmea:\(log.path)", "--speed", "50"])
        let fileLog = try Support.collect(fileEvents, timeout: 20) { Support.updates($0).count == fixes.count }
        let fromFile = Support.updates(fileLog)
        try #require(fromFile.count == fixes.count)

        // The same log through gpsfake and gpsd.
        let (gpsdRun, gpsdEvents) = try core()
        let port = Support.freeLoopbackPort()
        let fake = try gpsfake(gpsdRun, log: log, port: port, once: true, cycle: 0.05)
        try gpsdRun.start("mapwire-location", ["--source", "gpsd://127.0.0.1:\(port)"])
        let lastTime = fromFile.last!.timestampUnixNanos
        let gpsdLog = try Support.collect(gpsdEvents, timeout: 30) { Support.updates($0).last?.timestampUnixNanos == lastTime }
        #expect(Support.updates(gpsdLog).last?.timestampUnixNanos == lastTime, "gpsfake: \(fake.stderr)")

        // gpsd reports an epoch more than once while it learns the receiver's cycle; the last report wins.
        // A report before gpsd knows the date has no time (the core stamps it on arrival); its position
        // must still be one of the file's.
        let fileByTime = Dictionary(uniqueKeysWithValues: fromFile.map { ($0.timestampUnixNanos, $0) })
        var byTime: [Int64: Mapwire_V1_UserLocation] = [:]
        for update in Support.updates(gpsdLog) {
            if fileByTime[update.timestampUnixNanos] != nil { byTime[update.timestampUnixNanos] = update; continue }
            #expect(fromFile.contains { abs($0.latitude - update.latitude) < 1e-8 && abs($0.longitude - update.longitude) < 1e-8 },
                    "gpsd reported a position the file does not have: \(update)")
        }
        // gpsd spends the first second or two of sentences recognising the device; every epoch after that is there.
        #expect(byTime.count >= fixes.count / 3, "gpsd delivered \(byTime.count) of \(fixes.count) epochs")
        for (time, update) in byTime {
            let file = try #require(fileByTime[time], "gpsd reported a time the file does not have: \(time)")
            #expect(abs(update.latitude - file.latitude) < 1e-8 && abs(update.longitude - file.longitude) < 1e-8,
                    "gpsd \(update.latitude),\(update.longitude) vs file \(file.latitude),\(file.longitude)")
            #expect(update.altitude == file.altitude)
            #expect(abs(update.speed - file.speed) < 0.001 && update.course == file.course)
        }
        let gpsdTimes = byTime.keys.sorted(), fileTimes = fromFile.map(\.timestampUnixNanos)
        #expect(Array(fileTimes.suffix(gpsdTimes.count)) == gpsdTimes, "gpsd skipped epochs in the middle")
        // The plugin may have tried before gpsfake's gpsd listened: that is a failure before any update.
        let firstUpdate = gpsdLog.index(of: "user-location-updated") ?? gpsdLog.events.count
        #expect(gpsdLog.events.dropFirst(firstUpdate).allSatisfy { $0.topic != "did-fail-to-locate-user" })
    }

    @Test func killingGPSDFailsAndUpdatesResumeWhenItIsBack() throws {
        let (run, events) = try core()
        let log = run.file("loop.nmea")
        try NMEAWriter.log(Support.walk(count: 200)).write(to: log, atomically: true, encoding: .utf8)
        let port = Support.freeLoopbackPort()
        let first = try gpsfake(run, log: log, port: port, once: false)
        let plugin = try run.start("mapwire-location", ["--source", "gpsd://127.0.0.1:\(port)"])

        let before = try Support.collect(events, timeout: 20) { Support.updates($0).count >= 3 }
        #expect(Support.updates(before).count >= 3, "no updates from gpsd")

        // gpsfake's child is the gpsd; kill it hard, as a crash would.
        let gpsd = try #require(Support.children(of: first.pid).first, "gpsfake has no gpsd child")
        kill(gpsd, SIGKILL)
        var outage = EventLog()
        #expect(try outage.collect(from: events, timeout: 10) { topic, _ in topic == "did-fail-to-locate-user" })
        let failure = try #require(Support.failures(outage).first)
        #expect(failure.hasPrefix("gpsd at 127.0.0.1:\(port)"), "\(failure)")
        first.stop()

        // While gpsd is away the plugin keeps trying, without repeating the failure or crashing.
        let retriesBefore = plugin.stderr.occurrences(of: "gpsd still unreachable")
        #expect(waitUntil { plugin.stderr.occurrences(of: "gpsd still unreachable") >= retriesBefore + 4 }, "\(plugin.stderr)")
        var quiet = EventLog()
        _ = try quiet.collect(from: events, timeout: 0.5) { _, _ in false }
        #expect(Support.failures(quiet).isEmpty)
        #expect(plugin.isRunning)

        try gpsfake(run, log: log, port: port, once: false)
        let after = try Support.collect(events, timeout: 20) { Support.updates($0).count >= 3 }
        #expect(Support.updates(after).count >= 3, "updates did not resume; plugin: \(plugin.stderr)")
        #expect(plugin.isRunning)
    }

    @Test func nothingListeningIsAFailureNotACrash() throws {
        let (run, events) = try core()
        let port = Support.freeLoopbackPort()
        let plugin = try run.start("mapwire-location", ["--source", "gpsd://127.0.0.1:\(port)"])
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 10) { topic, _ in topic == "did-fail-to-locate-user" })
        #expect(Support.failures(log).first?.contains("cannot connect") == true, "\(Support.failures(log))")
        // It goes on trying after the failure (and so is still running and registered).
        #expect(plugin.waitFor("gpsd still unreachable"), "\(plugin.stderr)")
        #expect(plugin.isRunning)
        #expect(try run.send(.ping(.init())).pong.pluginRoles.contains("location"))
    }
}
