import Foundation
import MapEngine
import MapWireProtocol

/// What the core counts about its own health (get-state's `counters`): rejected input, retries,
/// late replies, plugins that went away.
struct CoreHealth {
    var styleURI = ""
    var requestsSent: UInt64 = 0
    var requestsRetried: UInt64 = 0
    var requestsRedispatched: UInt64 = 0
    var requestsTimedOut: UInt64 = 0
    var lateRepliesDropped: UInt64 = 0
    var pluginsGone: UInt64 = 0
    var pluginsTimedOut: UInt64 = 0
    var pluginsUnresponsive: UInt64 = 0
    var repliesRefused: UInt64 = 0
    var messagesTooLarge: UInt64 = 0
}

/// get-state (a late joiner's snapshot), report-supervision, and the plugin-gone event.
extension CoreSession {
    var stateSnapshot: Mapwire_V1_CoreStateSnapshot {
        .with {
            $0.epoch = epoch
            $0.mapID = configuration.mapID
            $0.lastSequence = sequence
            $0.styleUri = health.styleURI
            $0.loadPhase = map.loadPhase.documentedName
            $0.sourceIds = map.style?.sources.map(\.id) ?? []
            $0.camera = cameraState
            $0.loadStatus = loadStatuses.report
            $0.plugins = registry.plugins.values.sorted { $0.id < $1.id }.map { plugin in
                .with {
                    $0.pluginID = plugin.id
                    $0.name = plugin.name
                    $0.roles = plugin.roles.sorted()
                    $0.pid = plugin.pid
                    $0.inFlight = UInt32(requests.inFlight(slot: plugin.slot))
                }
            }
            $0.counters = counters
            $0.subscribers = UInt32(subscribers)
            $0.pendingRequests = UInt32(requests.count)
            $0.networkStatus = networkStatus
            if let locationAuthorization { $0.locationAuthorization = locationAuthorization }
        }
    }

    var counters: Mapwire_V1_CoreCounters {
        .with {
            $0.malformedRejected = UInt64(rejectedMessages)
            $0.requestsSent = health.requestsSent
            $0.requestsRetried = health.requestsRetried
            $0.requestsRedispatched = health.requestsRedispatched
            $0.requestsTimedOut = health.requestsTimedOut
            $0.lateRepliesDropped = health.lateRepliesDropped
            $0.pluginsGone = health.pluginsGone
            $0.pluginsTimedOut = health.pluginsTimedOut
            $0.eventsPublished = sequence
            $0.malformedSubscriptions = UInt64(malformedSubscriptions)
            $0.connectionsRefused = UInt64(connectionsRefused)
            $0.repliesRefused = health.repliesRefused
            $0.pluginsUnresponsive = health.pluginsUnresponsive
            $0.messagesTooLarge = health.messagesTooLarge
        }
    }

    /// A supervisor's report: published as plugin-supervision for every watcher.
    func reportSupervision(_ command: Mapwire_V1_ReportSupervision) throws {
        let report = command.report
        guard !report.plugin.isEmpty else { throw MapCommandError("report-supervision needs the plugin's name") }
        guard report.action == .restarted || report.action == .gaveUp else {
            throw MapCommandError("report-supervision needs an action (restarted or gave-up)")
        }
        if report.action == .gaveUp {
            logger.error("the supervisor gave up on a plugin", metadata: ["plugin": "\(report.plugin)", "why": "\(report.reason)"])
        }
        publish(.pluginSupervision(report))
    }

    /// Counts a plugin the registry just forgot, and publishes plugin-gone unless it said goodbye.
    func announceGone(_ gone: PluginRegistry.Plugin, reason: Mapwire_V1_PluginGone.Reason, requestsMoved: Int) {
        health.pluginsGone += 1
        if reason == .heartbeatTimeout { health.pluginsTimedOut += 1 }
        if reason == .unresponsive { health.pluginsUnresponsive += 1 }
        health.requestsRedispatched += UInt64(requestsMoved)
        // A goodbye is an orderly departure (every shutdown says one): only failures are news.
        guard reason != .goodbye else { return }
        publish(.pluginGone(.with {
            $0.pluginID = gone.id
            $0.name = gone.name
            $0.roles = gone.roles.sorted()
            $0.pid = gone.pid
            $0.reason = reason
            $0.silentMs = UInt64(max(0, now - gone.lastHeardMillis))
            $0.requestsMoved = UInt32(requestsMoved)
        }))
    }

    /// One message from the events socket: each subscription to "" or "welcome" is a subscriber, and
    /// every subscription gets a welcome; anything else is counted and logged.
    func handleSubscription(_ frame: Data) {
        guard let kind = frame.first, kind <= 1 else {
            malformedSubscriptions += 1
            logger.notice("rejected a message on the events socket that was not a subscription")
            return
        }
        // Too long to be a topic prefix: no welcome (it would carry the prefix to every subscriber). Its
        // unsubscription, when the subscriber leaves, is ignored the same way, uncounted.
        if frame.count - 1 > Self.largestSubscriptionBytes {
            if kind == 1 { noteTooLarge("a subscription of \(frame.count - 1) bytes is over the events socket's limit of \(Self.largestSubscriptionBytes) bytes") }
            return
        }
        let prefix = String(decoding: frame.dropFirst(), as: UTF8.self)
        let countsSubscriber = prefix.isEmpty || prefix == "welcome"
        noteCommandTapSubscription(prefix: prefix, subscribed: kind == 1)
        if kind == 0 {
            if countsSubscriber { subscribers = max(0, subscribers - 1) }
            return
        }
        if countsSubscriber { subscribers += 1 }
        outputs.append(.publish(.message(.welcome(.with { $0.topicPrefix = prefix })), sequence: sequence, causationID: 0))
    }
}

extension Map.LoadPhase {
    /// get-state's `load_phase` strings.
    var documentedName: String {
        switch self {
        case .empty: "empty"
        case .loadingStyle: "loading-style"
        case .loadingSprite: "loading-sprite"
        case .loadingSources: "loading-sources"
        case .loaded: "loaded"
        case .failed: "failed"
        }
    }
}
