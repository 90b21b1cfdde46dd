import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// The session's side of the gestures (GestureMachine): the commands, and each step of the chain carried
/// out (questions through the request table, whose outcomes resume the chain, possibly at once when
/// nobody can answer).
extension CoreSession {
    /// Handles gesture, claim-gestures and release-gestures; false for every other command. A gesture is
    /// answered when its dispatch is over.
    func handleGestureCommand(_ command: Mapwire_V1_Command, from identity: Data) -> Bool {
        switch command.kind {
        case .gesture(let c):
            do throws(MapCommandError) {
                try gestures.enqueue(c, commandID: command.id, from: identity)
                advanceGestures()
            } catch {
                replyToCommand(command.id, error: error, to: identity)
            }
        case .claimGestures(let c):
            replyToCommand(command.id, error: gestures.claim(c, owner: router.registry.plugins[identity]?.id), to: identity)
        case .releaseGestures:
            replyToCommand(command.id, error: gestures.releaseCommand(owner: router.registry.plugins[identity]?.id), to: identity)
        default:
            return false
        }
        return true
    }

    /// What the gesture chain sees of the core now.
    private var gestureContext: GestureMachine.Context {
        GestureMachine.Context(
            camera: map.camera, size: map.size,
            hasDelegate: router.has(role: PluginRole.gestureDelegate), hasVeto: router.has(role: PluginRole.cameraVeto),
            claimantIdentity: { [registry = router.registry] owner in registry.plugins.values.first(where: { $0.id == owner })?.identity },
            offerToSubviews: { [unowned self] gesture, commandID in
                let (taken, outputs) = annotations.offerTap(gesture, commandID: commandID, in: annotationScene)
                route(outputs)
                return taken
            })
    }

    /// Carries out the chain's steps until it waits for a plugin or has nothing left to do.
    func advanceGestures() {
        while let step = gestures.next(gestureContext) {
            switch step {
            case .begin(let kind):
                onMap { $0.beginGesture(kind) }
            case .ask(let claimant, let command):
                let id = addRequest(role: PluginRole.gestureDelegate, purpose: .gestureAsk(claimant: claimant?.id),
                                    policy: configuration.decisionPolicy(timeoutMillis: configuration.gestureTimeoutMilliseconds),
                                    onlyPlugin: claimant?.identity) {
                    $0.handleGesture = .with { $0.gesture = command }
                }
                gestures.waiting(for: id)
                dispatchWaiting()
            case .askVeto(let proposed):
                let old = cameraState
                let new = Mapwire_V1_CameraState(proposed, size: map.size)
                let id = addRequest(role: PluginRole.cameraVeto, purpose: .veto(proposed: proposed),
                                    policy: configuration.decisionPolicy(timeoutMillis: configuration.vetoTimeoutMilliseconds)) {
                    $0.mayChangeCamera = .with { $0.oldCamera = old; $0.newCamera = new }
                }
                gestures.waiting(for: id)
                dispatchWaiting()
            case .applyCamera(let camera):
                applyGestureCamera(camera)
            case .finished(let event, let ends, let client, let commandID):
                publish(.gesture(event), causedBy: commandID)
                if let ends { onMap { $0.endGesture(ends) } }
                replyToCommand(commandID, error: nil, to: client)
            }
        }
    }

    /// A user gesture takes the camera back from the viewport, as GL viewports do.
    private func applyGestureCamera(_ camera: Camera) {
        setViewportIdle()
        onMap { $0.applyGestureCamera(camera) }
    }

    /// A claimant's or the delegate's answer (or its absence: not handled) to request `id`.
    func gestureAnswered(_ id: UInt64, _ outcome: RequestOutcome, claimant: String?) {
        var answer = GestureAnswer.notHandled
        var label = ""
        switch outcome {
        case .answered(let reply, _, let from):
            if case .gestureAnswer(let a) = reply.kind { answer = a.answer.engineAnswer }
            else { logger.notice("a gesture handler answered with an unexpected reply", metadata: ["id": "\(id)"]) }
            label = claimant.map { "claimant:\($0)" } ?? "delegate:\(router.registry.plugins[from]?.id ?? "?")"
        case .failed(let why):
            logger.notice("a gesture handler did not answer: \(why)", metadata: ["id": "\(id)"])
        }
        guard gestures.answered(id, answer, label: label) else { return }
        advanceGestures()
    }

    /// The camera veto's decision (or its absence: allowed) on request `id`.
    func vetoAnswered(_ id: UInt64, _ outcome: RequestOutcome, proposed: Camera) {
        var allow = true
        if case .answered(let reply, _, _) = outcome, case .cameraDecision(let d) = reply.kind { allow = d.allow }
        guard gestures.vetoDecided(id, allow: allow) else { return }
        if allow { applyGestureCamera(proposed) }
        advanceGestures()
    }

}
