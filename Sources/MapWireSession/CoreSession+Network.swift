import Foundation
import MapEngine
import MapWireProtocol

/// The core's network behaviour (PROTOCOL.md 7.8): failed loads tried again on MapLibre Native's schedule
/// (RetrySchedule), offline mode (every load asks the cache only, nothing waits for a clock), and back
/// online (what failed for want of a network is asked for again at once, `regular` before `low`).
extension CoreSession {
    var networkStatus: Mapwire_V1_NetworkStatus { online ? .online : .offline }

    /// set-network-status: publishes network-status-changed when the status changes.
    func setNetworkStatus(_ status: Mapwire_V1_NetworkStatus) throws {
        guard status == .online || status == .offline else {
            throw MapCommandError("set-network-status needs a status: online or offline")
        }
        let goesOnline = status == .online
        guard goesOnline != online else { return }
        applyNetworkStatus(online: goesOnline)
        publish(.networkStatusChanged(.with { $0.status = status }))
        logger.notice("network status: \(goesOnline ? "online" : "offline")")
        if goesOnline { askAgainAfterOutage() }
    }

    /// The map's loads ask the cache only while offline: new ones, and those still queued in the core
    /// (a request already sent is answered as it was asked).
    func applyNetworkStatus(online: Bool) {
        self.online = online
        map.loadingMethods = online ? [.cache, .network] : [.cache]
        if !online { retries.networkLost() }
        for id in requests.waiting {
            guard case .load(let loadID)? = requests.entry(id)?.purpose, let method = map.refreshLoadingMethod(loadID) else { continue }
            requests.updateWaiting(id) { body in
                guard case .load(let load) = body else { return }
                var changed = load.request
                changed.request?.loadingMethod = method.map(\.protocolValue)
                body = .load(changed)
            }
        }
    }

    /// The answer to one attempt of a map load: a failure the schedule retries stays with the map as a
    /// failure that may still be answered; anything else ends the load.
    func loadAnswered(_ loadID: UInt64, body: PluginRequestBody, outcome: RequestOutcome, role: String) {
        let result = loadResult(outcome, role: role)
        guard let error = result.response.error, error.reason != .success, error.reason != .unspecified else {
            retries.remove(loadID)
            return map.resourceFinished(loadID, result)
        }
        var retryAfter: UInt32?
        if case .answered(.resource(let reply), _, _) = outcome { retryAfter = reply.resource.retryAfterMs }
        guard case .load(let load) = body else { return map.resourceFinished(loadID, result) }
        let asked = load.request.request ?? .init()
        let state = retries.failed(loadID, reason: error.reason, priority: asked.priority == .low ? .low : .regular,
                                   retryAfterMillis: retryAfter, online: online,
                                   askedCacheOnly: !asked.loadingMethod.contains(.network), now: now)
        if let state {
            logger.info("load failed, tried again \(state.description)",
                        metadata: ["url": "\(asked.url)", "reason": "\(error.reason.rawValue)"])
        }
        map.resourceFinished(loadID, result, willRetry: state != nil)
    }

    /// Sends the retries that are due.
    func sendDueRetries() {
        let due = retries.takeDue(now: now)
        guard !due.isEmpty else { return }
        resend(due)
    }

    /// Back online: every load waiting for the network is asked for again now.
    private func askAgainAfterOutage() {
        let waiting = retries.networkBack()
        guard !waiting.isEmpty else { return }
        logger.notice("back online: asking again for \(waiting.count) resource(s)")
        resend(waiting)
    }

    /// Sends the loads again, in order, as new requests (each attempt is a request of its own); a load
    /// the map no longer wants is forgotten.
    private func resend(_ loadIDs: [UInt64]) {
        for loadID in loadIDs {
            guard let load = map.retryLoad(loadID) else {
                retries.remove(loadID)
                continue
            }
            addLoadRequest(load)
        }
        dispatchWaiting()
    }

    /// A map load as a request in the table (the caller dispatches).
    func addLoadRequest(_ load: ResourceLoad) {
        let id = addRequest(role: PluginRole.loader, purpose: .load(loadID: load.id), policy: loadPolicy,
                            body: .load(load.loadRequest))
        loadRequestIDs[load.id] = id
    }
}

extension NetworkRetries.State: CustomStringConvertible {
    var description: String {
        switch self {
        case .due(let at): "at \(at) ms"
        case .waitingForNetwork: "when back online"
        case .inFlight: "now"
        }
    }
}
