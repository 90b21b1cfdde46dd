import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol
import MapWireWireFormat

/// Why a request was made, so its answer (or its failure) goes to the right place.
enum RequestPurpose {
    /// A map load, by the map's own number for it.
    case load(loadID: UInt64)
    case frame(FrameJob)
    case styleImageQuestion(imageID: String)
    /// A gesture claimant (by plugin id), or the delegate when nil.
    case gestureAsk(claimant: String?)
    case veto(proposed: Camera)
    /// A request of the shell's own (ShellRequest), by its token.
    case shell(token: Int)
    /// DescribeAnnotations about these annotations (CoreSession+AnnotationDelegate.swift).
    case annotationQuestion(ids: [String])
    /// DescribeUserLocation.
    case userLocationQuestion
    /// A view drawn at its own camera (render-view, CoreSession+Views.swift), by its view id.
    case view(UInt64)
    /// A query about the map's frame (CoreSession+Queries.swift), by its query id.
    case query(UInt64)
}

/// Requests to plugins that have no reply yet: one table for every kind. Which plugin has each, how
/// many times it was sent, and when its current attempt and the request as a whole time out.
///
/// The table is an array of slots: a request's id names its slot in its low `RequestIDs.slotBits` bits,
/// the rest are random (RequestIDs.swift), so finding a reply's request is an index and one comparison
/// of the whole id (a stale or guessed id whose random part differs finds nothing), not a dictionary's
/// hash of a random key twice per request (BENCHMARKS.md, "The core's requests").
struct PendingRequests {
    /// A class: the hot path reads and changes one where the table holds it, and hands the one it
    /// removes to its outcome; as a struct (about 250 bytes with a dozen references) each of those was
    /// a copy with a retain and a release per reference (BENCHMARKS.md, "The core's requests").
    final class Entry {
        // Its fields are read and changed without dynamic exclusivity checks: the session's one thread changes
        // an entry one field at a time and never while a closure it passes touches the same field (the
        // checks were about ten a request, BENCHMARKS.md, "The core's requests").
        /// The request's id on the wire.
        let id: UInt64
        /// What is asked (the wire request's `kind`), built once: the per-attempt fields below are kept
        /// beside it, so sending it again never copies its storage.
        @exclusivity(unchecked) var body: PluginRequestBody
        /// The wire's attempt number: sends so far (a send after a plugin went away counts too).
        @exclusivity(unchecked) var wireAttempt: UInt32 = 0
        /// The current attempt's deadline as the plugin reads it (wall clock, ns).
        @exclusivity(unchecked) var deadlineUnixNanos: Int64 = 0
        let purpose: RequestPurpose
        let role: String
        /// Only this plugin may answer (a gesture claimant); nil: any plugin of the role.
        let onlyPlugin: Data?
        let policy: RequestPolicy
        @exclusivity(unchecked) var plugin: Data? = nil
        /// The registry slot of `plugin` (-1 while none): a reply checks its sender by index (PluginRegistry).
        @exclusivity(unchecked) var pluginSlot = -1
        /// The first plugin an attempt went to, and any others after it: only they may answer
        /// (PROTOCOL.md 7.4). Most requests go to one plugin: no array is made for them.
        @exclusivity(unchecked) var firstAsked: Data? = nil
        @exclusivity(unchecked) var otherAsked: [Data] = []
        /// Times the request was sent again to the same plugin at its asking (a renderer's missing keys).
        @exclusivity(unchecked) var resends = 0
        /// When the request fails for good, whatever the attempts.
        let deadlineMillis: Int64
        /// When the current attempt times out (only while assigned).
        @exclusivity(unchecked) var attemptDeadlineMillis: Int64
        /// Sends so far that timed out or are under way (a plugin going away gives its attempt back).
        @exclusivity(unchecked) var attempts = 0
        /// When the current attempt was sent (monotonic ns), for round-trip timing.
        @exclusivity(unchecked) var sentNanos: UInt64 = 0
        /// When its plugin last said it works on it (RequestProgress), or `.min`.
        @exclusivity(unchecked) var progressMillis: Int64 = .min

        init(id: UInt64, body: PluginRequestBody, purpose: RequestPurpose, role: String, onlyPlugin: Data?,
             policy: RequestPolicy, deadlineMillis: Int64) {
            self.id = id
            self.body = body
            self.purpose = purpose
            self.role = role
            self.onlyPlugin = onlyPlugin
            self.policy = policy
            self.deadlineMillis = deadlineMillis
            attemptDeadlineMillis = deadlineMillis
        }

        var attemptMillis: Int64 { max(1, policy.timeoutMillis / Int64(max(1, policy.attempts))) }

        /// When the shell must step the session for this request: its attempt's timeout while another
        /// attempt may follow, else its deadline.
        var nextDueMillis: Int64 {
            plugin == nil || attempts >= policy.attempts ? deadlineMillis : min(deadlineMillis, attemptDeadlineMillis)
        }

        /// Whether an attempt went to `plugin`.
        func wasAsked(_ plugin: Data) -> Bool {
            firstAsked == plugin || otherAsked.contains(plugin)
        }

        func noteAsked(_ plugin: Data) {
            if firstAsked == nil { firstAsked = plugin } else if !wasAsked(plugin) { otherAsked.append(plugin) }
        }

        /// The request as it goes on the wire for its current attempt.
        var request: Mapwire_V1_PluginRequest {
            var request = Mapwire_V1_PluginRequest()
            request.id = id
            request.deadlineUnixNanos = deadlineUnixNanos
            request.attempt = wireAttempt
            request.kind = body.kind
            return request
        }

        /// The current attempt as the shell sends it.
        var outgoing: OutgoingRequest {
            OutgoingRequest(id: id, deadlineUnixNanos: deadlineUnixNanos, attempt: wireAttempt, body: body)
        }
    }

    private struct Slot {
        /// The id of the request in the slot, or of the last one it held (a new id must differ from it).
        var id: UInt64 = 0
        var entry: Entry?
        /// Taken by `reserveID` and not yet filled by `add`.
        var reserved = false
    }

    private var slots: [Slot] = []
    /// Slots free to take, the most recently freed last (taken first: its memory is warm).
    private var freeSlots: [Int] = []
    private(set) var count = 0
    /// Unanswered requests per plugin, by registry slot (kept in step with the entries).
    private var inFlightCount: [Int] = []
    /// Ids waiting for a plugin, oldest first.
    private(set) var waiting: [UInt64] = []
    /// Every entry's `nextDueMillis` as it was set, stale ones included (see `earliestDeadline`).
    private var dueTimes = DeadlineHeap()

    /// The slot an id names when it is the id of a pending request.
    private func slot(of id: UInt64) -> Int? {
        let index = Int(id & RequestIDs.slotMask)
        guard index < slots.count, slots[index].id == id, slots[index].entry != nil else { return nil }
        return index
    }

    /// Takes a slot and returns the id of the request `add` will put there.
    mutating func reserveID(_ ids: inout RequestIDs) -> UInt64 {
        let index: Int
        if let free = freeSlots.popLast() { index = free } else {
            index = slots.count
            precondition(UInt64(index) <= RequestIDs.slotMask, "more pending requests than request ids have slots for")
            slots.append(Slot())
        }
        let id = ids.next(slot: index, differentFrom: slots[index].id)
        slots[index].id = id
        slots[index].reserved = true
        return id
    }

    /// Adds a request under an id `reserveID` gave; it waits for a plugin.
    mutating func add(id: UInt64, body: PluginRequestBody, purpose: RequestPurpose, role: String,
                      onlyPlugin: Data? = nil, policy: RequestPolicy, now: Int64) {
        let index = Int(id & RequestIDs.slotMask)
        precondition(index < slots.count && slots[index].id == id && slots[index].reserved, "add takes an id from reserveID")
        let deadline = now + policy.timeoutMillis
        slots[index].reserved = false
        slots[index].entry = Entry(id: id, body: body, purpose: purpose, role: role, onlyPlugin: onlyPlugin, policy: policy,
                                   deadlineMillis: deadline)
        count += 1
        waiting.append(id)
        noteDue(id, deadline)
    }

    /// `reserveID` and `add` in one.
    @discardableResult
    mutating func add(_ body: PluginRequestBody, ids: inout RequestIDs, purpose: RequestPurpose, role: String,
                      onlyPlugin: Data? = nil, policy: RequestPolicy, now: Int64) -> UInt64 {
        let id = reserveID(&ids)
        add(id: id, body: body, purpose: purpose, role: role, onlyPlugin: onlyPlugin, policy: policy, now: now)
        return id
    }

    func entry(_ id: UInt64) -> Entry? {
        guard let index = slot(of: id) else { return nil }
        return slots[index].entry
    }

    func contains(_ id: UInt64) -> Bool { slot(of: id) != nil }

    // Reads of one entry without a copy of it: an entry is large (its body, purpose, role and plugins),
    // and a copy per request and step retained and released each of them (BENCHMARKS.md, "The core's requests").

    /// How a waiting request is routed; nil when no request with the id waits for a plugin.
    func route(_ id: UInt64) -> (role: String, onlyPlugin: Data?, waitsForPlugin: Bool)? {
        guard let index = slot(of: id), slots[index].entry!.plugin == nil else { return nil }
        return (slots[index].entry!.role, slots[index].entry!.onlyPlugin, slots[index].entry!.policy.waitsForPlugin)
    }

    /// Who may answer request `id`: whether `identity` has its current attempt (then `pluginSlot` is its
    /// registry slot), whether an attempt went to it at all, and whether the request draws (a renderer may
    /// ask for missing keys); nil for an id no request has.
    func sender(of id: UInt64, _ identity: Data) -> (current: Bool, asked: Bool, draws: Bool, pluginSlot: Int)? {
        guard let index = slot(of: id) else { return nil }
        let entry = slots[index].entry!
        let current = entry.plugin == identity
        return (current, current || entry.wasAsked(identity), entry.purpose.drawsFrame, entry.pluginSlot)
    }

    /// The request's current attempt as it goes out, and whether it draws a frame (sent with its keys).
    func outgoing(_ id: UInt64) -> (request: OutgoingRequest, drawsFrame: Bool)? {
        guard let index = slot(of: id) else { return nil }
        return (slots[index].entry!.outgoing, slots[index].entry!.purpose.drawsFrame)
    }

    /// Changes the entry of a pending request (nil for an id no request has).
    private func modify<R>(_ id: UInt64, _ change: (Entry) -> R) -> R? {
        guard let index = slot(of: id) else { return nil }
        return change(slots[index].entry!)
    }

    /// Hands a waiting request to `plugin` (registry slot `pluginSlot`) and returns its current attempt as
    /// it goes out, and whether it draws a frame (sent with its keys); nil for an id no request has.
    /// `leavingWaiting: false`: the caller takes it out of `waiting` itself (`leaveWaiting`), after a walk of the queue.
    @discardableResult
    mutating func assign(_ id: UInt64, to plugin: Data, slot pluginSlot: Int, now: Int64, wallNanos: Int64, monotonicNanos: UInt64,
                         leavingWaiting: Bool = true) -> (request: OutgoingRequest, drawsFrame: Bool)? {
        guard let index = slot(of: id) else { return nil }
        let entry = slots[index].entry!
        let previous = entry.plugin == nil ? nil : entry.pluginSlot
        entry.plugin = plugin
        entry.pluginSlot = pluginSlot
        entry.noteAsked(plugin)
        entry.attempts += 1
        entry.sentNanos = monotonicNanos
        entry.wireAttempt += 1
        entry.attemptDeadlineMillis = min(entry.deadlineMillis, now + entry.attemptMillis)
        // The plugin may give up on this attempt after this instant: nobody waits for it any more.
        entry.deadlineUnixNanos = wallNanos + (entry.attemptDeadlineMillis - now) * 1_000_000
        let due = entry.nextDueMillis
        if let previous { release(previous) }
        if pluginSlot >= inFlightCount.count { inFlightCount += repeatElement(0, count: pluginSlot + 1 - inFlightCount.count) }
        inFlightCount[pluginSlot] += 1
        if leavingWaiting, let index = waiting.firstIndex(of: id) { waiting.remove(at: index) }
        noteDue(id, due)
        return (entry.outgoing, entry.purpose.drawsFrame)
    }

    /// The plugin with request `id`'s current attempt says it works on it (RequestProgress, PROTOCOL.md 7.4):
    /// the attempt gets its full time again from now, never past the request's deadline, so it is not sent
    /// to another plugin meanwhile. False when `identity` does not hold the current attempt.
    mutating func progressed(_ id: UInt64, by identity: Data, now: Int64) -> Bool {
        guard let index = slot(of: id), let entry = slots[index].entry, entry.plugin == identity else { return false }
        entry.attemptDeadlineMillis = min(entry.deadlineMillis, now + entry.attemptMillis)
        entry.progressMillis = now
        noteDue(id, entry.nextDueMillis)
        return true
    }

    /// Takes requests just sent (`assign(…, leavingWaiting: false)`) out of `waiting`: the first `front` ids
    /// (sent in a run from the front of the queue), then `others`.
    mutating func leaveWaiting(front: Int, others: [UInt64]) {
        if front == waiting.count { waiting.removeAll(keepingCapacity: true) } else if front > 0 { waiting.removeFirst(front) }
        leaveWaiting(others)
    }

    /// Takes requests just sent (`assign(…, leavingWaiting: false)`) out of `waiting`, in one pass.
    mutating func leaveWaiting(_ ids: [UInt64]) {
        switch ids.count {
        case 0: return
        case 1: if let index = waiting.firstIndex(of: ids[0]) { waiting.remove(at: index) }
        default:
            if ids.count == waiting.count, ids == waiting { return waiting.removeAll(keepingCapacity: true) }
            let gone = Set(ids)
            waiting.removeAll { gone.contains($0) }
        }
    }

    /// Changes a request that waits for a plugin (nothing went out with it yet); false for any other.
    @discardableResult
    mutating func updateWaiting(_ id: UInt64, _ change: (inout PluginRequestBody) -> Void) -> Bool {
        modify(id) { entry in
            guard entry.plugin == nil else { return false }
            change(&entry.body)
            return true
        } ?? false
    }

    /// Counts one more send of the request to its plugin, at the plugin's asking; returns the count.
    mutating func noteResend(_ id: UInt64) -> Int {
        modify(id) { entry in
            entry.resends += 1
            return entry.resends
        } ?? 0
    }

    /// Takes a request out (answered, failed or cancelled). Nil for unknown ids: late or duplicate replies.
    mutating func remove(_ id: UInt64) -> Entry? {
        guard let index = slot(of: id), let entry = slots[index].entry else { return nil }
        slots[index].entry = nil
        freeSlots.append(index)
        count -= 1
        if entry.plugin != nil { release(entry.pluginSlot) } else if let index = waiting.firstIndex(of: id) { waiting.remove(at: index) }
        return entry
    }

    private mutating func release(_ pluginSlot: Int) {
        guard pluginSlot >= 0, pluginSlot < inFlightCount.count, inFlightCount[pluginSlot] > 0 else { return }
        inFlightCount[pluginSlot] -= 1
    }

    /// The ids of the entries that match, in id order.
    private func ids(where matches: (Entry) -> Bool) -> [UInt64] {
        var ids: [UInt64] = []
        for slot in slots {
            if let entry = slot.entry, matches(entry) { ids.append(entry.id) }
        }
        return ids.sorted()
    }

    /// Puts a gone plugin's requests back in the queue, in id order, and returns their ids. Their
    /// attempt does not count: the plugin did not fail the request, it went away.
    mutating func unassignAll(from plugin: Data) -> [UInt64] {
        let ids = ids { $0.plugin == plugin }
        for id in ids {
            guard let (pluginSlot, due) = modify(id, { entry -> (Int, Int64) in
                let pluginSlot = entry.pluginSlot
                entry.plugin = nil
                entry.pluginSlot = -1
                entry.attempts -= 1
                entry.attemptDeadlineMillis = entry.deadlineMillis
                return (pluginSlot, entry.nextDueMillis)
            }) else { continue }
            release(pluginSlot)
            noteDue(id, due)
        }
        waiting = (ids + waiting).sorted()
        return ids
    }

    /// Requests assigned to the plugin in registry slot `pluginSlot` and not answered yet.
    func inFlight(slot pluginSlot: Int) -> Int {
        pluginSlot >= 0 && pluginSlot < inFlightCount.count ? inFlightCount[pluginSlot] : 0
    }

    /// The earliest `nextDueMillis` of any entry. Asked at every turn of the shell's loop: the heap's top,
    /// after popping items that no longer hold (their request ended, or its due time moved, which
    /// pushed a new item), instead of a scan of every entry.
    mutating func earliestDeadline() -> Int64? {
        while let top = dueTimes.top {
            if let index = slot(of: top.id), slots[index].entry?.nextDueMillis == top.deadlineMillis {
                return top.deadlineMillis
            }
            dueTimes.popTop()
        }
        return nil
    }

    /// Records an entry's new due time; rebuilds the heap from the table when stale items (requests
    /// answered long before their deadline) make up most of it, so it stays in proportion to the table.
    private mutating func noteDue(_ id: UInt64, _ millis: Int64) {
        dueTimes.push(.init(deadlineMillis: millis, id: id))
        guard dueTimes.count > 64 + 4 * count else { return }
        dueTimes.rebuild(slots.lazy.compactMap { $0.entry.map { DeadlineHeap.Item(deadlineMillis: $0.nextDueMillis, id: $0.id) } })
    }

    /// Items in the deadline heap, stale ones included (tests: it stays in proportion to the table).
    var deadlineItems: Int { dueTimes.count }

    /// Whether some entry is due at `now` (then the scans below are worth their cost).
    private mutating func anyDue(now: Int64) -> Bool {
        guard let earliest = earliestDeadline() else { return false }
        return earliest <= now
    }

    /// Removes and returns the requests whose deadline has passed, oldest id first.
    mutating func expired(now: Int64) -> [Entry] {
        guard anyDue(now: now) else { return [] }
        return ids { $0.deadlineMillis <= now }.compactMap { remove($0) }
    }

    /// Requests whose attempt timed out while attempts remain: back in the queue to be sent again
    /// (to the next plugin of the role). Returns their ids, and the plugin each attempt timed out at.
    mutating func retryTimedOutAttempts(now: Int64) -> [(id: UInt64, plugin: Data)] {
        guard anyDue(now: now) else { return [] }
        // An attempt that ends with the request (its time cut to the deadline) is no retry: the request ends.
        let ids = ids { $0.plugin != nil && $0.attemptDeadlineMillis <= now && $0.attemptDeadlineMillis < $0.deadlineMillis
            && $0.attempts < $0.policy.attempts }
        var timedOut: [(id: UInt64, plugin: Data)] = []
        for id in ids {
            guard let (previous, previousSlot, due) = modify(id, { entry -> (Data, Int, Int64)? in
                guard let previous = entry.plugin else { return nil }
                let previousSlot = entry.pluginSlot
                entry.plugin = nil
                entry.pluginSlot = -1
                entry.attemptDeadlineMillis = entry.deadlineMillis
                return (previous, previousSlot, entry.nextDueMillis)
            }) ?? nil else { continue }
            release(previousSlot)
            timedOut.append((id, previous))
            noteDue(id, due)
        }
        waiting = (ids + waiting).sorted()
        return timedOut
    }

    /// Whether a request of this purpose is pending (frames are drawn one at a time).
    func contains(where matches: (RequestPurpose) -> Bool) -> Bool {
        slots.contains { $0.entry.map { matches($0.purpose) } ?? false }
    }
}

/// One attempt of a request as the shell sends it: the wire's per-attempt fields beside the body the
/// table keeps, so a load request is written straight from them (`plainLoad`, the generated writer)
/// without a swift-protobuf `PluginRequest` built for the send.
public struct OutgoingRequest: Sendable {
    public let id: UInt64
    public let deadlineUnixNanos: Int64
    public let attempt: UInt32
    public let body: PluginRequestBody

    public init(id: UInt64, deadlineUnixNanos: Int64, attempt: UInt32, body: PluginRequestBody) {
        self.id = id
        self.deadlineUnixNanos = deadlineUnixNanos
        self.attempt = attempt
        self.body = body
    }

    /// The control message it is (tests, the command tap, and kinds without a plain form).
    public var message: Mapwire_V1_ControlMessage {
        .with {
            $0.request = .with {
                $0.id = id
                $0.deadlineUnixNanos = deadlineUnixNanos
                $0.attempt = attempt
                $0.kind = body.kind
            }
        }
    }

    /// A load's attempt as the `PluginRequest` it is, in plain fields (what the shell writes:
    /// `Mapwire_V1_ControlMessage.writeRequest`); nil for any other kind.
    public var plainLoad: Mapwire_V1_PluginRequest.Plain? {
        guard case .load(let load) = body else { return nil }
        return .init(id: id, deadlineUnixNanos: deadlineUnixNanos, loadResource: load.request, attempt: attempt)
    }

    /// The wire bytes: a load from its plain fields, anything else through `ControlCodec`.
    public func encoded() -> Data {
        guard let load = plainLoad else { return ControlCodec.encode(message) }
        var writer = ProtobufRawWriter(capacity: 512)
        Mapwire_V1_ControlMessage.writeRequest(load, to: &writer)
        return writer.withBytes { Data($0) }
    }
}
