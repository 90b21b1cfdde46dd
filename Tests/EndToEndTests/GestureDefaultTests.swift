import Foundation
import MapEngine
import MapWireProtocol
import Testing

/// Gestures nobody claims go to the map's default handling: through a real core and loader, each of
/// the eight gives exactly the camera `GestureDefaults` computes from the camera before it.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct GestureDefaultTests {
    typealias S = GestureTestSupport

    @Test func eachGestureMovesTheCameraAsGestureDefaultsSays() throws {
        let (run, events) = try S.loadedRun()
        let gestures = [
            S.gesture(.tap, at: 100, 100),
            S.gesture(.doubleTap, at: 300, 200),
            S.gesture(.longPress, at: 50, 60),
            S.gesture(.pan, at: 260, 250, translation: (30, -20)),
            S.gesture(.pinch, at: 100, 400, scale: 1.5),
            S.gesture(.rotation, at: 300, 300, degrees: 30),
            S.gesture(.twoFingerPan, at: 256, 256, translation: (0, -40)),
            S.gesture(.twoFingerTap, at: 200, 200),
        ]
        for g in gestures {
            let name = g.kind.documentedName
            let before = try S.camera(run)
            let reply = try run.send(.gesture(g))
            #expect(reply.ok, "\(name): \(reply.error)")
            let after = try S.camera(run)
            let expected = S.expected(after: g, from: before)
            #expect(S.close(after, expected), "\(name): got \(after), GestureDefaults says \(expected)")
            var log = EventLog()
            let event = try #require(try S.gestureEvent(events, log: &log), "\(name): no gesture event")
            #expect(event.kind == g.kind && event.location == g.location)
            // Tap and long press have no default effect on the camera: nobody handled them.
            let movesCamera = g.kind != .tap && g.kind != .longPress
            #expect(event.handledBy == (movesCamera ? "default" : "none"), "\(name)")
            #expect(!event.cameraVetoed)
            if movesCamera {
                // The change is an immediate one, announced before the gesture event.
                #expect(log.index(of: "camera-will-change") != nil && log.index(of: "camera-did-change") != nil, "\(name)")
            }
        }
    }

    @Test func theGestureEventHasItsDocumentedJSONAndBadGesturesAreRefused() throws {
        let (run, events) = try S.loadedRun()
        #expect(try run.send(.gesture(S.gesture(.pinch, at: 10, 20, phase: .began, scale: 2))).ok)
        var log = EventLog()
        let envelope = try #require(try S.gestureEvent(events, log: &log).flatMap { _ in log.events.last?.envelope })
        let json = try #require(envelope.monitorJSON?.serialized)
        #expect(json.contains("\"kind\":\"pinch\"") && json.contains("\"phase\":\"began\"") && json.contains("\"handled-by\":\"default\""))

        let noScale = try run.send(.gesture(S.gesture(.pinch, at: 10, 20)))
        #expect(!noScale.ok && noScale.error.contains("scale"))
        let noKind = try run.send(.gesture(.with { $0.location = .with { $0.x = 1 } }))
        #expect(!noKind.ok)
        // A client without a hello has nothing to tie claims to.
        let claim = try run.send(.claimGestures(TestGesturePlugin.claim(x: 0, y: 0, width: 10, height: 10, [.tap])))
        #expect(!claim.ok && claim.error.contains("hello"))
    }

    @Test func theCLISendsAGesture() throws {
        let (run, _) = try S.loadedRun()
        let before = try S.camera(run)
        let result = try run.mapwire(["send", "gesture", "--run-dir", run.runDirectory.path, "double-tap", "--at", "100,120"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(S.close(try S.camera(run), S.expected(after: S.gesture(.doubleTap, at: 100, 120), from: before)))
        let pan = try run.mapwire(["send", "gesture", "--run-dir", run.runDirectory.path, "pan", "--at", "200,200",
                                   "--translation=-15,5", "--phase", "changed"])
        #expect(pan.status == 0, "\(pan.stderr)")
        let bad = try run.mapwire(["send", "gesture", "--run-dir", run.runDirectory.path, "swipe", "--at", "1,1"])
        #expect(bad.status != 0 && bad.stderr.contains("unknown gesture kind"))
    }
}
