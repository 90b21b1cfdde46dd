import Foundation
import MapEngine
import MapWireProtocol

/// One request policy for every kind (PROTOCOL.md 7.4): each request waits in `requests` until a plugin
/// of its role has room, is sent again when an attempt times out, moves to another plugin when its
/// plugin goes, and ends in exactly one outcome: the first reply, or a failure (its deadline passed, or
/// no plugin of the role is there for a request that does not wait for one).
extension CoreSession {
    enum RequestOutcome {
        case answered(PluginAnswer, bytes: Int, from: Data)
        case failed(String)

        /// What a machine asking a question sees of the outcome.
        var question: QuestionOutcome {
            switch self {
            case .answered(let reply, _, _): .answered(reply.kind)
            case .failed(let why): .unanswered(why)
            }
        }
    }

    var loadPolicy: RequestPolicy {
        RequestPolicy(timeoutMillis: Int64(configuration.requestTimeoutMilliseconds),
                      attempts: 1 + max(0, configuration.requestRetries), waitsForPlugin: true)
    }

    /// Frames: one attempt (a renderer that does not answer in time has its frame finished undrawn),
    /// and no waiting: without a renderer the map draws frames without one.
    var framePolicy: RequestPolicy {
        RequestPolicy(timeoutMillis: Int64(configuration.renderTimeoutMilliseconds), attempts: 1, waitsForPlugin: false)
    }

    /// Decisions (gesture handlers, the camera veto, style-image removal) fall back to their default at
    /// once when nobody can answer, and after their short deadline.
    func decisionPolicy(timeoutMillis: Int) -> RequestPolicy {
        RequestPolicy(timeoutMillis: Int64(timeoutMillis), attempts: 1, waitsForPlugin: false)
    }

    var benchPolicy: RequestPolicy {
        RequestPolicy(timeoutMillis: Int64(configuration.requestTimeoutMilliseconds), attempts: 1, waitsForPlugin: false)
    }

    /// Adds a request under a new id. The caller dispatches (`dispatchWaiting`) once its own state is
    /// in order: the request may fail at once, and its outcome runs then.
    @discardableResult
    func addRequest(role: String, purpose: RequestPurpose, policy: RequestPolicy, onlyPlugin: Data? = nil,
                    _ fill: (inout Mapwire_V1_PluginRequest) -> Void) -> UInt64 {
        var request = Mapwire_V1_PluginRequest.with { $0.id = requests.reserveID(&requestIDs) }
        fill(&request)
        requests.add(id: request.id, body: .other(request.kind), purpose: purpose, role: role, onlyPlugin: onlyPlugin, policy: policy, now: now)
        return request.id
    }

    /// Adds a request of this body under a new id, without a `PluginRequest` built for it (loads: the
    /// request path's bulk).
    @discardableResult
    func addRequest(role: String, purpose: RequestPurpose, policy: RequestPolicy, body: PluginRequestBody) -> UInt64 {
        requests.add(body, ids: &requestIDs, purpose: purpose, role: role, policy: policy, now: now)
    }

    /// Sends every request that waits to the next plugin of its role with room; fails those that do not
    /// wait when no plugin can ever take them now.
    func dispatchWaiting() {
        // Asked after every reply: most often nothing waits.
        guard !requests.waiting.isEmpty else { return }
        let limit = configuration.maxInFlightPerPlugin
        var busyRoles: Set<String> = []
        var failed: [PendingRequests.Entry] = []
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
                plugin = registry.next(for: route.role, load: { plugin in
                    let inFlight = requests.inFlight(slot: plugin.slot)
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
            diagnostics.health.requestsSent += 1
            if drawsFrame, let entry = requests.entry(id) {
                send(.with { $0.request = outgoing(entry, to: plugin.identity) }, to: plugin.identity)
            } else {
                outputs.append(.sendRequest(request, to: plugin.identity))
            }
        }
        requests.leaveWaiting(front: sentAtFront, others: sentElsewhere)
        for entry in failed {
            resolve(entry, .failed("no \(entry.role) plugin is registered"))
        }
    }

    /// What goes on the wire for a request: a frame leaves out the bytes its renderer already has.
    func outgoing(_ entry: PendingRequests.Entry, to plugin: Data) -> Mapwire_V1_PluginRequest {
        guard entry.purpose.drawsFrame else { return entry.request }
        var request = entry.request
        // A frame names its deadline only through the renderer timeout (PROTOCOL.md 7.6).
        request.deadlineUnixNanos = 0
        let alreadySent = sentKeys[plugin, default: []]
        for index in request.renderFrame.resources.indices where alreadySent.contains(request.renderFrame.resources[index].key) {
            request.renderFrame.resources[index].data = Data()
            request.renderFrame.resources[index].dataIncluded = false
        }
        return request
    }

    /// A plugin's reply: goes to the request it answers, when it comes from a plugin that request was
    /// sent to; an id nobody waits for is a late or duplicate reply.
    func handleReply(_ reply: PluginAnswer, bytes: Int, from identity: Data) {
        // Any answer shows the plugin's code is alive: its run of timeouts is over. The request's current
        // plugin is found by its slot (an index and one comparison); any other sender by its identity.
        let sender = requests.sender(of: reply.id, identity)
        let registered: Bool
        if let sender, sender.current, registry.holds(slot: sender.pluginSlot, identity: identity) {
            registry.heardAnswer(slot: sender.pluginSlot, now: now)
            registered = true
        } else {
            registered = registry.heardAnswer(from: identity, now: now)
        }
        guard let sender else {
            if registered { diagnostics.health.lateRepliesDropped += 1 } else { diagnostics.noteRefusedReply(reply.id, "it is not a registered plugin") }
            return
        }
        // Only a plugin an attempt went to may answer: the current one, or an earlier one still registered.
        guard sender.current || (registered && sender.asked) else {
            return diagnostics.noteRefusedReply(reply.id, registered ? "the request was not sent to it" : "it is not a registered plugin")
        }
        if sender.draws, case .renderResult(let result) = reply.kind, !result.missingKeys.isEmpty, let entry = requests.entry(reply.id) {
            if case .frame = entry.purpose { return resendMissingKeys(entry, result.missingKeys, to: identity) }
            if case .view = entry.purpose { return resendViewKeys(entry, result.missingKeys, to: identity) }
        }
        guard let answered = requests.remove(reply.id) else { return }
        resolve(answered, .answered(reply, bytes: bytes, from: identity))
        // The answer made room at its plugin for a waiting request.
        dispatchWaiting()
    }

    /// The one place where a request ends, whatever its kind.
    func resolve(_ entry: PendingRequests.Entry, _ outcome: RequestOutcome) {
        let id = entry.id
        switch entry.purpose {
        case .load(let loadID):
            loadRequestIDs[loadID] = nil
            loadAnswered(loadID, body: entry.body, outcome: outcome, role: entry.role)
        case .frame(let job):
            frameRequestID = nil
            switch outcome {
            case .answered(let reply, _, let from): frameAnswered(job, entry: entry, reply: reply, from: from)
            case .failed(let why): abandonFrame(job, why)
            }
        case .styleImageQuestion(let imageID):
            // No answer, or anything but keep: false, keeps the image.
            guard case .answered(let reply, _, _) = outcome, case .styleImageDecision(let decision) = reply.kind,
                  !decision.keep else { return }
            try? onMap { try $0.removeStyleImage(id: imageID) }
        case .gestureAsk(let claimant):
            gestureAnswered(id, outcome, claimant: claimant)
        case .veto(let proposed):
            vetoAnswered(id, outcome, proposed: proposed)
        case .bench(let index):
            benchFinished(index, entry: entry, outcome: outcome)
        case .annotationQuestion(let ids):
            route(annotations.described(ids, outcome.question))
        case .userLocationQuestion:
            route(location.described(outcome.question))
        case .view(let viewID):
            viewAnswered(viewID, entry: entry, outcome: outcome)
        }
    }

    func loadResult(_ outcome: RequestOutcome, role: String) -> ResourceResult {
        switch outcome {
        case .failed(let why):
            return .failure(.other, why)
        case .answered(.resource(let resource), _, _):
            return ResourceResult(resource)
        case .answered(.other(let reply), _, _):
            if case .error(let error) = reply.kind { return .failure(.other, "the \(role) plugin failed: \(error.message)") }
            return .failure(.other, "the \(role) plugin sent a reply of an unexpected kind")
        }
    }

    /// Requests whose attempt got no answer in time go out again, to the next plugin of their role.
    /// Returns the plugins those attempts timed out at.
    func retryTimedOutAttempts(now: Int64) -> [Data] {
        let retried = requests.retryTimedOutAttempts(now: now)
        guard !retried.isEmpty else { return [] }
        logger.warning("requests sent again after no answer", metadata: ["ids": "\(retried.map(\.id))"])
        diagnostics.health.requestsRetried += UInt64(retried.count)
        return retried.map(\.plugin)
    }

    /// Plugins whose requests timed out: after `unresponsiveAfterTimeouts` in a row with no answer in
    /// between, a plugin is treated as gone (it heartbeats, but its work never comes back), and its
    /// requests move on by the policy.
    func noteTimeouts(at plugins: [Data]) {
        let limit = configuration.unresponsiveAfterTimeouts
        for plugin in plugins {
            guard let count = registry.timedOut(plugin), limit > 0, count >= limit else { continue }
            logger.warning("plugin did not answer \(count) requests in a row: treated as gone",
                           metadata: ["plugin": "\(registry.plugins[plugin]?.id ?? "?")"])
            pluginGone(plugin, reason: .unresponsive)
        }
    }
}
