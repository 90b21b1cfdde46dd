import MapEngine

/// The loads that failed and will be tried again (PROTOCOL.md 7.8), by the map's load id: how many
/// attempts in a row failed, and whether each waits for its time, for the network to come back, or is
/// being tried now. Pure: the session passes the time and the network status in.
struct NetworkRetries {
    enum State: Equatable {
        /// Tried again at this instant (monotonic ms).
        case due(Int64)
        /// Tried again when the core is back online.
        case waitingForNetwork
        /// Tried again when a loader registers: the attempt timed out before any loader took it.
        case waitingForLoader
        /// An attempt is under way (sent to a loader, or waiting for one in the request table).
        case inFlight
    }

    struct Retry: Equatable {
        var failures: Int
        var reason: ErrorReason
        var priority: ResourcePriority
        var state: State
    }

    private(set) var entries: [UInt64: Retry] = [:]

    var isEmpty: Bool { entries.isEmpty }

    /// Notes a failed attempt of `id` and says whether (and how) it is tried again; a load that is not
    /// tried again is forgotten.
    /// - `online`: the core's network status now.
    /// - `askedCacheOnly`: the attempt was sent offline (loading-method ["cache"]).
    @discardableResult
    mutating func failed(_ id: UInt64, reason: ErrorReason, priority: ResourcePriority, retryAfterMillis: UInt32?,
                         online: Bool, askedCacheOnly: Bool, now: Int64) -> State? {
        var retry = entries[id] ?? Retry(failures: 0, reason: reason, priority: priority, state: .inFlight)
        retry.failures += 1
        retry.reason = reason
        retry.priority = priority
        let state: State?
        switch (online, reason) {
        case (false, .server), (false, .connection), (false, .rateLimit), (false, .inOfflineMode):
            // Offline nothing waits for a clock: it is asked again when the network is back.
            state = .waitingForNetwork
        case (true, .inOfflineMode):
            // Asked offline, answered after the core came back online: ask again now, with the network. A
            // loader that answers so while the core is online (offline on its own) backs off as for a
            // lost connection rather than being asked in a loop.
            state = .due(now + (askedCacheOnly ? 0 : RetrySchedule.delayMillis(after: .connection, failures: retry.failures) ?? 0))
        default:
            state = RetrySchedule.delayMillis(after: reason, failures: retry.failures, retryAfterMillis: retryAfterMillis)
                .map { .due(now + $0) }
        }
        guard let state else {
            entries[id] = nil
            return nil
        }
        retry.state = state
        entries[id] = retry
        return state
    }

    /// An attempt timed out before any loader took it: asked again when one registers, whatever the failures
    /// so far (a load never sent has nothing to back off from).
    mutating func waitForLoader(_ id: UInt64, priority: ResourcePriority) {
        var retry = entries[id] ?? Retry(failures: 0, reason: .other, priority: priority, state: .inFlight)
        retry.state = .waitingForLoader
        entries[id] = retry
    }

    /// A loader registered: every load waiting for one is taken (marked under way), `regular` before `low`.
    mutating func loaderRegistered() -> [UInt64] {
        take { $0.state == .waitingForLoader }
    }

    /// The load answered, or is no longer wanted: its count of failures is over.
    mutating func remove(_ id: UInt64) {
        entries[id] = nil
    }

    /// The earliest instant a retry is due.
    var earliestDue: Int64? {
        entries.values.compactMap { if case .due(let at) = $0.state { at } else { nil } }.min()
    }

    /// Takes the retries due at `now` (marked under way), `regular` before `low`, then earliest first.
    mutating func takeDue(now: Int64) -> [UInt64] {
        take { if case .due(let at) = $0.state { at <= now } else { false } }
    }

    /// The core went offline: retries that wait for their time wait for the network instead.
    mutating func networkLost() {
        for (id, retry) in entries {
            if case .due = retry.state { entries[id]?.state = .waitingForNetwork }
        }
    }

    /// The core is back online: every retry waiting for the network is taken (marked under way), `regular`
    /// before `low`, with its backoff reset (the next failure counts as the first).
    mutating func networkBack() -> [UInt64] {
        let ids = take { $0.state == .waitingForNetwork }
        for id in ids { entries[id]?.failures = 0 }
        return ids
    }

    private mutating func take(where matches: (Retry) -> Bool) -> [UInt64] {
        let ids = entries.filter { matches($0.value) }.sorted { a, b in
            if a.value.priority != b.value.priority { return a.value.priority == .regular }
            let (da, db) = (a.value.state.dueMillis ?? 0, b.value.state.dueMillis ?? 0)
            return da != db ? da < db : a.key < b.key
        }.map(\.key)
        for id in ids { entries[id]?.state = .inFlight }
        return ids
    }
}

extension NetworkRetries.State {
    var dueMillis: Int64? { if case .due(let at) = self { at } else { nil } }
}
