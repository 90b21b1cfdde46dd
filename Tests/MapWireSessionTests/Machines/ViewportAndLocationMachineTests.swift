import Foundation
import Logging
import MapEngine
import MapWireGeometry
import MapWireProtocol
import Testing
@testable import MapWireSession

/// The viewport and user-location machines alone: what each call asks of the session.
@Suite struct ViewportAndLocationMachineTests {
    let scene = ViewportMachine.Scene(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 10),
                                      size: ViewportSize(width: 512, height: 512), seconds: 100)

    func fix(_ lon: Double, _ lat: Double) -> Mapwire_V1_UpdateLocation {
        .with { $0.longitude = lon; $0.latitude = lat }
    }

    func published(_ outputs: [LocationMachine.Output]) -> [Mapwire_V1_Envelope.OneOf_Payload] {
        outputs.compactMap { if case .publish(let p) = $0 { p } else { nil } }
    }

    @Test func anImmediateFollowMovesTheCameraToTheFixAndAnnouncesTheState() {
        var v = ViewportMachine()
        _ = v.update(location: UserLocation(coordinate: LngLat(longitude: 1, latitude: 2)), pace: nil, in: scene)
        let options = UserTrackingMode.follow.followPuck!
        let outputs = v.transition(to: .followPuck(options), using: .immediate, in: scene)
        let moved = outputs.compactMap { if case .moveCamera(let c, _) = $0 { c } else { nil } }
        #expect(moved.last?.center.longitude ?? 0 == 1)
        #expect(outputs.contains { if case .publish(.viewportStatusChanged) = $0 { true } else { false } })
        // Released with the same options it goes idle; with others nothing happens.
        #expect(v.release(UserTrackingMode.followWithCourse.followPuck!).isEmpty)
        #expect(!v.release(options).isEmpty)
        #expect(v.state == .idle)
    }

    @Test func anIdleViewportDoesNothingOnATick() {
        var v = ViewportMachine()
        #expect(v.tick(in: scene).isEmpty)
        #expect(v.setPuckAnchor(nil, in: scene).isEmpty)
    }

    @Test func fixesWhileShownArePublishedAndRepaintAndTheViewportGetsThemPaced() throws {
        var l = LocationMachine(logger: Logger(label: "test"))
        // Not shown: the viewport still hears of it, nothing is published.
        let hidden = try l.update(fix(1, 2), now: 1000, wallNanos: 5)
        #expect(published(hidden).isEmpty)
        #expect(hidden.last == .located(UserLocation(coordinate: LngLat(longitude: 1, latitude: 2)), pace: nil))
        let started = try l.setTrackingMode(.with { $0.mode = .follow; $0.animated = true })
        #expect(started.contains(.follow(UserTrackingMode.follow.followPuck!, animated: true)))
        #expect(published(started).count == 2)
        _ = try l.update(fix(1, 2), now: 2000, wallNanos: 5)
        let paced = try l.update(fix(1, 2.1), now: 2500, wallNanos: 5)
        #expect(paced.contains(.repaint))
        #expect(paced.last == .located(UserLocation(coordinate: LngLat(longitude: 1, latitude: 2.1)), pace: 0.5))
        // Tracking taken away releases the follow state.
        #expect(published(l.endTracking()).count == 1)
        #expect(l.endTracking().isEmpty)
    }

    @Test func badFixesAndUnknownModesAreRefused() {
        var l = LocationMachine(logger: Logger(label: "test"))
        #expect(throws: MapCommandError.self) { try l.update(fix(.infinity, 0), now: 0, wallNanos: 0) }
        #expect(throws: MapCommandError.self) { try l.update(fix(0, 91), now: 0, wallNanos: 0) }
        #expect(throws: MapCommandError.self) { try l.setTrackingMode(.with { $0.mode = .unspecified }) }
        #expect(throws: MapCommandError.self) { try l.failure(.init()) }
    }

    @Test func authorizationIsPublishedOnlyWhenItChanges() throws {
        var l = LocationMachine(logger: Logger(label: "test"))
        let report = Mapwire_V1_ReportLocationAuthorization.with { $0.status = .denied; $0.accuracy = .full }
        #expect(try l.authorization(report).count == 1)
        #expect(try l.authorization(report).isEmpty)
        #expect(throws: MapCommandError.self) { try l.authorization(.with { $0.status = .denied }) }
    }

    @Test func thePuckTakesTheDelegatesColoursAndFallsBackOnBadOnes() {
        var l = LocationMachine(logger: Logger(label: "test"))
        let here = UserLocation(coordinate: LngLat(longitude: 1, latitude: 2), heading: 90)
        #expect(l.puck(at: here) == nil)
        _ = l.setShows(true)
        let answer = Mapwire_V1_PluginReply.OneOf_Kind.userLocationDescription(.with {
            $0.style = .with { $0.puckFillColor = "#ff0000"; $0.haloColor = "not a colour" }
            $0.anchorPoint = .with { $0.x = 10; $0.y = 20 }
        })
        #expect(l.described(.answered(answer)) == [.anchor(ScreenPoint(x: 10, y: 20)), .repaint])
        let puck = l.puck(at: here)
        #expect(puck?.style.puckFillColor == "#ff0000")
        #expect(puck?.style.haloColor == PuckColors.defaults.halo)
        #expect(puck?.headingDegrees == 90)
        #expect(l.described(.unanswered("deadline")) == [.anchor(nil), .repaint])
        #expect(l.puck(at: here)?.style.puckFillColor == PuckColors.defaults.fill)
    }
}
