import Synchronization

/// The fetcher's slots: `acquire` waits (without blocking a thread) until the `FetchScheduler` lets
/// the fetch run; `release` frees its slot for the next. A waiting fetch whose task is cancelled
/// leaves the queue and throws `CancellationError`.
final class FetchSlots: Sendable {
    typealias Priority = FetchScheduler<UInt64>.Priority

    private struct State {
        var scheduler: FetchScheduler<UInt64>
        var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    }

    private let state: Mutex<State>
    private let nextTicket = Atomic<UInt64>(1)

    init(limit: Int) { state = Mutex(State(scheduler: FetchScheduler(limit: limit))) }

    var running: Int { state.withLock { $0.scheduler.running.count } }
    var waiting: Int { state.withLock { $0.scheduler.waiting } }

    /// Runs `body` in a slot; the slot is freed when it returns or throws.
    func withSlot<T>(priority: Priority, _ body: () async throws -> T) async throws -> T {
        let ticket = nextTicket.wrappingAdd(1, ordering: .relaxed).oldValue
        try await acquire(ticket, priority: priority)
        defer { release(ticket) }
        try Task.checkCancellation()
        return try await body()
    }

    private func acquire(_ ticket: UInt64, priority: Priority) async throws {
        try Task.checkCancellation()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let start = state.withLock { state in
                    state.waiters[ticket] = continuation
                    return state.scheduler.submit(ticket, priority: priority).compactMap { state.waiters.removeValue(forKey: $0) }
                }
                start.forEach { $0.resume() }
            }
        } onCancel: {
            let (cancelled, start) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, [CheckedContinuation<Void, any Error>]) in
                // Only a fetch still waiting leaves here; a running one ends through `release`.
                guard let waiter = state.waiters.removeValue(forKey: ticket) else { return (nil, []) }
                return (waiter, state.scheduler.finish(ticket).compactMap { state.waiters.removeValue(forKey: $0) })
            }
            cancelled?.resume(throwing: CancellationError())
            start.forEach { $0.resume() }
        }
    }

    private func release(_ ticket: UInt64) {
        let start = state.withLock { state in
            state.scheduler.finish(ticket).compactMap { state.waiters.removeValue(forKey: $0) }
        }
        start.forEach { $0.resume() }
    }
}
