import Foundation
import MapWireProtocol
import MapWireTesting
import Testing

/// MGLMapViewDelegate's shouldChangeFromCamera: a "camera-veto" plugin is asked before a gesture's default
/// moves the camera, never about programmatic changes. Its answer has 50 ms (--veto-timeout-ms).
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct CameraVetoTests {
    typealias S = GestureTestSupport

    @Test func theVetoAllowsDeniesOrTimesOut() throws {
        let (run, events) = try S.loadedRun(coreArguments: ["--veto-timeout-ms", "50"])
        let journal = TestGesturePlugin.Journal()
        // Held until the test has seen the core act without the answer: the deny that follows is late
        // whatever the machine's load.
        let lateAnswer = DispatchSemaphore(value: 0)
        // Zooming in is allowed, zooming out denied; anything else is answered (denied) too late.
        let veto = TestGesturePlugin(name: "veto", roles: ["camera-veto"],
                                     controlEndpoint: run.runDirectory.controlEndpoint, journal: journal) { request in
            guard case .mayChangeCamera(let m) = request.kind else { return nil }
            if m.newCamera.zoom > m.oldCamera.zoom { return .cameraDecision(.with { $0.allow = true }) }
            if m.newCamera.zoom < m.oldCamera.zoom { return .cameraDecision(.with { $0.allow = false }) }
            _ = lateAnswer.wait(timeout: .now() + 30)
            return .cameraDecision(.with { $0.allow = false })
        }
        #expect(veto.waitUntilReady())
        func asks() -> [Mapwire_V1_MayChangeCamera] { journal.all.compactMap {
            if case .mayChangeCamera(let m) = $0.request.kind { m } else { nil }
        } }

        // Allowed: the change is applied, and the plugin saw the old and the new camera.
        let zoomIn = S.gesture(.doubleTap, at: 256, 256)
        let before = try S.camera(run)
        #expect(try run.send(.gesture(zoomIn)).ok)
        let allowed = try S.camera(run)
        #expect(S.close(allowed, S.expected(after: zoomIn, from: before)))
        let ask = try #require(asks().last)
        #expect(ask.oldCamera.zoom == before.zoom && abs(ask.newCamera.zoom - allowed.zoom) < 1e-9)
        var log = EventLog()
        #expect(try S.gestureEvent(events, log: &log)?.cameraVetoed == false)

        // Denied: the camera stays.
        #expect(try run.send(.gesture(S.gesture(.twoFingerTap, at: 256, 256))).ok)
        #expect(try S.camera(run) == allowed)
        log = EventLog()
        let denied = try S.gestureEvent(events, log: &log)
        #expect(denied?.cameraVetoed == true && denied?.handledBy == "default")
        #expect(log.index(of: "camera-will-change") == nil, "a denied change announces nothing")

        // No answer within 50 ms: applied anyway; the late "deny" that follows is dropped.
        let pan = S.gesture(.pan, at: 300, 260, translation: (40, 10))
        let droppedBefore = try run.state().counters.lateRepliesDropped
        let started = Date()
        #expect(try run.send(.gesture(pan)).ok)
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.045, "the core waited for the veto's deadline, not \(waited) s")
        // Had the core waited for the late answer (a deny, sent only now), the camera would not have moved.
        let panned = try S.camera(run)
        #expect(S.close(panned, S.expected(after: pan, from: allowed)))
        lateAnswer.signal()
        // Once the core has dropped the late answer, it can no longer move the camera back.
        #expect(waitUntil { ((try? run.state().counters.lateRepliesDropped) ?? 0) > droppedBefore })
        #expect(try S.camera(run) == panned)
        #expect(asks().count == 3)

        // Programmatic changes are never put to the veto.
        #expect(try run.send(.setCamera(.with { $0.zoom = 10 })).ok)
        #expect(try run.send(.easeTo(.with { $0.zoom = 11; $0.durationMs = 0 })).ok)
        #expect(try S.camera(run).zoom == 11)
        #expect(asks().count == 3)
    }
}
