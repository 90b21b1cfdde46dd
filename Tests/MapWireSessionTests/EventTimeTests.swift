import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession

/// Envelope.begin/end_unix_nanos (PROTOCOL.md 4): an event carries the time of the step that made it, so
/// the shell reads no clock per event and the events of one input share one instant.
@Suite struct EventTimeTests {
    @Test func eventsCarryTheTimeOfTheStepThatMadeThem() throws {
        let h = SessionHarness()
        h.advance(250)
        let before = h.published.count
        h.command(.easeTo(.with { $0.zoom = 3; $0.durationMs = 100 }))
        let commandTime = h.time.unixNanos
        #expect(h.published.count > before)
        #expect(h.publishedTimes[before...].allSatisfy { $0 == commandTime })
        h.advance(until: { !h.events("camera-did-change").isEmpty })
        let last = try #require(h.publishedTimes.last)
        #expect(last == h.time.unixNanos && last > commandTime, "an animation's later steps carry their own tick's time")
        #expect(h.publishedTimes == h.publishedTimes.sorted(), "times never go back")
    }

    @Test func benchPublishStampsItsEventsWithItsCommandsStep() {
        let h = SessionHarness { $0.benchEnabled = true }
        h.advance(40)
        _ = h.command(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 3 }))
        #expect(h.benchJobs.last?.unixNanos == h.time.unixNanos)
    }
}
