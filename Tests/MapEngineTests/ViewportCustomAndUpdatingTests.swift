import MapEngine
import MapWireGeometry
import MapWireTesting
import Testing

/// Custom states (targets published from outside) and stopping/resuming camera updates.
@Suite struct ViewportCustomAndUpdatingTests {
    static let home = ViewportControllerTests.home
    static let follow = ViewportState.followPuck(FollowPuckOptions(zoom: 15, pitch: 0, bearing: .none))

    static func fix(_ longitude: Double, _ latitude: Double) -> UserLocation {
        UserLocation(coordinate: LngLat(longitude: longitude, latitude: latitude))
    }

    @Test func customStateWaitsForItsFirstPublishedTarget() {
        var h = ViewportHarness(camera: Self.home)
        h.transition(to: .custom("drone"), using: .immediate, at: 0)
        #expect(h.statuses == [.idle, .transition(from: "idle", to: "drone")])
        #expect(h.lastUpdate.camera == nil)

        let target = Camera(center: LngLat(longitude: 10, latitude: 50), zoom: 9)
        h.absorb(h.controller.publish(target: target, forState: "drone", camera: h.camera, size: h.size, at: 1))
        #expect(h.camera == target)
        #expect(h.statuses.last == .state("drone"))
        #expect(h.lastUpdate.target == target)
    }

    @Test func targetsOfAnotherStateDoNotMoveTheCamera() {
        var h = ViewportHarness(camera: Self.home)
        h.transition(to: .custom("drone"), using: .immediate, at: 0)
        let other = Camera(center: LngLat(longitude: 10, latitude: 50), zoom: 9)
        h.absorb(h.controller.publish(target: other, forState: "boat", camera: h.camera, size: h.size, at: 1))
        #expect(h.camera == Self.home)
        #expect(h.lastUpdate.target == nil)
    }

    @Test func stoppedUpdatesStillProduceTargets() {
        var h = ViewportHarness(camera: Self.home)
        h.transition(to: Self.follow, using: .immediate, at: 0)
        h.locate(Self.fix(2, 48), at: 0)
        #expect(h.camera.center == LngLat(longitude: 2, latitude: 48))
        h.absorb(h.controller.setUpdating(false, camera: h.camera, size: h.size, at: 1))

        h.locate(Self.fix(3, 47), at: 2)
        h.run(from: 2, to: 4)
        #expect(h.camera.center == LngLat(longitude: 2, latitude: 48))
        #expect(h.lastUpdate.target?.center == LngLat(longitude: 3, latitude: 47))
        #expect(!h.controller.isAnimating)

        // Resuming follows the target the state kept producing.
        h.absorb(h.controller.setUpdating(true, camera: h.camera, size: h.size, at: 5))
        #expect(h.controller.isAnimating)
        h.run(from: 5, to: 7)
        #expect(isClose(h.camera.center.longitude, 3))
        #expect(isClose(h.camera.center.latitude, 47))
    }

    @Test func stoppingDuringATransitionRestartsItOnResume() {
        var h = ViewportHarness(camera: Self.home)
        h.locate(Self.fix(2, 48), at: 0)
        h.transition(to: Self.follow, using: .default(maxDuration: 2), at: 0)
        h.run(from: 0, to: 0.2)
        h.absorb(h.controller.setUpdating(false, camera: h.camera, size: h.size, at: 0.2))
        let stopped = h.camera
        h.run(from: 0.2, to: 5)
        #expect(h.camera == stopped)
        #expect(h.statuses.last == .transition(from: "idle", to: "follow-puck"))

        h.absorb(h.controller.setUpdating(true, camera: h.camera, size: h.size, at: 5))
        h.run(from: 5, to: 8)
        #expect(h.statuses.last == .state("follow-puck"))
        #expect(isClose(h.camera.center.longitude, 2))
    }
}

@Suite struct ViewportStableTargetTests {
    @Test func keptZoomDoesNotFollowAFlightsZoomOut() throws {
        var h = ViewportHarness(camera: ViewportControllerTests.home)
        h.locate(UserLocation(coordinate: LngLat(longitude: 8, latitude: 45)), at: 0)
        h.transition(to: .followPuck(FollowPuckOptions(zoom: nil, pitch: 0, bearing: .none)), using: .default(maxDuration: 3), at: 0)
        let first = try #require(h.lastUpdate.target)
        #expect(first.zoom == ViewportControllerTests.home.zoom)
        var time = 0.0
        while time < 3.5 {
            time += 1.0 / 60
            h.tick(at: time)
            #expect(h.lastUpdate.target == first)
        }
        #expect(h.statuses.last == .state("follow-puck"))
        #expect(h.camera == first)
    }
}
