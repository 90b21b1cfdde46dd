import Foundation
import MapWireClient
import MapWireGeometry
import MapWireProtocol
import MapWireTesting
import Testing

/// The HERE NMAMapGestureDelegate reference's chain through a real core: plugins that claimed the
/// gesture's region and kind, then the "gesture-delegate" plugin, then the map's default. The claimant
/// and delegate are in-test plugins over the real control socket.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct GestureChainTests {
    typealias S = GestureTestSupport

    func send(_ run: TestRun, _ g: Mapwire_V1_Gesture, _ events: EventSubscriber) throws -> (Camera, Camera, Mapwire_V1_GestureEvent?) {
        let before = try S.camera(run)
        let reply = try run.send(.gesture(g))
        #expect(reply.ok, "\(reply.error)")
        var log = EventLog()
        let event = try S.gestureEvent(events, log: &log)
        return (before, try S.camera(run), event)
    }

    @Test func claimantsAreAskedFirstThenTheDelegateThenTheDefault() throws {
        let (run, events) = try S.loadedRun()
        let journal = TestGesturePlugin.Journal()
        // The top-left 200×200 px: a double tap there is the claimant's alone, a pinch it handles and
        // wants the default too, a rotation it passes on.
        let region = TestGesturePlugin.claim(x: 0, y: 0, width: 200, height: 200, [.doubleTap, .pinch, .rotation])
        let claimant = TestGesturePlugin(name: "claimant", roles: ["test-claimant"], claims: [region],
                                         controlEndpoint: run.runDirectory.controlEndpoint, journal: journal) { request in
            guard case .handleGesture(let h) = request.kind else { return nil }
            switch h.gesture.kind {
            case .doubleTap: return TestGesturePlugin.gestureAnswer(.handled)
            case .pinch: return TestGesturePlugin.gestureAnswer(.handledAndRunDefault)
            default: return TestGesturePlugin.gestureAnswer(.notHandled)
            }
        }
        let delegate = TestGesturePlugin(name: "delegate", roles: ["gesture-delegate"],
                                         controlEndpoint: run.runDirectory.controlEndpoint, journal: journal) { _ in
            TestGesturePlugin.gestureAnswer(.notHandled)
        }
        #expect(claimant.waitUntilReady() && delegate.waitUntilReady())
        let claimantID = try #require(claimant.pluginID)

        // Inside the region, handled: the map does nothing and the delegate is not asked.
        let (b1, a1, e1) = try send(run, S.gesture(.doubleTap, at: 50, 50), events)
        #expect(a1 == b1)
        #expect(e1?.handledBy == "claimant:\(claimantID)")
        #expect(journal.plugins(askedAbout: .doubleTap) == ["claimant"])

        // Inside, handled-and-run-default: the default still runs.
        let pinch = S.gesture(.pinch, at: 100, 100, scale: 2)
        let (b2, a2, e2) = try send(run, pinch, events)
        #expect(S.close(a2, S.expected(after: pinch, from: b2)) && a2 != b2)
        #expect(e2?.handledBy == "claimant:\(claimantID):default")
        #expect(journal.plugins(askedAbout: .pinch) == ["claimant"])

        // Outside the region: only the delegate is asked; it does not handle it, so the default runs.
        let outside = S.gesture(.doubleTap, at: 300, 300)
        let (b3, a3, e3) = try send(run, outside, events)
        #expect(S.close(a3, S.expected(after: outside, from: b3)))
        #expect(e3?.handledBy == "default")
        #expect(journal.plugins(askedAbout: .doubleTap) == ["claimant", "delegate"])

        // Inside but not handled by the claimant: claimant, then delegate, then the default.
        let rotation = S.gesture(.rotation, at: 20, 30, degrees: 15)
        let (b4, a4, e4) = try send(run, rotation, events)
        #expect(journal.plugins(askedAbout: .rotation) == ["claimant", "delegate"])
        #expect(S.close(a4, S.expected(after: rotation, from: b4)))
        #expect(e4?.handledBy == "default")

        // A claimant that leaves takes its claims along: the delegate is asked about its region.
        claimant.stop()
        #expect(waitUntil { (try? run.send(.ping(.init())).pong.pluginRoles.contains("test-claimant")) == false })
        _ = try send(run, S.gesture(.doubleTap, at: 50, 50), events)
        #expect(journal.plugins(askedAbout: .doubleTap) == ["claimant", "delegate", "delegate"])
    }

    @Test func aHandlerThatDoesNotAnswerInTimeCountsAsNotHandling() throws {
        let (run, events) = try S.loadedRun()
        let journal = TestGesturePlugin.Journal()
        let silent = TestGesturePlugin(name: "silent", roles: ["gesture-delegate"],
                                       controlEndpoint: run.runDirectory.controlEndpoint, journal: journal) { _ in nil }
        #expect(silent.waitUntilReady())
        let started = Date()
        let g = S.gesture(.doubleTap, at: 256, 256)
        let (before, after, event) = try send(run, g, events)
        #expect(Date().timeIntervalSince(started) >= 0.045, "the core waits for the delegate's 50 ms deadline")
        #expect(S.close(after, S.expected(after: g, from: before)))
        #expect(event?.handledBy == "default")
        #expect(journal.plugins(askedAbout: .doubleTap) == ["silent"])
    }
}
