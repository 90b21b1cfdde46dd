import MapEngine
import MapWireGeometry
import Testing

/// Plays the core: applies the cameras the controller returns and collects its status changes.
struct ViewportHarness {
    var controller = ViewportController()
    var camera: Camera
    let size = ViewportSize(width: 800, height: 600)
    var statuses: [ViewportStatus] = [.idle]
    var lastUpdate = ViewportUpdate()

    init(camera: Camera) { self.camera = camera }

    mutating func absorb(_ update: ViewportUpdate) {
        if let next = update.camera { camera = next }
        for change in update.statusChanges {
            #expect(change.from == statuses.last)
            statuses.append(change.to)
        }
        lastUpdate = update
    }

    mutating func transition(to state: ViewportState, using transition: ViewportTransition = .default(), at time: Double) {
        absorb(controller.transition(to: state, using: transition, camera: camera, size: size, at: time))
    }

    mutating func locate(_ location: UserLocation, at time: Double) {
        absorb(controller.update(location: location, camera: camera, size: size, at: time))
    }

    mutating func tick(at time: Double) { absorb(controller.tick(camera: camera, size: size, at: time)) }

    /// 60 frames a second from `start` through `end`.
    mutating func run(from start: Double, to end: Double) {
        var time = start
        while time < end {
            time = min(time + 1.0 / 60, end)
            tick(at: time)
        }
    }
}

@Suite struct ViewportControllerTests {
    static let home = Camera(center: LngLat(longitude: 2.35, latitude: 48.85), zoom: 12)
    static let route = [LngLat(longitude: 4.8, latitude: 45.7), LngLat(longitude: 5.4, latitude: 43.3)]
    static let overview = ViewportState.overview(OverviewOptions(geometry: route, padding: EdgePadding(all: 30)))
    static let follow = ViewportState.followPuck(FollowPuckOptions(zoom: 16, pitch: 30, bearing: .course))

    static func fix(_ longitude: Double, _ latitude: Double, course: Double = 0) -> UserLocation {
        UserLocation(coordinate: LngLat(longitude: longitude, latitude: latitude), course: course)
    }

    @Test func statusRunsIdleTransitionStateIdle() throws {
        var harness = ViewportHarness(camera: Self.home)
        harness.transition(to: Self.overview, at: 100)
        #expect(harness.statuses == [.idle, .transition(from: "idle", to: "overview")])
        #expect(!harness.controller.isUpdatingCamera)
        let target = try #require(harness.lastUpdate.target)

        harness.run(from: 100, to: 100.5)
        #expect(harness.camera != Self.home && harness.camera != target)
        harness.run(from: 100.5, to: 104)
        #expect(harness.camera == target)
        #expect(harness.statuses == [.idle, .transition(from: "idle", to: "overview"), .state("overview")])
        #expect(harness.controller.isUpdatingCamera)

        harness.absorb(harness.controller.idle())
        #expect(harness.statuses.last == .idle && harness.statuses.count == 4)
        #expect(!harness.controller.isUpdatingCamera)
        let after = harness.controller.tick(camera: harness.camera, size: harness.size, at: 105)
        #expect(after.camera == nil && after.statusChanges.isEmpty)
    }

    @Test func defaultTransitionIsCappedAndShorterForShortHops() {
        var far = ViewportHarness(camera: Camera(center: LngLat(longitude: -122, latitude: 37), zoom: 12))
        far.transition(to: Self.overview, at: 0)
        far.run(from: 0, to: 3.49)
        #expect(far.statuses.last == .transition(from: "idle", to: "overview"))
        far.tick(at: 3.5)
        #expect(far.statuses.last == .state("overview"))

        var near = ViewportHarness(camera: Self.home)
        near.transition(to: .followPuck(FollowPuckOptions(zoom: 12, pitch: 0, bearing: .none)), at: 0)
        near.locate(Self.fix(2.352, 48.851), at: 0)
        near.run(from: 0, to: 0.5)
        #expect(near.statuses.last == .state("follow-puck"))
    }

    @Test func immediateTransitionLandsInOneCall() throws {
        var harness = ViewportHarness(camera: Self.home)
        harness.transition(to: Self.overview, using: .immediate, at: 0)
        #expect(harness.camera == harness.lastUpdate.target)
        #expect(harness.statuses == [.idle, .transition(from: "idle", to: "overview"), .state("overview")])
        #expect(harness.controller.isUpdatingCamera)
    }

    @Test func followPuckWaitsForTheFirstLocation() {
        var harness = ViewportHarness(camera: Self.home)
        harness.transition(to: Self.follow, using: .immediate, at: 0)
        #expect(harness.lastUpdate.target == nil && harness.lastUpdate.camera == nil)
        harness.tick(at: 0.1)
        #expect(harness.statuses.last == .transition(from: "idle", to: "follow-puck"))
        harness.locate(Self.fix(2.36, 48.86, course: 45), at: 0.2)
        #expect(harness.camera == Camera(center: LngLat(longitude: 2.36, latitude: 48.86), zoom: 16, bearing: 45, pitch: 30))
        #expect(harness.statuses.last == .state("follow-puck"))
    }

    @Test func followPuckTracksAStreamOfLocations() {
        var harness = ViewportHarness(camera: Self.home)
        harness.transition(to: Self.follow, using: .immediate, at: 0)
        harness.locate(Self.fix(2.3500, 48.8500, course: 10), at: 0)
        var time = 0.0
        for step in 1...5 {
            let location = Self.fix(2.35 + 0.0004 * Double(step), 48.85 + 0.0003 * Double(step), course: 10 + 5 * Double(step))
            time += 1
            let before = harness.camera
            harness.locate(location, at: time)
            #expect(harness.lastUpdate.target?.center == location.coordinate)
            harness.run(from: time, to: time + 0.5)
            // Half-way through the one-second follow the camera is between the fixes.
            #expect(harness.camera != before && harness.camera.center != location.coordinate)
            harness.run(from: time + 0.5, to: time + 1)
            #expect(harness.camera == Camera(center: location.coordinate, zoom: 16, bearing: 10 + 5 * Double(step), pitch: 30))
            time += 1
        }
        #expect(harness.statuses == [.idle, .transition(from: "idle", to: "follow-puck"), .state("follow-puck")])
    }

    @Test func targetsMovingDuringATransitionAreFollowedAfterIt() throws {
        var harness = ViewportHarness(camera: Camera(center: LngLat(longitude: 2.2, latitude: 48.8), zoom: 10))
        harness.locate(Self.fix(2.35, 48.85), at: 0)
        harness.transition(to: Self.follow, at: 0)
        harness.run(from: 0, to: 0.3)
        harness.locate(Self.fix(2.351, 48.851), at: 0.3)
        // The state already reports the new target without driving the camera toward it yet.
        #expect(harness.lastUpdate.target?.center == LngLat(longitude: 2.351, latitude: 48.851))
        #expect(!harness.controller.isUpdatingCamera)
        harness.run(from: 0.3, to: 4)
        #expect(harness.statuses.last == .state("follow-puck"))
        harness.run(from: 4, to: 6)
        #expect(harness.camera == Camera(center: LngLat(longitude: 2.351, latitude: 48.851), zoom: 16, bearing: 0, pitch: 30))
    }

    @Test func aNewTransitionInterruptsTheRunningOne() {
        var harness = ViewportHarness(camera: Self.home)
        harness.locate(Self.fix(2.4, 48.9), at: 0)
        harness.transition(to: Self.overview, at: 0)
        harness.run(from: 0, to: 0.5)
        let midway = harness.camera
        harness.transition(to: Self.follow, at: 0.5)
        #expect(harness.statuses == [.idle, .transition(from: "idle", to: "overview"),
                                     .transition(from: "overview", to: "follow-puck")])
        harness.tick(at: 0.5)
        #expect(harness.camera == midway)
        harness.run(from: 0.5, to: 5)
        #expect(harness.statuses.last == .state("follow-puck"))
        #expect(harness.camera.center == LngLat(longitude: 2.4, latitude: 48.9))
    }

    @Test func transitionToIdleIsIdle() {
        var harness = ViewportHarness(camera: Self.home)
        harness.transition(to: Self.overview, using: .immediate, at: 0)
        harness.transition(to: .idle, at: 1)
        #expect(harness.statuses.last == .idle)
        #expect(harness.controller.state == .idle)
    }
}
