import Foundation
import Logging
import MapEngine
import MapWireProtocol

/// What the core knows about itself for watchers (PROTOCOL.md 4.3, 7.3.3, 7.9): who subscribes to the
/// events socket, the command tap, its health counters, the load statuses the load-status plugin
/// published, supervisor reports and plugins that went away. It answers with what to publish; the
/// session publishes it.
struct Diagnostics {
    /// What the core counts about its own health (get-state's `counters`).
    struct Health {
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
        var malformedRejected: UInt64 = 0
        var malformedSubscriptions: UInt64 = 0
        var connectionsRefused: UInt64 = 0
    }

    /// The topic whose subscribers make the core publish commands and replies (`mapwire record --commands`).
    static let commandTapPrefix = "command"
    /// The longest (un)subscription the events socket takes, in bytes after its first byte; the shell lets
    /// libzmq read up to twice this much, so what lies between is counted here.
    static let largestSubscriptionBytes = 64 << 10

    var health = Health()
    /// The latest load status per target.
    var loadStatuses = LoadStatusTable()
    /// The URI of the current style ("" for JSON), for get-state.
    var styleURI = ""
    /// Subscribers connected now: each subscribes once to "" or to "welcome" (PROTOCOL.md 4.3).
    private(set) var subscribers = 0
    /// Subscriptions to exactly "command": while any is held, commands and replies are published.
    private(set) var commandTapSubscriptions = 0
    let logger: Logger

    init(logger: Logger) { self.logger = logger }

    // MARK: The events socket

    /// One message from the events socket: each subscription to "" or "welcome" is a subscriber, and every
    /// subscription gets a welcome (returned: its topic prefix); anything else is counted and logged.
    mutating func subscription(_ frame: Data) -> String? {
        guard let kind = frame.first, kind <= 1 else {
            health.malformedSubscriptions += 1
            logger.notice("rejected a message on the events socket that was not a subscription")
            return nil
        }
        // Too long to be a topic prefix: no welcome (it would carry the prefix to every subscriber). Its
        // unsubscription, when the subscriber leaves, is ignored the same way, uncounted.
        if frame.count - 1 > Self.largestSubscriptionBytes {
            if kind == 1 { noteTooLarge("a subscription of \(frame.count - 1) bytes is over the events socket's limit of \(Self.largestSubscriptionBytes) bytes") }
            return nil
        }
        let prefix = String(decoding: frame.dropFirst(), as: UTF8.self)
        let countsSubscriber = prefix.isEmpty || prefix == "welcome"
        if prefix == Self.commandTapPrefix {
            commandTapSubscriptions = kind == 1 ? commandTapSubscriptions + 1 : max(0, commandTapSubscriptions - 1)
        }
        if kind == 0 {
            if countsSubscriber { subscribers = max(0, subscribers - 1) }
            return nil
        }
        if countsSubscriber { subscribers += 1 }
        return prefix
    }

    /// Whether commands and replies are published now (nothing is encoded for the tap while no one holds it).
    var tapsCommands: Bool { commandTapSubscriptions > 0 }

    // MARK: Counting

    /// A control message that could not be handled.
    mutating func noteRejected(_ why: String) {
        health.malformedRejected += 1
        logger.notice("rejected a control message: \(why)")
    }

    /// Counts one message too large, and logs the 1st, 2nd, 4th, 8th… so a flood does not flood the log.
    mutating func noteTooLarge(_ why: String) {
        health.messagesTooLarge += 1
        let count = health.messagesTooLarge
        guard count & (count - 1) == 0 else { return }
        logger.warning("refused a message: \(why) (\(count) too large so far)")
    }

    /// A reply from a connection the request was not sent to: dropped, counted, and logged at powers of two.
    mutating func noteRefusedReply(_ id: UInt64, _ why: String) {
        health.repliesRefused += 1
        let count = health.repliesRefused
        guard count & (count - 1) == 0 else { return }
        logger.warning("refused a plugin reply: \(why) (\(count) refused so far)", metadata: ["id": "\(id)"])
    }

    mutating func noteConnectionRefused(_ reason: String) {
        health.connectionsRefused += 1
        logger.warning("refused a TCP connection: \(reason)")
    }

    /// get-state's counters; every event published so far has taken a sequence number.
    func counters(eventsPublished: UInt64) -> Mapwire_V1_CoreCounters {
        .with {
            $0.malformedRejected = health.malformedRejected
            $0.requestsSent = health.requestsSent
            $0.requestsRetried = health.requestsRetried
            $0.requestsRedispatched = health.requestsRedispatched
            $0.requestsTimedOut = health.requestsTimedOut
            $0.lateRepliesDropped = health.lateRepliesDropped
            $0.pluginsGone = health.pluginsGone
            $0.pluginsTimedOut = health.pluginsTimedOut
            $0.eventsPublished = eventsPublished
            $0.malformedSubscriptions = health.malformedSubscriptions
            $0.connectionsRefused = health.connectionsRefused
            $0.repliesRefused = health.repliesRefused
            $0.pluginsUnresponsive = health.pluginsUnresponsive
            $0.messagesTooLarge = health.messagesTooLarge
        }
    }

    // MARK: Plugins

    /// Counts a plugin the registry just forgot; the plugin-gone event to publish unless it said goodbye
    /// (an orderly departure: every shutdown says one, so only failures are news).
    mutating func pluginGone(_ gone: PluginRegistry.Plugin, reason: Mapwire_V1_PluginGone.Reason, requestsMoved: Int,
                             now: Int64) -> Mapwire_V1_PluginGone? {
        health.pluginsGone += 1
        if reason == .heartbeatTimeout { health.pluginsTimedOut += 1 }
        if reason == .unresponsive { health.pluginsUnresponsive += 1 }
        health.requestsRedispatched += UInt64(requestsMoved)
        guard reason != .goodbye else { return nil }
        return .with {
            $0.pluginID = gone.id
            $0.name = gone.name
            $0.roles = gone.roles.sorted()
            $0.pid = gone.pid
            $0.reason = reason
            $0.silentMs = UInt64(max(0, now - gone.lastHeardMillis))
            $0.requestsMoved = UInt32(requestsMoved)
        }
    }

    /// A supervisor's report, checked: published as plugin-supervision for every watcher.
    func supervision(_ command: Mapwire_V1_ReportSupervision) throws(MapCommandError) -> Mapwire_V1_PluginSupervision {
        let report = command.report
        guard !report.plugin.isEmpty else { throw MapCommandError("report-supervision needs the plugin's name") }
        guard report.action == .restarted || report.action == .gaveUp else {
            throw MapCommandError("report-supervision needs an action (restarted or gave-up)")
        }
        if report.action == .gaveUp {
            logger.error("the supervisor gave up on a plugin", metadata: ["plugin": "\(report.plugin)", "why": "\(report.reason)"])
        }
        return report
    }

    /// publish-load-status: the load-status plugin's change, remembered for get-load-status and relayed.
    /// `sourceExists`: whether the target names a source of the current style.
    mutating func loadStatus(_ command: Mapwire_V1_PublishLoadStatus, sourceExists: Bool) throws(MapCommandError) -> Mapwire_V1_LoadStatusChanged {
        let change = command.change
        guard !change.target.isEmpty else { throw MapCommandError("publish-load-status needs a target") }
        // Unspecified and values from a newer protocol mean nothing to a reader of this version.
        guard change.status.documentedName != "unspecified" else {
            throw MapCommandError("publish-load-status needs a status (not-loaded, loading, loaded or failed)")
        }
        if change.target != Mapwire_V1_LoadStatusChanged.mapTarget, !sourceExists {
            // The plugin works from events, so a change it sends can arrive after the source was
            // removed or the style replaced. Not-loaded for such a source still goes out (watchers drop
            // it) but leaves no entry; any other status would resurrect a gone source.
            guard change.status == .notLoaded else {
                throw MapCommandError("there is no source \"\(change.target)\" (removed, or not in the current style)", reason: .notFound)
            }
            loadStatuses.sourceRemoved(change.target)
        } else {
            loadStatuses.record(change)
        }
        return change
    }
}
