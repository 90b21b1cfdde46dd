import Foundation
import MapWireProtocol
import Testing
@testable import MapWireServe

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
