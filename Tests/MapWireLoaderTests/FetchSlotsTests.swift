import Synchronization
import Testing
@testable import MapWireLoader

/// The async slots around the scheduler: waiting fetches start in priority order as slots free up,
/// and a cancelled waiter leaves the queue without taking a slot.
struct FetchSlotsTests {
    @Test func waitersStartRegularFirstAndCancelledOnesLeave() async throws {
        let slots = FetchSlots(limit: 1)
        let order = Order()
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        // The first fetch holds the only slot until the gate opens.
        let holder = Task { try await slots.withSlot(priority: .regular) { for await _ in gate { break } } }
        while slots.running == 0 { await Task.yield() }
        @Sendable func queued(_ name: String, _ priority: FetchSlots.Priority) -> Task<Void, any Error> {
            Task { try await slots.withSlot(priority: priority) { order.append(name) } }
        }
        let low = queued("low", .low)
        while slots.waiting < 1 { await Task.yield() }
        let gone = queued("cancelled", .regular)
        while slots.waiting < 2 { await Task.yield() }
        let regular = queued("regular", .regular)
        while slots.waiting < 3 { await Task.yield() }
        gone.cancel()
        while slots.waiting > 2 { await Task.yield() }
        open.yield()
        try await holder.value
        try await regular.value
        try await low.value
        #expect(order.names == ["regular", "low"])
        await #expect(throws: CancellationError.self) { try await gone.value }
        #expect(slots.running == 0 && slots.waiting == 0)
    }
}

final class Order: Sendable {
    private let list = Mutex<[String]>([])
    func append(_ name: String) { list.withLock { $0.append(name) } }
    var names: [String] { list.withLock { $0 } }
}
