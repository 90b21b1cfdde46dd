import Foundation
import MapEngine
import MapWireProtocol

/// get-state (a late joiner's snapshot) and what the session publishes for Diagnostics: supervisor
/// reports, load statuses, plugin-gone, welcomes and the command tap (`mapwire record --commands`).
extension CoreSession {
    var stateSnapshot: Mapwire_V1_CoreStateSnapshot {
        .with {
            $0.epoch = epoch
            $0.mapID = configuration.mapID
            $0.lastSequence = sequence
            $0.styleUri = diagnostics.styleURI
            $0.loadPhase = map.loadPhase.documentedName
            $0.sourceIds = map.style?.sources.map(\.id) ?? []
            $0.camera = cameraState
            $0.loadStatus = diagnostics.loadStatuses.report
            $0.plugins = router.registry.plugins.values.sorted { $0.id < $1.id }.map { plugin in
                .with {
                    $0.pluginID = plugin.id
                    $0.name = plugin.name
                    $0.roles = plugin.roles.sorted()
                    $0.pid = plugin.pid
                    $0.inFlight = UInt32(router.requests.inFlight(slot: plugin.slot))
                }
            }
            $0.counters = diagnostics.counters(eventsPublished: sequence)
            $0.subscribers = UInt32(diagnostics.subscribers)
            $0.pendingRequests = UInt32(router.requests.count)
            $0.networkStatus = network.status
            if let authorization = location.authorization { $0.locationAuthorization = authorization }
        }
    }

    /// A supervisor's report: published as plugin-supervision for every watcher.
    func reportSupervision(_ command: Mapwire_V1_ReportSupervision) throws(MapCommandError) {
        publish(.pluginSupervision(try diagnostics.supervision(command)))
    }

    /// publish-load-status: relayed as an event and remembered for get-load-status.
    func publishLoadStatus(_ command: Mapwire_V1_PublishLoadStatus) throws(MapCommandError) {
        let target = command.change.target
        publish(.loadStatusChanged(try diagnostics.loadStatus(command, sourceExists: map.hasSource(target))))
    }

    /// Counts a plugin the registry just forgot, and publishes plugin-gone unless it said goodbye.
    func announceGone(_ gone: PluginRegistry.Plugin, reason: Mapwire_V1_PluginGone.Reason, requestsMoved: Int) {
        guard let event = diagnostics.pluginGone(gone, reason: reason, requestsMoved: requestsMoved, now: now) else { return }
        publish(.pluginGone(event))
    }

    /// One message from the events socket; a subscription gets a welcome, which takes no sequence number.
    func handleSubscription(_ frame: Data) {
        guard let prefix = diagnostics.subscription(frame) else { return }
        outputs.append(.publish(.message(.welcome(.with { $0.topicPrefix = prefix })), sequence: sequence, causationID: 0))
    }

    /// A command as it arrived, for the command tap (before it is handled, so it comes before the events
    /// it causes). Like a welcome it takes no sequence number.
    func tapCommand(_ bytes: Data, id: UInt64) {
        guard diagnostics.tapsCommands else { return }
        outputs.append(.publish(.message(.command(.with { $0.controlMessage = bytes })), sequence: sequence, causationID: id))
    }

    /// A reply as it is sent (CoreSession.send), right after it and under the current sequence number.
    func tapReply(_ message: Mapwire_V1_ControlMessage) {
        guard diagnostics.tapsCommands, case .commandReply(let reply) = message.body else { return }
        outputs.append(.publish(.message(.commandReply(.with { $0.controlMessage = ControlCodec.encode(message) })), sequence: sequence, causationID: reply.id))
    }
}
