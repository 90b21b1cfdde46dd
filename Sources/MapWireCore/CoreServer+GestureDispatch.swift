import Foundation
import MapEngine
import MapWireProtocol
import MapWirePluginKit

/// Seed 002's chain over the bus: the engine's `GestureDispatch` says whom to ask; the core asks that
/// plugin and keeps the gesture until the answer (or the deadline) comes, then moves on. The loop
/// never blocks on a plugin: everything else (frames, commands, loads) runs while a gesture waits.
extension CoreServer {
    struct GestureInFlight {
        let command: Mapwire_V1_Gesture
        let gesture: Gesture
        let client: Data
        let commandID: UInt64
        var dispatch: GestureDispatch
        /// For the gesture event: see GestureEvent.handled_by in events.proto.
        var handledBy = "none"
        var vetoed = false
        /// The default handling has been dealt with (applied, vetoed, or nothing to do).
        var defaultDone = false
        var waiting: GestureWait?
    }

    struct GestureWait {
        enum Stage {
            /// A claimant or the delegate was asked; `label` is what handled-by says if it takes the gesture.
            case handler(label: String)
            /// The camera-veto plugin was asked about moving to `proposed`.
            case veto(proposed: Camera)
        }
        let requestID: UInt64
        let plugin: Data
        let deadlineMillis: Int64
        let stage: Stage
    }

    /// Runs the chain until it must wait for a plugin, finishing gestures and starting queued ones.
    func advanceGesture() {
        while true {
            if gestureInFlight == nil {
                guard !gestureQueue.isEmpty else { return }
                startGesture(gestureQueue.removeFirst())
            }
            guard var g = gestureInFlight, g.waiting == nil else { return }
            switch g.dispatch.step {
            case .ask(let handler):
                guard let (plugin, label) = plugin(for: handler) else {
                    // The claimant or delegate left since the chain was worked out: skip it.
                    g.dispatch.record(.notHandled)
                    gestureInFlight = g
                    continue
                }
                g.waiting = ask(plugin, stage: .handler(label: label), timeout: configuration.gestureTimeoutMilliseconds) {
                    $0.handleGesture = .with { $0.gesture = g.command }
                }
                gestureInFlight = g
            case .runDefault where !g.defaultDone:
                g.defaultDone = true
                guard let next = GestureDefaults.camera(after: g.gesture, from: map.camera, size: map.size) else {
                    gestureInFlight = g
                    continue
                }
                if g.handledBy == "none" { g.handledBy = "default" }
                // Seed 004: only gesture-driven changes are put to the veto, never programmatic ones.
                if let veto = registry.next(for: PluginRole.cameraVeto) {
                    let old = cameraState
                    let proposed = cameraState(for: next)
                    g.waiting = ask(veto.identity, stage: .veto(proposed: next), timeout: configuration.vetoTimeoutMilliseconds) {
                        $0.mayChangeCamera = .with { $0.oldCamera = old; $0.newCamera = proposed }
                    }
                    gestureInFlight = g
                } else {
                    // A user gesture takes the camera back from the viewport, as GL viewports do.
                    setViewportIdle()
                    map.applyGestureCamera(next)
                    gestureInFlight = g
                }
            case .runDefault, .finished:
                finishGesture(g)
            }
        }
    }

    private func startGesture(_ q: QueuedGesture) {
        let hasDelegate = registry.has(role: PluginRole.gestureDelegate)
        gestureInFlight = GestureInFlight(command: q.command, gesture: q.gesture, client: q.client, commandID: q.commandID,
                                          dispatch: GestureDispatch(gesture: q.gesture, claims: gestureClaims, hasDelegate: hasDelegate))
        if q.command.begins { map.beginGesture(q.gesture.kind) }
    }

    private func finishGesture(_ g: GestureInFlight) {
        gestureInFlight = nil
        publish(gestureEvent(g))
        if g.command.ends { map.endGesture(g.gesture.kind) }
        replyToCommand(g.commandID, error: nil, to: g.client)
    }

    /// The plugin to ask for `handler` and the handled-by label it would earn; nil when it is gone.
    private func plugin(for handler: GestureHandler) -> (Data, String)? {
        switch handler {
        case .claimant(let owner):
            guard let plugin = registry.plugins.values.first(where: { $0.id == owner }) else { return nil }
            return (plugin.identity, "claimant:\(owner)")
        case .delegate:
            guard let plugin = registry.next(for: PluginRole.gestureDelegate) else { return nil }
            return (plugin.identity, "delegate:\(plugin.id)")
        }
    }

    private func ask(_ plugin: Data, stage: GestureWait.Stage, timeout: Int,
                     _ fill: (inout Mapwire_V1_PluginRequest) -> Void) -> GestureWait {
        let request = Mapwire_V1_PluginRequest.with {
            $0.id = takeControlID()
            $0.deadlineUnixNanos = unixNanosNow() + Int64(timeout) * 1_000_000
            fill(&$0)
        }
        send(.with { $0.request = request }, to: plugin)
        return GestureWait(requestID: request.id, plugin: plugin, deadlineMillis: monotonicMillis() + Int64(timeout), stage: stage)
    }

    /// Takes a plugin's answer to the gesture in flight. False when the reply is not that answer
    /// (a late answer to an earlier ask has an id nobody waits for and is dropped by the caller).
    func handleGestureReply(_ reply: Mapwire_V1_PluginReply, from identity: Data) -> Bool {
        guard let wait = gestureInFlight?.waiting, wait.requestID == reply.id, wait.plugin == identity else { return false }
        switch (wait.stage, reply.kind) {
        case (.handler(let label), .gestureAnswer(let a)):
            resumeGesture(wait, answer: a.answer.engineAnswer, label: label)
        case (.veto(let proposed), .cameraDecision(let d)):
            resumeGesture(wait, allow: d.allow, proposed: proposed)
        default:
            // An error or a reply of another kind: as if the plugin had not answered.
            logger.notice("a gesture handler answered with an unexpected reply", metadata: ["id": "\(reply.id)"])
            giveUpWaiting()
        }
        return true
    }

    /// Past the deadline: a handler counts as not handling the gesture, a veto as allowing the change.
    func checkGestureDeadline(now: Int64) {
        guard let wait = gestureInFlight?.waiting, now >= wait.deadlineMillis else { return }
        logger.notice("a gesture handler did not answer in time", metadata: ["id": "\(wait.requestID)"])
        giveUpWaiting()
    }

    /// A plugin left: its claims go, and if the gesture in flight waits for it, it waits no more.
    func gesturePluginGone(_ plugin: PluginRegistry.Plugin) {
        gestureClaims.removeAll { $0.owner == plugin.id }
        if gestureInFlight?.waiting?.plugin == plugin.identity { giveUpWaiting() }
    }

    private func giveUpWaiting() {
        guard let wait = gestureInFlight?.waiting else { return }
        switch wait.stage {
        case .handler(let label): resumeGesture(wait, answer: .notHandled, label: label)
        case .veto(let proposed): resumeGesture(wait, allow: true, proposed: proposed)
        }
    }

    private func resumeGesture(_ wait: GestureWait, answer: GestureAnswer, label: String) {
        guard var g = gestureInFlight else { return }
        g.waiting = nil
        switch answer {
        case .handled: g.handledBy = label
        case .handledAndRunDefault: g.handledBy = label + ":default"
        case .notHandled: break
        }
        g.dispatch.record(answer)
        gestureInFlight = g
        advanceGesture()
    }

    private func resumeGesture(_ wait: GestureWait, allow: Bool, proposed: Camera) {
        guard var g = gestureInFlight else { return }
        g.waiting = nil
        if allow {
            setViewportIdle()
            map.applyGestureCamera(proposed)
        } else {
            g.vetoed = true
        }
        gestureInFlight = g
        advanceGesture()
    }

    /// A camera as the protocol shows it, with the current viewport size.
    func cameraState(for camera: Camera) -> Mapwire_V1_CameraState {
        .with {
            $0.center = .with { $0.longitude = camera.center.longitude; $0.latitude = camera.center.latitude }
            $0.zoom = camera.zoom
            $0.bearing = camera.bearing
            $0.pitch = camera.pitch
            $0.width = UInt32(map.size.width)
            $0.height = UInt32(map.size.height)
        }
    }
}
