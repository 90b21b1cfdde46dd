import Foundation
import MapEngine
import MapWireProtocol

/// The session's side of the network (NetworkMachine): the map's loads as requests, the map told how
/// loads may be answered, and retries sent when due or when the network is back.
extension CoreSession {
    /// set-network-status: publishes network-status-changed when the status changes.
    func setNetworkStatus(_ status: Mapwire_V1_NetworkStatus) throws(MapCommandError) {
        guard try network.set(status) else { return }
        applyLoadingMethods()
        publish(.networkStatusChanged(.with { $0.status = status }))
        if network.online { resend(network.takeWaitingForNetwork()) }
    }

    /// A loader registered: loads that waited for one in vain are asked again.
    func loaderRegistered() {
        resend(network.takeWaitingForLoader())
    }

    /// The map's loads ask the cache only while offline: new ones, and those still queued in the core
    /// (a request already sent is answered as it was asked).
    func applyLoadingMethods() {
        map.loadingMethods = network.loadingMethods
        for id in router.requests.waiting {
            guard case .load(let loadID)? = router.requests.entry(id)?.purpose, let method = onMap({ $0.refreshLoadingMethod(loadID) }) else { continue }
            router.requests.updateWaiting(id) { body in
                guard case .load(let load) = body else { return }
                var changed = load.request
                changed.request?.loadingMethod = method.map(\.protocolValue)
                body = .load(changed)
            }
        }
    }

    /// The answer to one attempt of a map load, or its failure (NetworkMachine decides whether it is retried).
    func loadAnswered(_ loadID: UInt64, entry: PendingRequests.Entry, outcome: RequestOutcome) {
        let (result, willRetry) = network.answered(loadID, body: entry.body, outcome: outcome, role: entry.role,
                                                   neverSent: entry.wireAttempt == 0, now: now)
        onMap { $0.resourceFinished(loadID, result, willRetry: willRetry) }
        // A style retry that failed for good publishes no new error: what waited for it fails now.
        if map.loadPhase == .failed { failSnapshotsUnlessStyleRetried() }
    }

    /// Sends the retries that are due.
    func sendDueRetries() {
        let due = network.takeDue(now: now)
        guard !due.isEmpty else { return }
        resend(due)
    }

    /// Sends the loads again, in order, as new requests (each attempt is a request of its own); a load
    /// the map no longer wants is forgotten.
    private func resend(_ loadIDs: [UInt64]) {
        guard !loadIDs.isEmpty else { return }
        for loadID in loadIDs {
            guard let load = onMap({ $0.retryLoad(loadID) }) else {
                network.settled(loadID)
                continue
            }
            addLoadRequest(load)
        }
        dispatchWaiting()
    }

    /// A map load as a request in the table (the caller dispatches).
    func addLoadRequest(_ load: ResourceLoad) {
        let id = addRequest(role: PluginRole.loader, purpose: .load(loadID: load.id), policy: configuration.loadPolicy, body: .load(load.loadRequest))
        network.sent(load.id, as: id)
    }

    /// The map no longer wants a load: a retry is not tried; a request under way is cancelled at its plugin.
    func cancelLoad(_ loadID: UInt64) {
        guard let requestID = network.cancelled(loadID), let plugin = router.requests.remove(requestID)?.plugin else { return }
        let cancel = Mapwire_V1_PluginRequest.with {
            $0.id = takeRequestID()
            $0.cancel = .with { $0.requestID = requestID }
        }
        send(.with { $0.request = cancel }, to: plugin)
    }
}
