import Foundation
import MapWireProtocol
import Testing

/// A gesture in progress (between began and ended) holds map-idle back, like a running animation.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct GestureIdleTests {
    typealias S = GestureTestSupport

    @Test func noMapIdleDuringAPanAndOneAfterItEnds() throws {
        let (run, events) = try S.loadedRun()
        #expect(try run.send(.gesture(S.gesture(.pan, at: 200, 200, phase: .began, translation: (10, 0)))).ok)
        #expect(try run.send(.gesture(S.gesture(.pan, at: 215, 205, phase: .changed, translation: (15, 5)))).ok)
        #expect(try run.send(.gesture(S.gesture(.pan, at: 220, 205, phase: .changed, translation: (5, 0)))).ok)
        var during = EventLog()
        #expect(try !during.collect(from: events, timeout: 0.6) { topic, _ in topic == "map-idle" })
        #expect(during.topics.contains("render-frame-finished"), "frames ran while the fingers were down")
        #expect(during.topics.filter { $0 == "gesture" }.count == 3)

        #expect(try run.send(.gesture(S.gesture(.pan, at: 222, 205, phase: .ended, translation: (2, 0)))).ok)
        var after = EventLog()
        #expect(try after.collect(from: events, timeout: 10) { topic, _ in topic == "map-idle" })
        let ended = try #require(after.index(of: "gesture"))
        #expect(ended < after.events.count - 1)
    }

    @Test func aTapAloneEndsItselfAndTheMapGoesIdleAgain() throws {
        let (run, events) = try S.loadedRun()
        #expect(try run.send(.gesture(S.gesture(.doubleTap, at: 100, 100, phase: .began))).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 10) { topic, _ in topic == "map-idle" })
    }
}
