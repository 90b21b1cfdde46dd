import Logging
import MapEngine
import MapWireProtocol

/// The core's network behaviour (PROTOCOL.md 7.8): whether it is online, the map's loads in flight by
/// their request, and failed loads tried again on MapLibre Native's schedule (RetrySchedule): offline,
/// nothing waits for a clock; back online, what failed for want of a network is asked for again at once,
/// `regular` before `low`.
struct NetworkMachine {
    private(set) var online = true
    private(set) var retries = NetworkRetries()
    /// The request id of each map load in flight (the map numbers its loads 1, 2, ...; the wire never sees
    /// those numbers).
    private var requestOfLoad: [UInt64: UInt64] = [:]
    let logger: Logger

    init(logger: Logger) { self.logger = logger }

    var status: Mapwire_V1_NetworkStatus { online ? .online : .offline }

    /// How new loads may be answered: the cache then the network, or (offline) the cache only.
    var loadingMethods: [LoadingMethod] { online ? [.cache, .network] : [.cache] }

    /// set-network-status: true when the status changed (the session then applies it and publishes
    /// network-status-changed). Going offline makes retries that wait for their time wait for the network.
    mutating func set(_ status: Mapwire_V1_NetworkStatus) throws(MapCommandError) -> Bool {
        guard status == .online || status == .offline else {
            throw MapCommandError("set-network-status needs a status: online or offline")
        }
        let goesOnline = status == .online
        guard goesOnline != online else { return false }
        setOnline(goesOnline)
        logger.notice("network status: \(goesOnline ? "online" : "offline")")
        return true
    }

    /// Starts offline, or goes online or offline.
    mutating func setOnline(_ online: Bool) {
        self.online = online
        if !online { retries.networkLost() }
    }

    /// Back online: the loads waiting for the network, to ask for again now, `regular` before `low`.
    mutating func takeWaitingForNetwork() -> [UInt64] {
        let waiting = retries.networkBack()
        if !waiting.isEmpty { logger.notice("back online: asking again for \(waiting.count) resource(s)") }
        return waiting
    }

    /// The retries due at `now`.
    mutating func takeDue(now: Int64) -> [UInt64] { retries.takeDue(now: now) }

    var earliestDue: Int64? { retries.earliestDue }

    // MARK: Loads

    /// A load went out as this request.
    mutating func sent(_ loadID: UInt64, as requestID: UInt64) { requestOfLoad[loadID] = requestID }

    /// A load's request ended (answered or failed).
    mutating func ended(_ loadID: UInt64) { requestOfLoad[loadID] = nil }

    /// The map no longer wants a load: it is not tried again; returns its request under way, to cancel.
    mutating func cancelled(_ loadID: UInt64) -> UInt64? {
        retries.remove(loadID)
        return requestOfLoad.removeValue(forKey: loadID)
    }

    /// The outcome of one attempt of a map load, as the map takes it: its result, and whether the load is
    /// tried again (a failure the schedule retries stays with the map as one that may still be answered).
    /// `neverSent`: no plugin ever took the request (none registered before its deadline).
    mutating func answered(_ loadID: UInt64, body: PluginRequestBody, outcome: RequestOutcome, role: String, neverSent: Bool,
                           now: Int64) -> (result: ResourceResult, willRetry: Bool) {
        ended(loadID)
        let result = outcome.resourceResult(role: role)
        guard case .load(let load) = body else {
            settled(loadID)
            return (result, false)
        }
        let asked = load.request.request ?? .init()
        let priority: ResourcePriority = asked.priority == .low ? .low : .regular
        if neverSent, case .failed = outcome {
            noLoaderTook(loadID, url: asked.url, priority: priority)
            return (result, true)
        }
        guard let error = result.response.error, error.reason != .success, error.reason != .unspecified else {
            settled(loadID)
            return (result, false)
        }
        var retryAfter: UInt32?
        if case .answered(.resource(let reply), _, _) = outcome { retryAfter = reply.resource.retryAfterMs }
        let willRetry = attemptFailed(loadID, url: asked.url, reason: error.reason, priority: priority, retryAfterMillis: retryAfter,
                                      askedCacheOnly: !asked.loadingMethod.contains(.network), now: now)
        return (result, willRetry)
    }

    /// An attempt of a load failed (`reason`; `retryAfterMillis` when the server said): whether it is tried
    /// again (and logged so). A load that answered, or failed for good, is forgotten.
    mutating func attemptFailed(_ loadID: UInt64, url: String, reason: ErrorReason, priority: ResourcePriority,
                                retryAfterMillis: UInt32?, askedCacheOnly: Bool, now: Int64) -> Bool {
        let state = retries.failed(loadID, reason: reason, priority: priority, retryAfterMillis: retryAfterMillis, online: online,
                                   askedCacheOnly: askedCacheOnly, now: now)
        if let state {
            logger.info("load failed, tried again \(state.description)", metadata: ["url": "\(url)", "reason": "\(reason.rawValue)"])
        }
        return state != nil
    }

    /// An attempt of a load timed out before any loader took it: asked again when a loader registers, so a map
    /// never settles (and goes idle `full`) without tiles that nobody was there to load.
    mutating func noLoaderTook(_ loadID: UInt64, url: String, priority: ResourcePriority) {
        retries.waitForLoader(loadID, priority: priority)
        logger.info("load waited for a loader in vain, tried again when one registers", metadata: ["url": "\(url)"])
    }

    /// A loader registered: the loads that waited for one in vain, to ask for again now.
    mutating func takeWaitingForLoader() -> [UInt64] {
        let waiting = retries.loaderRegistered()
        if !waiting.isEmpty { logger.notice("a loader registered: asking again for \(waiting.count) resource(s)") }
        return waiting
    }

    /// The load answered, or is no longer tried: its count of failures is over.
    mutating func settled(_ loadID: UInt64) { retries.remove(loadID) }
}

extension NetworkRetries.State: CustomStringConvertible {
    var description: String {
        switch self {
        case .due(let at): "at \(at) ms"
        case .waitingForNetwork: "when back online"
        case .waitingForLoader: "when a loader registers"
        case .inFlight: "now"
        }
    }
}
