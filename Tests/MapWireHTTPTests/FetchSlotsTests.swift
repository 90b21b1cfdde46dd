import Synchronization
import Testing
@testable import MapWireHTTP

/// The async slots around the scheduler: waiting fetches start in priority order as slots free up,
/// and a cancelled waiter leaves the queue without taking a slot.
struct FetchSlotsTests {
    @Test func waitersStartRegularFirstAndCancelledOnesLeave() async throws {
        let slots = FetchSlots(limit: 1)
        let order = Order()
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        // The first fetch holds the only slot until the gate opens.
        let holder = Task { try await slots.withSlot(priority: .regular) { for await _ in gate { break } } }
        try await eventually { slots.running > 0 }
        @Sendable func queued(_ name: String, _ priority: FetchSlots.Priority) -> Task<Void, any Error> {
            Task { try await slots.withSlot(priority: priority) { order.append(name) } }
        }
        let low = queued("low", .low)
        try await eventually { slots.waiting >= 1 }
        let gone = queued("cancelled", .regular)
        try await eventually { slots.waiting >= 2 }
        let regular = queued("regular", .regular)
        try await eventually { slots.waiting >= 3 }
        gone.cancel()
        try await eventually { slots.waiting <= 2 }
        open.yield()
        try await holder.value
        try await regular.value
        try await low.value
        #expect(order.names == ["regular", "low"])
        await #expect(throws: CancellationError.self) { try await gone.value }
        #expect(slots.running == 0 && slots.waiting == 0)
    }
}

/// Yields until `condition` holds; fails the test after `seconds` (the other tasks it waits on run on the
/// cooperative pool, which a full run shares with blocking tests).
private func eventually(seconds: Double = 60, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        try #require(ContinuousClock.now < deadline, "the condition did not hold within \(seconds) s")
        await Task.yield()
    }
}

final class Order: Sendable {
    private let list = Mutex<[String]>([])
    func append(_ name: String) { list.withLock { $0.append(name) } }
    var names: [String] { list.withLock { $0 } }
}
