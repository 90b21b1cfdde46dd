import Foundation
import MapWireProtocol

/// Requests to plugins that have no reply yet: which plugin has each, and when each times out.
struct RequestRouter {
    struct Entry {
        let request: Mapwire_V1_PluginRequest
        let role: String
        var plugin: Data?
        let deadlineMillis: Int64
    }

    private var entries: [UInt64: Entry] = [:]
    /// Ids waiting for a plugin of their role, oldest first.
    private(set) var waiting: [UInt64] = []

    mutating func add(_ request: Mapwire_V1_PluginRequest, role: String, deadlineMillis: Int64) {
        entries[request.id] = Entry(request: request, role: role, plugin: nil, deadlineMillis: deadlineMillis)
        waiting.append(request.id)
    }

    func entry(_ id: UInt64) -> Entry? { entries[id] }

    mutating func assign(_ id: UInt64, to plugin: Data) {
        entries[id]?.plugin = plugin
        waiting.removeAll { $0 == id }
    }

    /// Takes a request out (answered or cancelled). Nil for unknown ids: late or duplicate replies.
    mutating func remove(_ id: UInt64) -> Entry? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        if entry.plugin == nil { waiting.removeAll { $0 == id } }
        return entry
    }

    /// Puts a gone plugin's requests back in the queue, in id order.
    mutating func unassignAll(from plugin: Data) {
        let ids = entries.filter { $0.value.plugin == plugin }.keys.sorted()
        for id in ids { entries[id]?.plugin = nil }
        waiting = (ids + waiting).sorted()
    }

    var earliestDeadline: Int64? { entries.values.map(\.deadlineMillis).min() }

    /// Removes and returns the ids whose deadline has passed.
    mutating func expired(now: Int64) -> [UInt64] {
        let ids = entries.filter { $0.value.deadlineMillis <= now }.keys.sorted()
        for id in ids { _ = remove(id) }
        return ids
    }
}
