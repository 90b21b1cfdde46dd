import Foundation
import MapWireProtocol
import MapWirePluginKit

/// Requests to plugins that have no reply yet: which plugin has each, how many times it was sent, and
/// when its current attempt and the request as a whole time out.
struct RequestRouter {
    struct Entry {
        var request: Mapwire_V1_PluginRequest
        let role: String
        var plugin: Data?
        /// When the request fails for good (an error result), whatever the attempts.
        let deadlineMillis: Int64
        /// How long one attempt may take before the request is sent again.
        let attemptMillis: Int64
        /// When the current attempt times out (only while assigned).
        var attemptDeadlineMillis: Int64
        /// Sends so far that timed out or are under way (a plugin going away gives its attempt back).
        var attempts: Int = 0
    }

    private var entries: [UInt64: Entry] = [:]
    /// Sends per request before only its overall deadline is left (1 + the configured retries).
    var maxAttempts = 3
    /// Unanswered requests per plugin (kept in step with `entries`).
    private(set) var inFlightCount: [Data: Int] = [:]
    /// Ids waiting for a plugin of their role, oldest first.
    private(set) var waiting: [UInt64] = []

    mutating func add(_ request: Mapwire_V1_PluginRequest, role: String, deadlineMillis: Int64, attemptMillis: Int64) {
        entries[request.id] = Entry(request: request, role: role, plugin: nil, deadlineMillis: deadlineMillis,
                                    attemptMillis: attemptMillis, attemptDeadlineMillis: deadlineMillis)
        waiting.append(request.id)
    }

    func entry(_ id: UInt64) -> Entry? { entries[id] }

    var count: Int { entries.count }

    /// Hands a waiting request to `plugin` and returns what to send: the request with its attempt number.
    mutating func assign(_ id: UInt64, to plugin: Data, now: Int64) -> Mapwire_V1_PluginRequest? {
        guard var entry = entries[id] else { return nil }
        if let previous = entry.plugin { release(previous) }
        inFlightCount[plugin, default: 0] += 1
        entry.plugin = plugin
        entry.attempts += 1
        entry.request.attempt = UInt32(entry.request.attempt + 1)
        entry.attemptDeadlineMillis = min(entry.deadlineMillis, now + entry.attemptMillis)
        // The plugin may give up on this attempt after this instant: nobody waits for it any more.
        entry.request.deadlineUnixNanos = unixNanosNow() + (entry.attemptDeadlineMillis - now) * 1_000_000
        entries[id] = entry
        waiting.removeAll { $0 == id }
        return entry.request
    }

    /// Takes a request out (answered or cancelled). Nil for unknown ids: late or duplicate replies.
    mutating func remove(_ id: UInt64) -> Entry? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        if let plugin = entry.plugin { release(plugin) } else { waiting.removeAll { $0 == id } }
        return entry
    }

    private mutating func release(_ plugin: Data) {
        let left = (inFlightCount[plugin] ?? 1) - 1
        inFlightCount[plugin] = left > 0 ? left : nil
    }

    /// Puts a gone plugin's requests back in the queue, in id order; returns how many. Their attempt
    /// does not count: the plugin did not fail the request, it went away.
    @discardableResult
    mutating func unassignAll(from plugin: Data) -> Int {
        let ids = entries.filter { $0.value.plugin == plugin }.keys.sorted()
        inFlightCount[plugin] = nil
        for id in ids {
            guard var entry = entries[id] else { continue }
            entry.plugin = nil
            entry.attempts -= 1
            entry.attemptDeadlineMillis = entry.deadlineMillis
            entries[id] = entry
        }
        waiting = (ids + waiting).sorted()
        return ids.count
    }

    /// Requests assigned to `plugin` and not answered yet.
    func inFlight(for plugin: Data) -> Int {
        inFlightCount[plugin] ?? 0
    }

    var earliestDeadline: Int64? {
        entries.values.map {
            $0.plugin == nil || $0.attempts >= maxAttempts ? $0.deadlineMillis : min($0.deadlineMillis, $0.attemptDeadlineMillis)
        }.min()
    }

    /// Removes and returns the ids whose deadline has passed.
    mutating func expired(now: Int64) -> [UInt64] {
        let ids = entries.filter { $0.value.deadlineMillis <= now }.keys.sorted()
        for id in ids { _ = remove(id) }
        return ids
    }

    /// Requests whose attempt timed out while attempts remain: back in the queue to be sent again
    /// (to the next plugin of the role). Returns their ids.
    mutating func retryTimedOutAttempts(now: Int64) -> [UInt64] {
        let ids = entries.filter {
            $0.value.plugin != nil && $0.value.attemptDeadlineMillis <= now && $0.value.attempts < maxAttempts
        }.keys.sorted()
        for id in ids {
            guard var entry = entries[id] else { continue }
            if let previous = entry.plugin { release(previous) }
            entry.plugin = nil
            entry.attemptDeadlineMillis = entry.deadlineMillis
            entries[id] = entry
        }
        waiting = (ids + waiting).sorted()
        return ids
    }
}
