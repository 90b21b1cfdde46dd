import Foundation
import Synchronization

/// How many views of one style are at its core at once, and how many wait here for their turn. The core
/// hands each view to a renderer with room (up to its in-flight limit); a flood of views queued there
/// waits longer than the render timeout, and renderers that are only busy are then declared hung. So
/// views go to the core a few per renderer at a time, the rest wait here in order, and past the queue
/// (or after waiting a render timeout) a request is shed at once with 503 and `Retry-After`.
public struct AdmissionQueue: Sendable {
    public enum Decision: Equatable, Sendable {
        /// Send it to the core now.
        case go
        /// Wait until `finished` names it.
        case wait
        /// Refuse it: the queue is full.
        case shed
    }

    /// Views at the core at once.
    public private(set) var capacity: Int
    public let maxWaiting: Int
    public private(set) var running = 0
    private var waiting: [UInt64] = []

    public init(capacity: Int, maxWaiting: Int) {
        self.capacity = max(1, capacity)
        self.maxWaiting = max(0, maxWaiting)
    }

    public var waitingCount: Int { waiting.count }

    public mutating func request(_ id: UInt64) -> Decision {
        if running < capacity, waiting.isEmpty {
            running += 1
            return .go
        }
        guard waiting.count < maxWaiting else { return .shed }
        waiting.append(id)
        return .wait
    }

    /// A view at the core is answered: the waiters that may go now.
    public mutating func finished() -> [UInt64] {
        running = max(0, running - 1)
        return promote()
    }

    /// A waiter gave up (its deadline passed): true when it was still waiting.
    public mutating func abandon(_ id: UInt64) -> Bool {
        guard let index = waiting.firstIndex(of: id) else { return false }
        waiting.remove(at: index)
        return true
    }

    /// The renderers changed (one joined or went): the waiters that may go now.
    public mutating func setCapacity(_ value: Int) -> [UInt64] {
        capacity = max(1, value)
        return promote()
    }

    private mutating func promote() -> [UInt64] {
        var going: [UInt64] = []
        while running < capacity, !waiting.isEmpty {
            going.append(waiting.removeFirst())
            running += 1
        }
        return going
    }
}

/// `AdmissionQueue` for async callers: `admit` returns when the view may go to the core, or throws the
/// 503 that sheds it; `release` after the core answered.
public final class RenderGate: Sendable {
    /// Views at the core per renderer: one drawing and one ready for when it is done.
    public static let viewsPerRenderer = 2

    private struct State {
        var queue: AdmissionQueue
        var nextID: UInt64 = 1
        var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        /// Each waiter's deadline, cancelled when it goes (no sleeping task outlives its wait).
        var deadlines: [UInt64: Task<Void, Never>] = [:]

        /// The waiters `ids` leave the queue: their continuations to resume.
        mutating func going(_ ids: [UInt64]) -> [CheckedContinuation<Void, any Error>] {
            for id in ids { deadlines.removeValue(forKey: id)?.cancel() }
            return ids.compactMap { waiters.removeValue(forKey: $0) }
        }
    }

    private let state: Mutex<State>

    public init(renderers: Int, maxWaiting: Int) {
        state = Mutex(State(queue: AdmissionQueue(capacity: renderers * Self.viewsPerRenderer, maxWaiting: maxWaiting)))
    }

    public var waiting: Int { state.withLock { $0.queue.waitingCount } }
    public var running: Int { state.withLock { $0.queue.running } }
    /// Deadlines of waiters still sleeping.
    var deadlinesPending: Int { state.withLock { $0.deadlines.count } }

    /// Waits for a turn, at most `timeoutMilliseconds`.
    public func admit(timeoutMilliseconds: Int) async throws {
        let id: UInt64 = state.withLock { s in
            defer { s.nextID += 1 }
            return s.nextID
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let decision = state.withLock { s in
                let decision = s.queue.request(id)
                if decision == .wait { s.waiters[id] = continuation }
                return decision
            }
            switch decision {
            case .go: continuation.resume()
            case .shed:
                continuation.resume(throwing: ServeFailure(status: 503, message: "the server is busy: \(maxWaitingText) images wait already",
                                                           retryAfterSeconds: 1))
            case .wait:
                let deadline = Task { [self] in
                    try? await Task.sleep(for: .milliseconds(timeoutMilliseconds))
                    let late: CheckedContinuation<Void, any Error>? = state.withLock { s in
                        guard s.queue.abandon(id) else { return nil }
                        s.deadlines[id] = nil
                        return s.waiters.removeValue(forKey: id)
                    }
                    late?.resume(throwing: ServeFailure(status: 503, message: "the server is busy: the image waited \(timeoutMilliseconds) ms for a renderer",
                                                        retryAfterSeconds: 2))
                }
                // Still waiting: its deadline is cancelled when it goes.
                state.withLock { s in if s.waiters[id] != nil { s.deadlines[id] = deadline } else { deadline.cancel() } }
            }
        }
    }

    /// The view admitted is answered (drawn or not).
    public func release() {
        resume(state.withLock { s in s.going(s.queue.finished()) })
    }

    /// The renderers the core has now.
    public func setRenderers(_ count: Int) {
        resume(state.withLock { s in
            let capacity = max(1, count) * Self.viewsPerRenderer
            guard capacity != s.queue.capacity else { return [] }
            return s.going(s.queue.setCapacity(capacity))
        })
    }

    private var maxWaitingText: String { "\(state.withLock { $0.queue.maxWaiting })" }

    private func resume(_ going: [CheckedContinuation<Void, any Error>]) {
        for continuation in going { continuation.resume() }
    }
}
