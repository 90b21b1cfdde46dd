import Foundation
import MapWireProtocol

/// The plugins that said hello: who they are, which roles they take, when they were last heard.
///
/// Each plugin has a small number, its slot, for as long as it is registered: the request table keeps a
/// request's plugin by slot, so a reply finds its plugin by an index and one comparison of the routing
/// identity instead of a hash of it (BENCHMARKS.md, "The core's requests"). A slot is given again after its plugin
/// went; requests never hold a gone plugin's slot (`PendingRequests.unassignAll` runs when a plugin goes).
struct PluginRegistry {
    struct Plugin {
        let identity: Data
        /// The plugin's index in the registry's table while it is registered.
        let slot: Int
        let id: String
        let name: String
        let roles: Set<String>
        /// From the hello (0 when the plugin did not say): what a supervisor kills when it hangs.
        let pid: UInt32
        var lastHeardMillis: Int64
        /// When it said hello: its first answers get a grace period (a runtime warming up is slow once).
        let registeredMillis: Int64
        /// Requests in a row that timed out at this plugin (any reply ends the run).
        var timeoutsInARow = 0
        /// Requests that timed out at this plugin since its last answer, its grace period included: dealing
        /// prefers plugins without any, so a plugin that heartbeats but never answers stops collecting work.
        var missesSinceAnswer = 0
    }

    /// The registered plugins, read by identity (a read-only view of the table).
    struct Plugins {
        fileprivate let table: [Plugin?]
        fileprivate let slots: [Data: Int]

        subscript(identity: Data) -> Plugin? { slots[identity].flatMap { table[$0] } }
        var keys: [Data] { values.map(\.identity) }
        var values: [Plugin] { table.compactMap { $0 } }
    }

    /// Plugins by slot; nil where a plugin went (taken again by the next one to register).
    private var table: [Plugin?] = []
    private var slotOf: [Data: Int] = [:]
    private var freeSlots: [Int] = []
    private var nextNumber = 1
    /// Per role: how many plugins take it, whose turn is next, and its plugins in turn order (by id, listed
    /// and sorted once per change of the registered plugins): one look-up by role per request sent.
    private struct Role {
        var count = 0
        var turn = 0
        var order: [Int]?
    }
    private var roles: [String: Role] = [:]

    var plugins: Plugins { Plugins(table: table, slots: slotOf) }

    /// The plugin in `slot` when its identity is `identity` (a reply's sender checked by index and one
    /// comparison).
    func plugin(slot: Int, identity: Data) -> Plugin? {
        guard slot >= 0, slot < table.count, let plugin = table[slot], plugin.identity == identity else { return nil }
        return plugin
    }

    /// Whether the plugin in `slot` has this identity (`plugin(slot:identity:) != nil` without a copy of the plugin).
    func holds(slot: Int, identity: Data) -> Bool {
        slot >= 0 && slot < table.count && table[slot]?.identity == identity
    }

    /// Registers the peer and returns its plugin, and whether it is new (a repeated hello keeps the
    /// plugin as it was).
    mutating func register(identity: Data, hello: Mapwire_V1_Hello, now: Int64) -> (plugin: Plugin, isNew: Bool) {
        if let slot = slotOf[identity], let existing = table[slot] {
            table[slot]?.lastHeardMillis = now
            return (existing, false)
        }
        let slot: Int
        if let free = freeSlots.popLast() { slot = free } else {
            slot = table.count
            table.append(nil)
        }
        let plugin = Plugin(identity: identity, slot: slot, id: "\(hello.name)-\(nextNumber)", name: hello.name,
                            roles: Set(hello.roles), pid: hello.pid, lastHeardMillis: now, registeredMillis: now)
        nextNumber += 1
        table[slot] = plugin
        slotOf[identity] = slot
        for role in plugin.roles { roles[role, default: Role()].count += 1 }
        forgetTurnOrders()
        return (plugin, true)
    }

    mutating func heard(from identity: Data, now: Int64) -> Bool {
        guard let slot = slotOf[identity] else { return false }
        table[slot]!.lastHeardMillis = now
        return true
    }

    /// A reply from the peer: `heard` and `answered` in one look-up. False when it is not a registered plugin.
    mutating func heardAnswer(from identity: Data, now: Int64) -> Bool {
        guard let slot = slotOf[identity] else { return false }
        heardAnswer(slot: slot, now: now)
        return true
    }

    /// A reply from the plugin in `slot` (already checked by `plugin(slot:identity:)`).
    mutating func heardAnswer(slot: Int, now: Int64) {
        table[slot]!.lastHeardMillis = now
        table[slot]!.timeoutsInARow = 0
        table[slot]!.missesSinceAnswer = 0
    }

    /// The plugin says it works on a request it holds: alive and working, so its runs of timeouts and
    /// misses are over (a loader waiting on a slow server is busy, not hung).
    mutating func heardProgress(from identity: Data, now: Int64) {
        guard let slot = slotOf[identity] else { return }
        heardAnswer(slot: slot, now: now)
    }

    /// The plugin answered something: its run of timeouts is over.
    mutating func answered(_ identity: Data) {
        guard let slot = slotOf[identity] else { return }
        table[slot]!.timeoutsInARow = 0
        table[slot]!.missesSinceAnswer = 0
    }

    /// A request timed out at the plugin: returns its run of timeouts (nil for a plugin not registered, and
    /// within `graceMillis` of its hello, when a timeout does not count: PROTOCOL.md 7.4).
    mutating func timedOut(_ identity: Data, now: Int64, graceMillis: Int64) -> Int? {
        guard let slot = slotOf[identity] else { return nil }
        table[slot]!.missesSinceAnswer += 1
        guard now - table[slot]!.registeredMillis >= graceMillis else { return nil }
        table[slot]!.timeoutsInARow += 1
        return table[slot]!.timeoutsInARow
    }

    mutating func remove(_ identity: Data) -> Plugin? {
        guard let slot = slotOf.removeValue(forKey: identity), let gone = table[slot] else { return nil }
        table[slot] = nil
        freeSlots.append(slot)
        for role in gone.roles {
            let left = (roles[role]?.count ?? 1) - 1
            if left > 0 { roles[role]?.count = left } else { roles[role] = nil }
        }
        forgetTurnOrders()
        return gone
    }

    private mutating func forgetTurnOrders() {
        for key in roles.keys { roles[key]?.order = nil }
    }

    /// The role's plugins (slots) in turn order (by id).
    private func turnOrder(for role: String) -> [Int] {
        table.compactMap { $0 }.filter { $0.roles.contains(role) }.sorted { $0.id < $1.id }.map(\.slot)
    }

    /// Plugins silent since before `cutoff`.
    func silent(since cutoff: Int64) -> [Plugin] {
        table.compactMap { $0 }.filter { $0.lastHeardMillis < cutoff }
    }

    /// The next plugin for a role, taking turns among all plugins that have it.
    mutating func next(for role: String) -> Plugin? {
        next(for: role, load: { _ in 0 })
    }

    /// The plugin of a role with the fewest requests missed since its last answer, then the least `load`
    /// (nil: it takes nothing now), ties going to whose turn comes first; nil when none takes it. Dealing by
    /// load rather than strictly in turn keeps a loader that fell behind (a large tile) from collecting the
    /// requests while another runs dry (BENCHMARKS.md, two loaders when the loader does the work); dealing by
    /// misses first keeps plugins that heartbeat but never answer from collecting them while one that
    /// answers has room (they get work only when it is full, and answering ends their misses).
    /// Asked for every request sent: one look-up of the role, the candidates listed once per registry change.
    mutating func next(for role: String, load: (Plugin) -> Int?) -> Plugin? {
        guard let index = roles.index(forKey: role) else { return nil }
        if roles.values[index].order == nil { roles.values[index].order = turnOrder(for: role) }
        let candidates = roles.values[index].order!
        let turn = roles.values[index].turn
        // The best so far by its place in `candidates` (-1: none), not a copy of it: an optional tuple
        // holding a plugin was destroyed through value witnesses, twice per request sent.
        var bestOffset = -1, bestLoad = Int.max, bestMisses = Int.max
        for offset in candidates.indices {
            let slot = candidates[(turn + offset) % candidates.count]
            // The plugin is lent to `load` where the table holds it, not copied out of it.
            guard let load = table[slot].flatMap(load), let misses = table[slot]?.missesSinceAnswer else { continue }
            if bestOffset < 0 || misses < bestMisses || (misses == bestMisses && load < bestLoad) {
                (bestOffset, bestLoad, bestMisses) = (offset, load, misses)
            }
            if load == 0 && misses == 0 { break }
        }
        guard bestOffset >= 0 else { return nil }
        roles.values[index].turn = turn + bestOffset + 1
        return table[candidates[(turn + bestOffset) % candidates.count]]
    }

    func has(role: String) -> Bool {
        roles.index(forKey: role) != nil
    }
}
