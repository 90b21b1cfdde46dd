import MapEngine
import MapWireGeometry
import Testing

/// Paced follows (the core's tracking modes): each ease lasts the given time and waits for the one before
/// it, so the camera passes through every fix instead of cutting corners.
@Suite struct ViewportPacedFollowTests {
    static let start = Camera(center: LngLat(longitude: 14.5, latitude: 46.05), zoom: 16)
    static let follow = ViewportState.followPuck(FollowPuckOptions(zoom: nil, pitch: nil, bearing: .none))

    static func fix(_ i: Int) -> UserLocation {
        // An L: east, then north, so a cut corner would show.
        let lon = 14.5 + 0.001 * Double(min(i, 2)), lat = 46.05 + 0.001 * Double(max(0, i - 2))
        return UserLocation(coordinate: LngLat(longitude: lon, latitude: lat))
    }

    mutating func harness() -> ViewportHarness {
        var h = ViewportHarness(camera: Self.start)
        h.transition(to: Self.follow, using: .immediate, at: 0)
        h.locate(Self.fix(0), at: 0)
        return h
    }

    func locate(_ h: inout ViewportHarness, _ i: Int, at time: Double, pace: Double) {
        h.absorb(h.controller.update(location: Self.fix(i), camera: h.camera, size: h.size, at: time, followDuration: pace))
    }

    @Test mutating func aFixArrivingMidEaseWaitsItsTurn() {
        var h = harness()
        locate(&h, 1, at: 1, pace: 1)
        h.run(from: 1, to: 1.5)
        // Fix 2 comes early (half-way): the camera still goes to fix 1 first.
        locate(&h, 2, at: 1.5, pace: 0.5)
        h.run(from: 1.5, to: 2)
        #expect(h.camera.center == Self.fix(1).coordinate)
        // Then to fix 2 in its 0.5 s, starting when the first ease ended (t = 2).
        h.run(from: 2, to: 2.25)
        #expect(abs(h.camera.center.longitude - (14.5015)) < 1e-9)
        h.run(from: 2.25, to: 2.5)
        #expect(h.camera.center == Self.fix(2).coordinate)
    }

    @Test mutating func theCameraNeverLeavesTheTrack() {
        var h = harness()
        var time = 0.0
        // Fixes come faster than their eases (each ease 0.8 s, a fix every 0.5 s): they queue.
        for i in 1...4 {
            time += 0.5
            h.run(from: time - 0.5, to: time)
            locate(&h, i, at: time, pace: 0.8)
            // On the L: either on the east leg (latitude of the start) or the north leg (longitude of the corner).
            let c = h.camera.center
            #expect(abs(c.latitude - 46.05) < 1e-9 || abs(c.longitude - 14.502) < 1e-9, "off the track at \(c)")
        }
        h.run(from: time, to: time + 4)
        #expect(h.camera.center == Self.fix(4).coordinate)
    }

    @Test mutating func aLongQueueSkipsAheadToTheNewestFix() {
        var h = harness()
        locate(&h, 1, at: 0.1, pace: 10)
        let last = ViewportController.longestFollowQueue + 2
        for i in 2...last {
            locate(&h, i, at: 0.1 + Double(i) * 0.01, pace: 10)
        }
        // The overflowing fix starts an ease of its own from where the camera is, toward itself: the camera
        // is there after one 10 s ease, where playing the whole queue would take 90 s.
        h.run(from: 0.3, to: 10.5)
        #expect(h.camera.center == Self.fix(last).coordinate)
        #expect(h.camera.center != Self.start.center)
    }

    @Test mutating func unpacedFixesStillInterrupt() {
        var h = harness()
        h.absorb(h.controller.update(location: Self.fix(1), camera: h.camera, size: h.size, at: 1))
        h.run(from: 1, to: 1.5)
        h.absorb(h.controller.update(location: Self.fix(3), camera: h.camera, size: h.size, at: 1.5))
        h.run(from: 1.5, to: 1.6)
        // Cut across: neither on the east leg nor on the north leg.
        #expect(h.camera.center.latitude > 46.05 && h.camera.center.longitude < 14.502)
    }
}
