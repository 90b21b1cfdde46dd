import Foundation
import MapEngine
import MapWireProtocol

/// One request policy for every kind (PROTOCOL.md 7.4): each request waits in `requests` until a plugin
/// of its role has room, is sent again when an attempt times out, moves to another plugin when its
/// plugin goes, and ends in exactly one outcome: the first reply, or a failure (its deadline passed, or
/// no plugin of the role is there for a request that does not wait for one).
extension CoreSession {
    /// Requests of the shell's own, dealt like the map's; each ends in `.requestFinished`.
    func addShellRequests(_ requests: [ShellRequest]) {
        for request in requests {
            addRequest(role: request.role, purpose: .shell(token: request.token), policy: configuration.shellRequestPolicy, body: request.body)
        }
        dispatchWaiting()
    }

    /// Adds a request under a new id. The caller dispatches (`dispatchWaiting`) once its own state is
    /// in order: the request may fail at once, and its outcome runs then.
    @discardableResult
    func addRequest(role: String, purpose: RequestPurpose, policy: RequestPolicy, onlyPlugin: Data? = nil,
                    _ fill: (inout Mapwire_V1_PluginRequest) -> Void) -> UInt64 {
        router.add(role: role, purpose: purpose, policy: policy, onlyPlugin: onlyPlugin, now: now, fill)
    }

    /// Adds a request of this body under a new id, without a `PluginRequest` built for it (loads: the
    /// request path's bulk).
    @discardableResult
    func addRequest(role: String, purpose: RequestPurpose, policy: RequestPolicy, body: PluginRequestBody) -> UInt64 {
        router.add(role: role, purpose: purpose, policy: policy, body: body, now: now)
    }

    /// Sends every request that waits to the next plugin of its role with room; fails those that do not
    /// wait when no plugin can ever take them now.
    func dispatchWaiting() {
        let (failed, sent) = router.dispatch(now: now, wallNanos: wallNanos, monotonicNanos: monotonicNanos, into: &outputs)
        diagnostics.health.requestsSent += UInt64(sent)
        for entry in failed {
            resolve(entry, .failed("no \(entry.role) plugin is registered"))
        }
    }

    /// A plugin's reply: goes to the request it answers, when it comes from a plugin that request was
    /// sent to; an id nobody waits for is a late or duplicate reply.
    func handleReply(_ reply: PluginAnswer, bytes: Int, from identity: Data) {
        // Only a renderer's result can name keys it lacks; a load's reply (the bulk) is not looked into.
        var missingKeys: [String] = []
        if case .other(let other) = reply {
            if case .renderResult(let result)? = other.kind { missingKeys = result.missingKeys }
            if case .queryFeaturesResult(let result)? = other.kind { missingKeys = result.missingKeys }
        }
        switch router.reply(reply.id, from: identity, asksForKeys: !missingKeys.isEmpty, now: now) {
        case .late:
            diagnostics.health.lateRepliesDropped += 1
        case .refused(let why):
            diagnostics.noteRefusedReply(reply.id, why)
        case .missingKeys(let entry):
            if case .frame = entry.purpose { resendMissingKeys(entry, missingKeys, to: identity) }
            if case .view = entry.purpose { resendViewKeys(entry, missingKeys, to: identity) }
            if case .query = entry.purpose { resendViewKeys(entry, missingKeys, to: identity) }
        case .answered(let answered):
            resolve(answered, .answered(reply, bytes: bytes, from: identity))
            // The answer made room at its plugin for a waiting request.
            dispatchWaiting()
        }
    }

    /// The one place where a request ends, whatever its kind.
    func resolve(_ entry: PendingRequests.Entry, _ outcome: RequestOutcome) {
        let id = entry.id
        switch entry.purpose {
        case .load(let loadID):
            loadAnswered(loadID, entry: entry, outcome: outcome)
        case .frame(let job):
            frameEnded(job, entry: entry, outcome: outcome)
        case .styleImageQuestion(let imageID):
            // No answer, or anything but keep: false, keeps the image.
            guard case .answered(let reply, _, _) = outcome, case .styleImageDecision(let decision) = reply.kind,
                  !decision.keep else { return }
            try? onMap { try $0.removeStyleImage(id: imageID) }
        case .gestureAsk(let claimant):
            gestureAnswered(id, outcome, claimant: claimant)
        case .veto(let proposed):
            vetoAnswered(id, outcome, proposed: proposed)
        case .shell(let token):
            let ended: ShellRequestFinished.Outcome = switch outcome {
            case .answered(let reply, let bytes, _): .answered(ok: reply.isResourceWithoutError, bytes: bytes)
            case .failed(let why): .failed(why)
            }
            outputs.append(.requestFinished(ShellRequestFinished(token: token, outcome: ended, requestID: id,
                                                                 sentNanos: entry.sentNanos, endedNanos: monotonicNanos)))
        case .annotationQuestion(let ids):
            route(annotations.described(ids, outcome.question))
        case .userLocationQuestion:
            route(location.described(outcome.question))
        case .view(let viewID):
            viewAnswered(viewID, entry: entry, outcome: outcome)
        case .query(let queryID):
            queryAnswered(queryID, entry: entry, outcome: outcome)
        }
    }

    /// Attempts that got no answer in time go out again; requests past their deadline fail; a plugin whose
    /// requests timed out `unresponsiveAfterTimeouts` times in a row, with no answer in between, is treated
    /// as gone (it heartbeats, but its work never comes back), and its requests move on by the policy.
    func expireRequests() {
        let (retried, expired, unresponsive) = router.expire(now: now)
        if !retried.isEmpty {
            logger.warning("requests sent again after no answer", metadata: ["ids": "\(retried)"])
            diagnostics.health.requestsRetried += UInt64(retried.count)
        }
        for entry in expired {
            logger.warning("request timed out", metadata: ["id": "\(entry.id)"])
            diagnostics.health.requestsTimedOut += 1
            let why = entry.wireAttempt == 0 ? "no \(entry.role) plugin took it within \(entry.policy.timeoutMillis) ms"
                : "no answer within \(entry.policy.timeoutMillis) ms"
            resolve(entry, .failed(why))
        }
        for (plugin, count) in unresponsive {
            logger.warning("plugin did not answer \(count) requests in a row: treated as gone",
                           metadata: ["plugin": "\(router.registry.plugins[plugin]?.id ?? "?")"])
            pluginGone(plugin, reason: .unresponsive)
        }
    }
}
