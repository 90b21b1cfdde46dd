import Foundation
import MapWireTesting
import Testing
@testable import MapWireServe

/// Views go to the core a few per renderer at a time; the rest wait in order; past the queue they are
/// shed at once (503) instead of piling up at renderers until those are declared hung.
@Suite struct AdmissionQueueTests {
    @Test func goWaitAndShed() {
        var queue = AdmissionQueue(capacity: 2, maxWaiting: 2)
        #expect(queue.request(1) == .go && queue.request(2) == .go)
        #expect(queue.request(3) == .wait && queue.request(4) == .wait)
        #expect(queue.request(5) == .shed)
        #expect(queue.finished() == [3], "the first waiter goes when a view is answered")
        #expect(queue.abandon(4) && !queue.abandon(4), "a waiter past its deadline leaves the queue once")
        #expect(queue.finished() == [] && queue.running == 1)
        #expect(queue.request(6) == .go, "nobody waits: straight to the core")
    }

    @Test func moreRenderersLetWaitersGo() {
        var queue = AdmissionQueue(capacity: 1, maxWaiting: 8)
        #expect(queue.request(1) == .go)
        #expect(queue.request(2) == .wait && queue.request(3) == .wait && queue.request(4) == .wait)
        #expect(queue.setCapacity(3) == [2, 3])
        #expect(queue.setCapacity(0) == [] && queue.capacity == 1, "never less than one")
    }

    @Test func aGateShedsPastItsQueueAndTimesOutWaiters() async throws {
        let gate = RenderGate(renderers: 1, maxWaiting: 1)
        try await gate.admit(timeoutMilliseconds: 1000)
        try await gate.admit(timeoutMilliseconds: 1000)
        #expect(gate.running == 2)
        // The third waits (and gives up after its deadline); a fourth finds the queue full.
        let waited = Task { try await gate.admit(timeoutMilliseconds: 200) }
        #expect(await waitUntilAsync(timeout: 5) { gate.waiting == 1 })
        await #expect(throws: ServeFailure.self) { try await gate.admit(timeoutMilliseconds: 1000) }
        await #expect(throws: ServeFailure.self) { try await waited.value }
        gate.release()
        try await gate.admit(timeoutMilliseconds: 1000)
        // A waiter that goes takes its deadline with it: no sleeping task outlives its wait.
        let waiting = Task { try await gate.admit(timeoutMilliseconds: 60_000) }
        #expect(await waitUntilAsync(timeout: 5) { gate.waiting == 1 && gate.deadlinesPending == 1 })
        gate.release()
        try await waiting.value
        #expect(gate.deadlinesPending == 0 && gate.waiting == 0)
    }
}
