import Foundation
import MapWireProtocol

/// The plugins that said hello: who they are, which roles they take, when they were last heard.
struct PluginRegistry {
    struct Plugin {
        let identity: Data
        let id: String
        let name: String
        let roles: Set<String>
        /// From the hello (0 when the plugin did not say): what a supervisor kills when it hangs.
        let pid: UInt32
        var lastHeardMillis: Int64
        /// Requests in a row that timed out at this plugin (any reply ends the run).
        var timeoutsInARow = 0
    }

    private(set) var plugins: [Data: Plugin] = [:]
    private var nextNumber = 1
    private var roundRobin: [String: Int] = [:]
    /// Each role's plugins in turn order (by id): asked for every request sent, so listed and sorted
    /// once per change of the registered plugins, not once per request.
    private var turnOrder: [String: [Data]] = [:]
    /// How many registered plugins take each role (asked for every request sent).
    private var roleCounts: [String: Int] = [:]

    /// Registers the peer and returns its plugin, and whether it is new (a repeated hello keeps the
    /// plugin as it was).
    mutating func register(identity: Data, hello: Mapwire_V1_Hello, now: Int64) -> (plugin: Plugin, isNew: Bool) {
        if let existing = plugins[identity] {
            plugins[identity]?.lastHeardMillis = now
            return (existing, false)
        }
        let plugin = Plugin(identity: identity, id: "\(hello.name)-\(nextNumber)", name: hello.name,
                            roles: Set(hello.roles), pid: hello.pid, lastHeardMillis: now)
        nextNumber += 1
        plugins[identity] = plugin
        turnOrder = [:]
        for role in plugin.roles { roleCounts[role, default: 0] += 1 }
        return (plugin, true)
    }

    mutating func heard(from identity: Data, now: Int64) -> Bool {
        guard plugins[identity] != nil else { return false }
        plugins[identity]?.lastHeardMillis = now
        return true
    }

    /// A reply from the peer: `heard` and `answered` in one look-up (asked per reply). False when it
    /// is not a registered plugin.
    mutating func heardAnswer(from identity: Data, now: Int64) -> Bool {
        guard let index = plugins.index(forKey: identity) else { return false }
        plugins.values[index].lastHeardMillis = now
        plugins.values[index].timeoutsInARow = 0
        return true
    }

    /// The plugin answered something: its run of timeouts is over.
    mutating func answered(_ identity: Data) {
        plugins[identity]?.timeoutsInARow = 0
    }

    /// A request timed out at the plugin: returns its run of timeouts (nil for a plugin not registered).
    mutating func timedOut(_ identity: Data) -> Int? {
        guard plugins[identity] != nil else { return nil }
        plugins[identity]?.timeoutsInARow += 1
        return plugins[identity]?.timeoutsInARow
    }

    mutating func remove(_ identity: Data) -> Plugin? {
        guard let gone = plugins.removeValue(forKey: identity) else { return nil }
        turnOrder = [:]
        for role in gone.roles {
            let left = (roleCounts[role] ?? 1) - 1
            roleCounts[role] = left > 0 ? left : nil
        }
        return gone
    }

    /// The role's plugins in turn order (by id).
    private mutating func candidates(for role: String) -> [Data] {
        if let listed = turnOrder[role] { return listed }
        let listed = plugins.values.filter { $0.roles.contains(role) }.sorted { $0.id < $1.id }.map(\.identity)
        turnOrder[role] = listed
        return listed
    }

    /// Plugins silent since before `cutoff`.
    func silent(since cutoff: Int64) -> [Plugin] {
        plugins.values.filter { $0.lastHeardMillis < cutoff }
    }

    /// The next plugin for a role, taking turns among all plugins that have it.
    mutating func next(for role: String) -> Plugin? {
        let candidates = candidates(for: role)
        guard !candidates.isEmpty else { return nil }
        let turn = roundRobin[role, default: 0]
        roundRobin[role] = turn + 1
        return plugins[candidates[turn % candidates.count]]
    }

    /// The next plugin for a role that `accepts`, taking turns as `next(for:)` does; nil when none does.
    /// Asked for every request sent: the candidates come from `turnOrder`, listed once per registry change.
    mutating func next(for role: String, where accepts: (Plugin) -> Bool) -> Plugin? {
        let candidates = candidates(for: role)
        let turn = roundRobin[role, default: 0]
        for offset in candidates.indices {
            guard let plugin = plugins[candidates[(turn + offset) % candidates.count]], accepts(plugin) else { continue }
            roundRobin[role] = turn + offset + 1
            return plugin
        }
        return nil
    }

    func has(role: String) -> Bool {
        roleCounts[role] != nil
    }
}
