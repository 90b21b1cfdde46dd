import Foundation
import MapWireProtocol

/// Request routing (PROTOCOL.md 7.4): the plugin registry and one table of requests to plugins, whatever
/// their kind, with one policy: each request waits until a plugin of its role has room (at most
/// `maxInFlight` unanswered per plugin), is sent again when an attempt times out, moves to another plugin
/// when its plugin goes, and ends in exactly one outcome. A reply counts only from a plugin the request
/// was sent to. The router decides where requests go and which replies count; the session decides what
/// an outcome means.
struct RequestRouter {
    /// How a reply is taken.
    enum Reply {
        /// It answers this request, which leaves the table.
        case answered(PendingRequests.Entry)
        /// A renderer asked again for bytes of this frame or view: it stays in the table.
        case missingKeys(PendingRequests.Entry)
        /// From a registered plugin, for a request that has already ended (late or duplicate).
        case late
        /// Not from a plugin the request was sent to: dropped, with why.
        case refused(String)
    }

    var registry = PluginRegistry()
    /// Every request to a plugin that has no answer yet.
    var requests = PendingRequests()
    var ids: RequestIDs
    /// Resource keys each renderer has been sent (their bytes need not travel again).
    var sentKeys: [Data: Set<String>] = [:]
    let maxInFlight: Int
    /// A plugin whose requests time out this many times in a row, with no answer in between, is treated as
    /// gone (0: never).
    let unresponsiveAfter: Int
    /// How long after its hello a plugin's timeouts do not count toward `unresponsiveAfter`.
    let unresponsiveGraceMillis: Int64

    init(ids: RequestIDs, maxInFlight: Int, unresponsiveAfter: Int, unresponsiveGraceMillis: Int64 = 0) {
        self.ids = ids
        self.maxInFlight = maxInFlight
        self.unresponsiveAfter = unresponsiveAfter
        self.unresponsiveGraceMillis = unresponsiveGraceMillis
    }

    // MARK: Requests

    /// Adds a request under a new id. The caller dispatches once its own state is in order: the request
    /// may fail at once, and its outcome runs then.
    mutating func add(role: String, purpose: RequestPurpose, policy: RequestPolicy, onlyPlugin: Data? = nil, now: Int64,
                      _ fill: (inout Mapwire_V1_PluginRequest) -> Void) -> UInt64 {
        var request = Mapwire_V1_PluginRequest.with { $0.id = requests.reserveID(&ids) }
        fill(&request)
        requests.add(id: request.id, body: .other(request.kind), purpose: purpose, role: role, onlyPlugin: onlyPlugin, policy: policy, now: now)
        return request.id
    }

    /// Adds a request of this body under a new id, without a `PluginRequest` built for it (loads: the
    /// request path's bulk).
    mutating func add(role: String, purpose: RequestPurpose, policy: RequestPolicy, body: PluginRequestBody, now: Int64) -> UInt64 {
        requests.add(body, ids: &ids, purpose: purpose, role: role, policy: policy, now: now)
    }

    /// A fresh id, unguessable and not in use (for messages that are not requests in the table).
    mutating func freshID() -> UInt64 {
        let table = requests
        return ids.next(avoiding: { table.contains($0) })
    }

    /// Sends every request that waits to the next plugin of its role with room, into `outputs`; returns
    /// those that do not wait and that no plugin can ever take now (to be failed), and how many were sent.
    mutating func dispatch(now: Int64, wallNanos: Int64, monotonicNanos: UInt64,
                           into outputs: inout [SessionOutput]) -> (failed: [PendingRequests.Entry], sent: Int) {
        // Asked after every reply: most often nothing waits.
        guard !requests.waiting.isEmpty else { return ([], 0) }
        let limit = maxInFlight
        var busyRoles: Set<String> = []
        var failed: [PendingRequests.Entry] = []
        var sent = 0
        // Requests sent here leave the queue after the walk, in one pass: those at its front in a run (the
        // usual case: no array made for them), then any others by id.
        var sentAtFront = 0
        var sentElsewhere: [UInt64] = []
        for (position, id) in requests.waiting.enumerated() {
            // Each plugin gets at most `limit` unanswered requests: the rest wait here, so a plugin that
            // dies or hangs takes few with it and the others of its role pick up the queue.
            guard let route = requests.route(id) else { continue }
            let plugin: PluginRegistry.Plugin?
            if let only = route.onlyPlugin {
                guard let owner = registry.plugins[only] else {
                    if let removed = requests.remove(id) { failed.append(removed) }
                    continue
                }
                plugin = requests.inFlight(slot: owner.slot) < limit ? owner : nil
            } else {
                guard busyRoles.isEmpty || !busyRoles.contains(route.role) else { continue }
                let table = requests
                plugin = registry.next(for: route.role, load: { plugin in
                    let inFlight = table.inFlight(slot: plugin.slot)
                    return inFlight < limit ? inFlight : nil
                })
                if plugin == nil {
                    // No plugin of the role at all: a request that does not wait for one fails now.
                    if !route.waitsForPlugin, !registry.has(role: route.role) {
                        if let removed = requests.remove(id) { failed.append(removed) }
                        continue
                    }
                    busyRoles.insert(route.role)
                }
            }
            guard let plugin, let (request, drawsFrame) = requests.assign(id, to: plugin.identity, slot: plugin.slot, now: now,
                                                                          wallNanos: wallNanos, monotonicNanos: monotonicNanos,
                                                                          leavingWaiting: false) else { continue }
            if position == sentAtFront { sentAtFront += 1 } else { sentElsewhere.append(id) }
            sent += 1
            if drawsFrame, let entry = requests.entry(id) {
                outputs.append(.send(.with { $0.request = outgoing(entry, to: plugin.identity) }, to: plugin.identity))
            } else {
                outputs.append(.sendRequest(request, to: plugin.identity))
            }
        }
        requests.leaveWaiting(front: sentAtFront, others: sentElsewhere)
        return (failed, sent)
    }

    /// What goes on the wire for a request: a frame leaves out the bytes its renderer already has.
    func outgoing(_ entry: PendingRequests.Entry, to plugin: Data) -> Mapwire_V1_PluginRequest {
        guard entry.purpose.drawsFrame else { return entry.request }
        var request = entry.request
        // A frame names its deadline only through the renderer timeout (PROTOCOL.md 7.6).
        request.deadlineUnixNanos = 0
        let alreadySent = sentKeys[plugin, default: []]
        request.frameResources = request.frameResources.map { resource in
            guard alreadySent.contains(resource.key) else { return resource }
            var named = resource
            named.data = Data()
            named.dataIncluded = false
            return named
        }
        return request
    }

    /// A plugin's reply to request `id`: goes to the request it answers when it comes from a plugin that
    /// request was sent to. `asksForKeys`: a renderer's result that names keys it lacks. Any answer shows
    /// the plugin's code is alive: its run of timeouts is over.
    mutating func reply(_ id: UInt64, from identity: Data, asksForKeys: Bool, now: Int64) -> Reply {
        // The request's current plugin is found by its slot (an index and one comparison); any other sender
        // by its identity.
        let sender = requests.sender(of: id, identity)
        let registered: Bool
        if let sender, sender.current, registry.holds(slot: sender.pluginSlot, identity: identity) {
            registry.heardAnswer(slot: sender.pluginSlot, now: now)
            registered = true
        } else {
            registered = registry.heardAnswer(from: identity, now: now)
        }
        guard let sender else { return registered ? .late : .refused("it is not a registered plugin") }
        // Only a plugin an attempt went to may answer: the current one, or an earlier one still registered.
        guard sender.current || (registered && sender.asked) else {
            return .refused(registered ? "the request was not sent to it" : "it is not a registered plugin")
        }
        if sender.draws, asksForKeys, let entry = requests.entry(id) { return .missingKeys(entry) }
        guard let answered = requests.remove(id) else { return .late }
        return .answered(answered)
    }

    /// Progress on request `id` from `identity` (RequestProgress): the attempt is given its time again and
    /// the plugin counts as working. False when it does not hold the request (a late one, or a stranger's).
    mutating func progress(_ id: UInt64, from identity: Data, now: Int64) -> Bool {
        guard requests.progressed(id, by: identity, now: now) else { return false }
        registry.heardProgress(from: identity, now: now)
        return true
    }

    /// The renderer asked again for bytes it was sent: sent again while it has asked fewer than
    /// `maxResends` times for this request (returns the message), else the request leaves the table (nil).
    mutating func resend(_ entry: PendingRequests.Entry, keys: [String], to identity: Data, maxResends: Int) -> Mapwire_V1_ControlMessage? {
        sentKeys[identity, default: []].subtract(keys)
        guard requests.noteResend(entry.id) > maxResends else {
            return .with { $0.request = outgoing(entry, to: identity) }
        }
        _ = requests.remove(entry.id)
        return nil
    }

    /// The renderer holds these keys now.
    mutating func sent(_ keys: [String], to identity: Data) {
        sentKeys[identity, default: []].formUnion(keys)
    }

    // MARK: Time

    /// Requests whose attempt got no answer in time go out again, to the next plugin of their role; those
    /// past their whole deadline end. Returns them, the plugins at which attempts timed out, and those
    /// that now count as unresponsive (with their run of timeouts).
    mutating func expire(now: Int64) -> (retried: [UInt64], expired: [PendingRequests.Entry], unresponsive: [(Data, Int)]) {
        let retried = requests.retryTimedOutAttempts(now: now)
        let expired = requests.expired(now: now)
        var unresponsive: [(Data, Int)] = []
        // A request that ran out of time while its plugin said it worked on it is no missed answer.
        let missed = expired.filter { $0.progressMillis < now - $0.attemptMillis }.compactMap(\.plugin)
        for plugin in retried.map(\.plugin) + missed {
            guard let count = registry.timedOut(plugin, now: now, graceMillis: unresponsiveGraceMillis), unresponsiveAfter > 0, count >= unresponsiveAfter else { continue }
            unresponsive.append((plugin, count))
        }
        return (retried.map(\.id), expired, unresponsive)
    }

    // MARK: Plugins

    /// A hello: a new session of the plugin, so whatever it cached before is gone.
    mutating func register(_ identity: Data, hello: Mapwire_V1_Hello, now: Int64) -> (plugin: PluginRegistry.Plugin, isNew: Bool) {
        sentKeys[identity] = nil
        return registry.register(identity: identity, hello: hello, now: now)
    }

    /// Forgets a plugin; its unanswered requests wait for another plugin of the role. Returns it and how
    /// many requests moved.
    mutating func remove(_ identity: Data) -> (plugin: PluginRegistry.Plugin, moved: Int)? {
        guard let gone = registry.remove(identity) else { return nil }
        sentKeys[identity] = nil
        return (gone, requests.unassignAll(from: identity).count)
    }

    func has(role: String) -> Bool { registry.has(role: role) }
}
