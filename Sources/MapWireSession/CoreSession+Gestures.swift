import Foundation
import MapEngine
import MapWireProtocol

/// Gesture commands: claims of screen regions by plugins, and gestures from any client, which wait in
/// a queue and go through the dispatch chain one at a time (CoreSession+GestureDispatch.swift) so a
/// pan's changed never overtakes its began.
extension CoreSession {
    /// A gesture command waiting for the one in flight to finish.
    struct QueuedGesture {
        let command: Mapwire_V1_Gesture
        let gesture: Gesture
        let client: Data
        let commandID: UInt64
    }

    /// More gestures than this waiting means the client sends faster than handlers answer: refuse.
    static let gestureQueueLimit = 1000

    /// Handles gesture, claim-gestures and release-gestures; false for every other command.
    func handleGestureCommand(_ command: Mapwire_V1_Command, from identity: Data) -> Bool {
        switch command.kind {
        case .gesture(let c):
            do throws(MapCommandError) {
                let gesture = try c.engineGesture()
                guard gestureQueue.count < Self.gestureQueueLimit else {
                    throw MapCommandError("too many gestures waiting for dispatch", reason: .busy)
                }
                gestureQueue.append(QueuedGesture(command: c, gesture: gesture, client: identity, commandID: command.id))
                if gestureInFlight == nil { advanceGesture() }
            } catch {
                replyToCommand(command.id, error: error, to: identity)
            }
        case .claimGestures(let c):
            replyToCommand(command.id, error: claim(c, from: identity), to: identity)
        case .releaseGestures:
            guard let plugin = registry.plugins[identity] else {
                replyToCommand(command.id, error: MapCommandError("only a plugin that said hello has gesture claims", reason: .refusedInState), to: identity)
                return true
            }
            gestureClaims.removeAll { $0.owner == plugin.id }
            replyToCommand(command.id, error: nil, to: identity)
        default:
            return false
        }
        return true
    }

    /// Adds a claim for the sending plugin; returns why it was refused, or nil.
    private func claim(_ c: Mapwire_V1_ClaimGestures, from identity: Data) -> MapCommandError? {
        // Claims die with their plugin, so a client without a hello (nobody to watch) cannot make one.
        guard let plugin = registry.plugins[identity] else { return MapCommandError("only a plugin that said hello can claim gestures", reason: .refusedInState) }
        let region = c.region.engineRect
        guard [region.x, region.y, region.width, region.height].allSatisfy(\.isFinite), region.width > 0, region.height > 0 else {
            return MapCommandError("a claimed region needs finite values and a positive width and height")
        }
        let kinds = c.kinds.compactMap(\.engineKind)
        guard !kinds.isEmpty, kinds.count == c.kinds.count else { return MapCommandError("a claim needs known gesture kinds") }
        // Newest first: what a plugin puts on the map later lies on top (an inner view after its parent).
        gestureClaims.insert(GestureClaim(owner: plugin.id, region: region, kinds: Set(kinds)), at: 0)
        return nil
    }

    /// A command's reply: ok, or refused with its message and error code (PROTOCOL.md 7.3).
    func replyToCommand(_ id: UInt64, error: MapCommandError?, to identity: Data) {
        send(.with {
            $0.commandReply = .with {
                $0.id = id
                $0.ok = error == nil
                if let error {
                    $0.error = error.message
                    $0.errorCode = error.reason.protocolValue
                }
            }
        }, to: identity)
    }

    /// The gesture event for a finished dispatch: what happened and who took it.
    func gestureEvent(_ g: GestureInFlight) -> Mapwire_V1_Envelope.OneOf_Payload {
        .gesture(.with {
            $0.kind = g.command.kind
            $0.phase = g.command.phase
            $0.location = g.command.location
            $0.translation = g.command.translation
            $0.scale = g.command.scale
            $0.degrees = g.command.degrees
            $0.handledBy = g.handledBy
            $0.cameraVetoed = g.vetoed
        })
    }
}
