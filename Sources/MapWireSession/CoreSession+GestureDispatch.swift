import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// Seed 002's chain over the bus: the engine's `GestureDispatch` says whom to ask; the session asks that
/// plugin and keeps the gesture until the answer (or the deadline) comes, then moves on. Nothing waits
/// on a plugin: everything else (frames, commands, loads) runs while a gesture waits.
extension CoreSession {
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
        /// The request (to a claimant, the delegate or the camera veto) the chain waits for.
        var waitingFor: UInt64?
    }

    /// Runs the chain until it must wait for a plugin, finishing gestures and starting queued ones.
    /// A question goes out through the request table; its outcome (CoreSession+Requests.swift) resumes
    /// the chain, possibly at once when nobody can answer, so this returns as soon as it asked.
    func advanceGesture() {
        while true {
            if gestureInFlight == nil {
                guard !gestureQueue.isEmpty else { return }
                startGesture(gestureQueue.removeFirst())
            }
            guard var g = gestureInFlight, g.waitingFor == nil else { return }
            switch g.dispatch.step {
            case .ask(let handler):
                let claimant: (id: String, identity: Data)?
                switch handler {
                case .claimant(let owner):
                    guard let plugin = registry.plugins.values.first(where: { $0.id == owner }) else {
                        // The claimant left since the chain was worked out: skip it.
                        g.dispatch.record(.notHandled)
                        gestureInFlight = g
                        continue
                    }
                    claimant = (owner, plugin.identity)
                case .delegate:
                    claimant = nil
                }
                let command = g.command
                g.waitingFor = addRequest(role: PluginRole.gestureDelegate, purpose: .gestureAsk(claimant: claimant?.id),
                                          policy: decisionPolicy(timeoutMillis: configuration.gestureTimeoutMilliseconds),
                                          onlyPlugin: claimant?.identity) {
                    $0.handleGesture = .with { $0.gesture = command }
                }
                gestureInFlight = g
                return dispatchWaiting()
            case .runDefault where !g.defaultDone:
                g.defaultDone = true
                guard let next = GestureDefaults.camera(after: g.gesture, from: map.camera, size: map.size) else {
                    gestureInFlight = g
                    continue
                }
                if g.handledBy == "none" { g.handledBy = "default" }
                // Seed 004: only gesture-driven changes are put to the veto, never programmatic ones.
                if registry.has(role: PluginRole.cameraVeto) {
                    let old = cameraState
                    let proposed = cameraState(for: next)
                    g.waitingFor = addRequest(role: PluginRole.cameraVeto, purpose: .veto(proposed: next),
                                              policy: decisionPolicy(timeoutMillis: configuration.vetoTimeoutMilliseconds)) {
                        $0.mayChangeCamera = .with { $0.oldCamera = old; $0.newCamera = proposed }
                    }
                    gestureInFlight = g
                    return dispatchWaiting()
                }
                // A user gesture takes the camera back from the viewport, as GL viewports do.
                gestureInFlight = g
                setViewportIdle()
                map.applyGestureCamera(next)
            case .runDefault, .finished:
                finishGesture(g)
            }
        }
    }

    private func startGesture(_ q: QueuedGesture) {
        let hasDelegate = registry.has(role: PluginRole.gestureDelegate)
        // Seed 002's subview step: a tap goes to the annotations first (CoreSession+Annotations.swift).
        let annotation = offerTapToAnnotations(q.gesture, commandID: q.commandID)
        gestureInFlight = GestureInFlight(command: q.command, gesture: q.gesture, client: q.client, commandID: q.commandID,
                                          dispatch: GestureDispatch(gesture: q.gesture, claims: gestureClaims, hasDelegate: hasDelegate,
                                                                    takenBySubview: annotation != nil))
        if let annotation { gestureInFlight?.handledBy = "annotation:\(annotation)" }
        if q.command.begins { map.beginGesture(q.gesture.kind) }
    }

    private func finishGesture(_ g: GestureInFlight) {
        gestureInFlight = nil
        publish(gestureEvent(g), causedBy: g.commandID)
        if g.command.ends { map.endGesture(g.gesture.kind) }
        replyToCommand(g.commandID, error: nil, to: g.client)
    }

    /// A claimant's or the delegate's answer (or its absence: not handled) to request `id`.
    func resumeGesture(_ id: UInt64, answer: GestureAnswer, label: String) {
        guard var g = gestureInFlight, g.waitingFor == id else { return }
        g.waitingFor = nil
        switch answer {
        case .handled: g.handledBy = label
        case .handledAndRunDefault: g.handledBy = label + ":default"
        case .notHandled: break
        }
        g.dispatch.record(answer)
        gestureInFlight = g
        advanceGesture()
    }

    /// The camera veto's decision (or its absence: allowed) on request `id`.
    func resumeGesture(_ id: UInt64, allow: Bool, proposed: Camera) {
        guard var g = gestureInFlight, g.waitingFor == id else { return }
        g.waitingFor = nil
        if !allow { g.vetoed = true }
        gestureInFlight = g
        if allow {
            setViewportIdle()
            map.applyGestureCamera(proposed)
        }
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
