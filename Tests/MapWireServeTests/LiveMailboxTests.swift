import Foundation
import Testing
@testable import MapWireServe

/// A browser that reads slowly skips frames; one that does not read at all is dropped, never waited for.
@Suite struct LiveMailboxTests {
    @Test func onlyTheLatestFrameWaits() {
        var box = LiveMailbox<String>(maxEvents: 10)
        box.post(event: "a")
        box.post(frame: "frame 1")
        box.post(event: "b")
        box.post(frame: "frame 2")
        let taken = box.take(now: 0).map { message -> String in
            switch message {
            case .text(let text): text
            case .frame(let frame): frame
            }
        }
        #expect(taken == ["a", "b", "frame 2"])
        #expect(box.isEmpty)
    }

    @Test func eventsPastTheBoundMarkTheBrowserStuck() {
        var box = LiveMailbox<String>(maxEvents: 3)
        for index in 0..<3 { box.post(event: "\(index)") }
        #expect(!box.isStuck(now: 0))
        box.post(event: "one too many")
        #expect(box.isStuck(now: 0) && box.isEmpty)
    }

    @Test func aWriteThatHangsMarksTheBrowserStuck() {
        var box = LiveMailbox<String>()
        box.post(event: "x")
        _ = box.take(now: 1000)
        #expect(!box.isStuck(now: 1000 + LiveMailbox<String>.stallMilliseconds))
        #expect(box.isStuck(now: 1001 + LiveMailbox<String>.stallMilliseconds))
        box.written()
        #expect(!box.isStuck(now: 1_000_000))
    }
}
