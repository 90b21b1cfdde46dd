import Foundation
import MapWireProtocol
import Testing
@testable import MapWireServe
@testable import MapWireServeInput

/// The live view's gesture messages turned into the core's Gesture commands; anything else is refused.
@Suite struct LiveGestureTests {
    @Test func panPinchAndTapsBecomeGestures() throws {
        let pan = try #require(LiveGesture.command(fromJSON: #"{"kind":"pan","phase":"changed","x":10,"y":20,"dx":3,"dy":-4}"#))
        #expect(pan.kind == .pan && pan.phase == .changed && pan.location.x == 10 && pan.translation.y == -4)
        let pinch = try #require(LiveGesture.command(fromJSON: #"{"kind":"pinch","phase":"began","x":1,"y":1}"#))
        #expect(pinch.kind == .pinch && pinch.scale == 1, "a pinch without a scale is 1, never 0")
        let double = try #require(LiveGesture.command(fromJSON: #"{"kind":"double-tap","x":5,"y":6}"#))
        #expect(double.kind == .doubleTap && double.phase == .unspecified)
        #expect(LiveGesture.command(fromJSON: #"{"kind":"rotation","phase":"changed","degrees":15}"#)?.degrees == 15)
        #expect(LiveGesture.command(fromJSON: #"{"kind":"two-finger-pan","phase":"ended"}"#)?.kind == .twoFingerPan)
    }

    @Test func badMessagesAreRefused() {
        #expect(LiveGesture.command(fromJSON: "not json") == nil)
        #expect(LiveGesture.command(fromJSON: #"{"kind":"fly"}"#) == nil)
        #expect(LiveGesture.command(fromJSON: #"[1,2]"#) == nil)
        #expect(LiveGesture.command(fromJSON: #"{"kind":"pan","x":"a"}"#)?.location.x == 0, "a non-number is 0")
    }
}

/// Numbers from a page are range-checked before the core sees them (a pan at x 1e308 once trapped it).
@Suite struct LiveGestureRangeTests {
    @Test func numbersOutOfRangeAreRefusedWithAReason() {
        let cases = [#"{"kind":"pan","phase":"changed","x":1e308,"y":0}"#, #"{"kind":"pan","x":0,"y":-20000}"#,
                     #"{"kind":"pan","dx":16385}"#, #"{"kind":"pinch","scale":1e-9}"#, #"{"kind":"pinch","scale":-2}"#,
                     #"{"kind":"pinch","scale":5000}"#, #"{"kind":"rotation","degrees":1e10}"#]
        for text in cases {
            guard case .failure(let refusal) = LiveGesture.parse(text) else {
                Issue.record("accepted: \(text)")
                continue
            }
            #expect(refusal.description.contains("outside"), "\(text): \(refusal)")
        }
    }

    @Test func numbersAtTheLimitsPass() {
        #expect(LiveGesture.command(fromJSON: #"{"kind":"pan","x":16384,"y":-16384,"dx":-16384,"dy":16384}"#) != nil)
        #expect(LiveGesture.command(fromJSON: #"{"kind":"pinch","scale":0.001}"#)?.scale == 0.001)
        #expect(LiveGesture.command(fromJSON: #"{"kind":"rotation","degrees":-360}"#)?.degrees == -360)
    }
}
