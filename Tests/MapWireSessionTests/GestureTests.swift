import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// NMAMapGestureDelegate's chain through the request table: claimants, the delegate and the camera veto, with their
/// 50 ms deadlines and defaults.
@Suite struct GestureTests {
    static let pan = Mapwire_V1_Command.OneOf_Kind.gesture(.with {
        $0.kind = .pan
        $0.location = .with { $0.x = 100; $0.y = 100 }
        $0.translation = .with { $0.x = 50; $0.y = 0 }
    })

    func gestureEvent(_ h: SessionHarness) -> Mapwire_V1_GestureEvent? {
        if case .gesture(let e) = h.events("gesture").last { e } else { nil }
    }

    @Test func withNobodyToAskTheDefaultMovesTheCamera() throws {
        let h = SessionHarness()
        let before = h.camera.center.longitude
        let reply = try #require(h.command(Self.pan))
        #expect(reply.ok)
        #expect(gestureEvent(h)?.handledBy == "default")
        #expect(h.camera.center.longitude != before)
    }

    @Test func theDelegateThatHandlesAGestureKeepsTheCameraStill() throws {
        let h = SessionHarness()
        let delegate = h.plugin("delegate", roles: ["gesture-delegate"])
        let client = h.client()
        let before = h.camera
        #expect(h.command(Self.pan, from: client) == nil, "the reply waits for the delegate")
        let ask = try #require(delegate.unanswered.first)
        #expect(ask.deadlineUnixNanos == h.time.unixNanos + 50_000_000)
        delegate.reply(ask, .gestureAnswer(.with { $0.answer = .handled }))
        #expect(gestureEvent(h)?.handledBy == "delegate:delegate-1")
        #expect(h.camera.center == before.center)
        #expect(h.sent.contains { $0.to == client })
    }

    @Test func aDelegateSilentFor50msCountsAsNotHandling() throws {
        let h = SessionHarness()
        _ = h.plugin("delegate", roles: ["gesture-delegate"])
        h.command(Self.pan)
        h.advance(49)
        #expect(gestureEvent(h) == nil)
        h.advance(1)
        #expect(gestureEvent(h)?.handledBy == "default")
    }

    @Test func aDelegateThatLeavesMidAskCountsAsNotHandlingAtOnce() throws {
        let h = SessionHarness()
        let delegate = h.plugin("delegate", roles: ["gesture-delegate"])
        h.command(Self.pan)
        delegate.goodbye()
        #expect(gestureEvent(h)?.handledBy == "default")
    }

    @Test func anAskWhoseDelegateLeavesGoesToAnotherDelegate() throws {
        let h = SessionHarness()
        let a = h.plugin("a", roles: ["gesture-delegate"])
        let b = h.plugin("b", roles: ["gesture-delegate"])
        h.command(Self.pan)
        let (asked, other) = a.unanswered.isEmpty ? (b, a) : (a, b)
        asked.goodbye()
        let moved = try #require(other.unanswered.first)
        other.reply(moved, .gestureAnswer(.with { $0.answer = .handled }))
        #expect(gestureEvent(h)?.handledBy.hasPrefix("delegate:") == true)
        #expect(gestureEvent(h)?.handledBy != "default")
    }

    @Test func theVetoCanRefuseTheCameraChange() throws {
        let h = SessionHarness()
        let veto = h.plugin("veto", roles: ["camera-veto"])
        let before = h.camera
        h.command(Self.pan)
        let ask = try #require(veto.unanswered.first)
        #expect(ask.mayChangeCamera.oldCamera.center.longitude == before.center.longitude)
        veto.reply(ask, .cameraDecision(.with { $0.allow = false }))
        #expect(gestureEvent(h)?.cameraVetoed == true)
        #expect(h.camera.center == before.center)
    }

    @Test func aVetoSilentFor50msAllowsTheChange() throws {
        let h = SessionHarness()
        _ = h.plugin("veto", roles: ["camera-veto"])
        let before = h.camera
        h.command(Self.pan)
        h.advance(50)
        #expect(gestureEvent(h)?.cameraVetoed == false)
        #expect(h.camera.center != before.center)
        #expect(h.state.counters.requestsTimedOut == 1)
    }

    @Test func aClaimantIsAskedFirstAndItsDepartureFallsBackToTheDefault() throws {
        let h = SessionHarness()
        let claimant = h.plugin("widget", roles: [])
        let claim = try #require(h.command(.claimGestures(.with {
            $0.region = .with { $0.x = 0; $0.y = 0; $0.width = 200; $0.height = 200 }
            $0.kinds = [.pan]
        }), from: claimant.identity))
        #expect(claim.ok)
        h.command(Self.pan)
        #expect(claimant.unanswered.first?.handleGesture.gesture.kind == .pan)
        claimant.goodbye()
        #expect(gestureEvent(h)?.handledBy == "default")
    }

    @Test func aClaimantThatHandlesItEarnsTheHandledByLabel() throws {
        let h = SessionHarness()
        let claimant = h.plugin("widget", roles: [])
        h.command(.claimGestures(.with {
            $0.region = .with { $0.x = 0; $0.y = 0; $0.width = 200; $0.height = 200 }
            $0.kinds = [.pan]
        }), from: claimant.identity)
        h.command(Self.pan)
        claimant.reply(try #require(claimant.unanswered.first), .gestureAnswer(.with { $0.answer = .handledAndRunDefault }))
        #expect(gestureEvent(h)?.handledBy == "claimant:widget-1:default")
    }

    @Test func gesturesWaitTheirTurnBehindTheOneBeingDispatched() throws {
        let h = SessionHarness()
        let delegate = h.plugin("delegate", roles: ["gesture-delegate"])
        h.command(Self.pan)
        h.command(Self.pan)
        #expect(delegate.unanswered.count == 1, "the second gesture waits")
        delegate.reply(try #require(delegate.unanswered.first), .gestureAnswer(.with { $0.answer = .handled }))
        #expect(delegate.unanswered.count == 1, "now the second is asked")
        #expect(h.events("gesture").count == 1)
    }

    @Test func aLateGestureAnswerIsDropped() throws {
        let h = SessionHarness()
        let delegate = h.plugin("delegate", roles: ["gesture-delegate"])
        h.command(Self.pan)
        let ask = try #require(delegate.unanswered.first)
        h.advance(50)
        delegate.reply(ask, .gestureAnswer(.with { $0.answer = .handled }))
        #expect(h.events("gesture").count == 1)
        #expect(gestureEvent(h)?.handledBy == "default")
        #expect(h.state.counters.lateRepliesDropped == 1)
    }
}
