import Foundation
import MapWireLocation
import MapWireProtocol
import Testing

/// A GPX track replayed by the real location plugin drives the camera through the tracking mode's
/// follow-puck state: every fix becomes a user-location-updated event, and the camera moves along the
/// track at the pace of the fixes.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LocationFollowTests {
    typealias Support = LocationTestSupport

    /// The fixture's track when ../shared is there, else a small track written here (same shape of test).
    func track(in run: TestRun) throws -> String {
        if let dir = SharedFixtures.directory {
            return dir.appendingPathComponent("fixtures/gpx/track-with-empty-segment.gpx").path
        }
        let points = Support.walk(count: 8).enumerated().map { i, fix in
            // A turn halfway, so corners are tested too.
            let lon = i < 4 ? fix.longitude : Support.walk(count: 4)[3].longitude - Double(i - 3) * 0.0001
            return #"<trkpt lat="\#(fix.latitude)" lon="\#(lon)"><time>2026-01-01T10:00:\#(String(format: "%02d", i * 3))Z</time></trkpt>"#
        }
        let gpx = #"<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>"# + points.joined() + "</trkseg></trk></gpx>"
        let url = run.file("track.gpx")
        try gpx.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func aGPXTrackDrivesTheCameraAlongItsPoints() throws {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe()
        #expect(try run.send(.setTrackingMode(.with { $0.mode = .follow })).ok)
        let path = try track(in: run)
        let fixes = try GPXReader.read(contentsOf: URL(fileURLWithPath: path)).fixes
        let speed = 10.0
        let plugin = try run.start("mapwire-location", ["--source", "gpx:\(path)", "--speed", "\(speed)"])

        // Sample the camera while the events come in, until the last fix's ease has finished.
        var log = EventLog()
        var samples: [(time: Double, lat: Double, lon: Double)] = []
        var lastUpdateTime: Double?
        let deadline = Date().addingTimeInterval(40)
        while Date() < deadline {
            while case .event(let topic, let envelope)? = try events.next(timeoutMilliseconds: 2) {
                log.events.append((topic, envelope))
            }
            let updates = Support.updates(log)
            if updates.count == fixes.count, lastUpdateTime == nil { lastUpdateTime = Date().timeIntervalSince1970 }
            if let last = lastUpdateTime, Date().timeIntervalSince1970 - last > 6 { break }
            let camera = try run.send(.getCamera(.init())).camera
            samples.append((Date().timeIntervalSince1970, camera.center.latitude, camera.center.longitude))
            // The sampling rate (the ends are conditions above), not a wait for anything.
            usleep(15_000)
        }
        #expect(plugin.isRunning, "\(plugin.stderr)")

        // Each fix as an event, fields as the file has them.
        let updates = Support.updates(log)
        try #require(updates.count == fixes.count, "\(updates.count) updates for \(fixes.count) fixes; plugin: \(plugin.stderr)")
        for (update, fix) in zip(updates, fixes) {
            #expect(update.latitude == fix.latitude && update.longitude == fix.longitude)
            #expect(update.hasAltitude == (fix.altitude != nil))
            if let t = Support.nanos(fix.timestamp) { #expect(abs(update.timestampUnixNanos - t) < 1000) }
        }
        #expect(Array(log.topics.prefix(1)) == ["will-start-locating-user"])
        #expect(log.topics.contains("tracking-mode-changed"))

        // Where each fix arrived at the core (its event's time), to place the samples in time.
        let arrivals = log.events.filter { $0.topic == "user-location-updated" }
            .map { Double($0.envelope.beginUnixNanos) / 1e9 }
        let points = fixes.map { (lat: $0.latitude, lon: $0.longitude) }
        let afterFirst = samples.filter { $0.time > arrivals[0] + 0.05 }
        try #require(afterFirst.count > 20)

        // 1. Every camera centre is on the track (the camera never cuts a corner or strays).
        for s in afterFirst {
            let off = Self.distanceToPolyline((s.lat, s.lon), points)
            #expect(off.metres < 2, "camera \(s.lat),\(s.lon) is \(off.metres) m off the track")
        }
        // 2. It moves forward along the track, never back.
        let along = afterFirst.map { Self.distanceToPolyline(($0.lat, $0.lon), points).along }
        for (a, b) in zip(along, along.dropFirst()) { #expect(b >= a - 1, "the camera went back along the track: \(a) → \(b) m") }
        // 3. In time: each stretch between two fixes is crossed at the pace the fixes came in (its length over
        //    the gap between their arrivals), so the camera is where the track was, one fix behind.
        var starts = [0.0]
        for (a, b) in zip(points, points.dropFirst()) { starts.append(starts.last! + Support.metres(a, b)) }
        var checked = 0
        for i in 1..<points.count {
            let gap = arrivals[i] - arrivals[i - 1], length = starts[i] - starts[i - 1]
            guard gap > 0.25, length > 3 else { continue }
            let inside = zip(afterFirst, along).filter { $0.1 > starts[i - 1] + 0.3 && $0.1 < starts[i] - 0.3 }
            guard let first = inside.first, let last = inside.last, last.0.time - first.0.time > 0.1 else { continue }
            let pace = (last.1 - first.1) / (last.0.time - first.0.time)
            let expected = length / gap
            #expect(abs(pace - expected) < 0.25 * expected, "stretch \(i): \(pace) m/s instead of \(expected) (\(length) m in \(gap) s)")
            checked += 1
        }
        #expect(checked >= 3, "only \(checked) stretches were sampled")
        // 4. It ends on the last fix.
        let end = try #require(samples.last)
        #expect(Support.metres((end.lat, end.lon), points.last!) < 0.01)
    }

    /// Distance from `p` to the polyline, and how far along the line its nearest point is (metres).
    static func distanceToPolyline(_ p: (lat: Double, lon: Double), _ line: [(lat: Double, lon: Double)]) -> (metres: Double, along: Double) {
        let k = 111_320.0, c = cos(p.lat * .pi / 180)
        func xy(_ q: (lat: Double, lon: Double)) -> (Double, Double) { ((q.lon - p.lon) * k * c, (q.lat - p.lat) * k) }
        var best = (metres: Double.infinity, along: 0.0)
        var start = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            let (ax, ay) = xy(a), (bx, by) = xy(b)
            let dx = bx - ax, dy = by - ay, length2 = dx * dx + dy * dy
            let t = length2 == 0 ? 0 : max(0, min(1, -(ax * dx + ay * dy) / length2))
            let qx = ax + t * dx, qy = ay + t * dy
            let d = (qx * qx + qy * qy).squareRoot()
            if d < best.metres - 1e-9 { best = (d, start + t * length2.squareRoot()) }
            start += length2.squareRoot()
        }
        return best
    }
}
