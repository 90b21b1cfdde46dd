import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// Gestures over the bus (HERE's NMAMapGestureDelegate chain): claims of screen regions by plugins, and
/// gestures from any client, which wait in a queue and go through the chain one at a time so a pan's
/// changed never overtakes its began. The engine's `GestureDispatch` says whom to ask; this machine keeps
/// each gesture until its answer (or the deadline) comes and says what to do next, one step at a time
/// (`next(_:)`). Nothing waits on a plugin: frames, commands and loads go on while a gesture waits.
struct GestureMachine {
    /// What the session must do next for the gestures.
    enum Step: Equatable {
        /// The gesture puts the map in a gesture (map-idle waits for its end).
        case begin(GestureKind)
        /// Ask a claimant (by plugin id and connection), or the gesture delegate when nil, to handle it; the
        /// session says which request that is with `waiting(for:)`.
        case ask(claimant: Claimant?, Mapwire_V1_Gesture)
        /// Put the gesture's camera to the camera veto (gesture-driven changes only, never programmatic
        /// ones, as MGLMapViewDelegate's shouldChangeFrom does); `waiting(for:)` follows.
        case askVeto(proposed: Camera)
        /// Move the camera where the gesture takes it (it takes the camera back from the viewport).
        case applyCamera(Camera)
        /// The gesture is over: publish its event, end it on the map if `ends`, and reply to its command.
        case finished(event: Mapwire_V1_GestureEvent, ends: GestureKind?, client: Data, commandID: UInt64)
    }

    struct Claimant: Equatable {
        let id: String
        let identity: Data
    }

    /// What the machine needs to know of the rest of the core at each step.
    struct Context {
        var camera: Camera
        var size: ViewportSize
        var hasDelegate: Bool
        var hasVeto: Bool
        /// The connection of a registered plugin, by its id.
        var claimantIdentity: (String) -> Data?
        /// The chain's first step: a tap offered to what lies on the map (annotations); the id of the one
        /// that took it, or nil.
        var offerToSubviews: (Gesture, _ commandID: UInt64) -> String?
    }

    private struct Queued {
        let command: Mapwire_V1_Gesture
        let gesture: Gesture
        let client: Data
        let commandID: UInt64
    }

    private struct InFlight {
        let queued: Queued
        var dispatch: GestureDispatch
        /// For the gesture event: see GestureEvent.handled_by in events.proto.
        var handledBy = "none"
        var vetoed = false
        /// The default handling has been dealt with (applied, vetoed, or nothing to do).
        var defaultDone = false
        /// Whether the chain waits for an answer (to the request named by `waitingFor`).
        var asking = false
        var waitingFor: UInt64?
    }

    /// More gestures than this waiting means the client sends faster than handlers answer: refuse.
    static let queueLimit = 1000

    /// Claims of plugins, newest first: what a plugin puts on the map later lies on top.
    private(set) var claims: [GestureClaim] = []
    private var queue: [Queued] = []
    private var inFlight: InFlight?

    /// Whether a gesture is in the chain or waiting for it.
    var isBusy: Bool { inFlight != nil || !queue.isEmpty }

    // MARK: Commands

    /// Queues a gesture command; `next` then takes it through the chain. Throws on what the chain cannot
    /// work with, and when too many wait.
    mutating func enqueue(_ command: Mapwire_V1_Gesture, commandID: UInt64, from client: Data) throws(MapCommandError) {
        let gesture = try command.engineGesture()
        guard queue.count < Self.queueLimit else { throw MapCommandError("too many gestures waiting for dispatch", reason: .busy) }
        queue.append(Queued(command: command, gesture: gesture, client: client, commandID: commandID))
    }

    /// Adds a claim for a registered plugin; returns why it was refused, or nil. Claims die with their
    /// plugin, so a client without a hello (`owner` nil: nobody to watch) cannot make one.
    mutating func claim(_ c: Mapwire_V1_ClaimGestures, owner: String?) -> MapCommandError? {
        guard let owner else { return MapCommandError("only a plugin that said hello can claim gestures", reason: .refusedInState) }
        let region = c.region.engineRect
        guard [region.x, region.y, region.width, region.height].allSatisfy(\.isFinite), region.width > 0, region.height > 0 else {
            return MapCommandError("a claimed region needs finite values and a positive width and height")
        }
        let kinds = c.kinds.compactMap(\.engineKind)
        guard !kinds.isEmpty, kinds.count == c.kinds.count else { return MapCommandError("a claim needs known gesture kinds") }
        claims.insert(GestureClaim(owner: owner, region: region, kinds: Set(kinds)), at: 0)
        return nil
    }

    /// A plugin's claims end when it releases them or goes.
    mutating func release(owner: String) {
        claims.removeAll { $0.owner == owner }
    }

    /// release-gestures from `owner` (nil: not a registered plugin); returns why it was refused, or nil.
    mutating func releaseCommand(owner: String?) -> MapCommandError? {
        guard let owner else { return MapCommandError("only a plugin that said hello has gesture claims", reason: .refusedInState) }
        release(owner: owner)
        return nil
    }

    // MARK: The chain

    /// The next thing to do, or nil while the chain waits for an answer or has nothing to do.
    mutating func next(_ context: Context) -> Step? {
        while true {
            if inFlight == nil {
                guard !queue.isEmpty else { return nil }
                return start(queue.removeFirst(), context)
            }
            guard var g = inFlight, !g.asking else { return nil }
            switch g.dispatch.step {
            case .ask(let handler):
                var claimant: Claimant?
                if case .claimant(let owner) = handler {
                    guard let identity = context.claimantIdentity(owner) else {
                        // The claimant left since the chain was worked out: skip it.
                        g.dispatch.record(.notHandled)
                        inFlight = g
                        continue
                    }
                    claimant = Claimant(id: owner, identity: identity)
                }
                g.asking = true
                inFlight = g
                return .ask(claimant: claimant, g.queued.command)
            case .runDefault where !g.defaultDone:
                g.defaultDone = true
                guard let next = GestureDefaults.camera(after: g.queued.gesture, from: context.camera, size: context.size) else {
                    inFlight = g
                    continue
                }
                if g.handledBy == "none" { g.handledBy = "default" }
                if context.hasVeto {
                    g.asking = true
                    inFlight = g
                    return .askVeto(proposed: next)
                }
                inFlight = g
                return .applyCamera(next)
            case .runDefault, .finished:
                inFlight = nil
                return .finished(event: event(g), ends: g.queued.command.ends ? g.queued.gesture.kind : nil,
                                 client: g.queued.client, commandID: g.queued.commandID)
            }
        }
    }

    private mutating func start(_ q: Queued, _ context: Context) -> Step? {
        let taken = context.offerToSubviews(q.gesture, q.commandID)
        var g = InFlight(queued: q, dispatch: GestureDispatch(gesture: q.gesture, claims: claims, hasDelegate: context.hasDelegate,
                                                              takenBySubview: taken != nil))
        if let taken { g.handledBy = "annotation:\(taken)" }
        inFlight = g
        return q.command.begins ? .begin(q.gesture.kind) : next(context)
    }

    /// The request the last `.ask` or `.askVeto` went out as.
    mutating func waiting(for requestID: UInt64) {
        guard inFlight?.asking == true, inFlight?.waitingFor == nil else { return }
        inFlight?.waitingFor = requestID
    }

    /// A claimant's or the delegate's answer (or its absence: not handled) to request `id`, labelled for the
    /// event. False when the chain was not waiting for it.
    mutating func answered(_ id: UInt64, _ answer: GestureAnswer, label: String) -> Bool {
        guard var g = inFlight, g.asking, g.waitingFor == id else { return false }
        g.asking = false
        g.waitingFor = nil
        switch answer {
        case .handled: g.handledBy = label
        case .handledAndRunDefault: g.handledBy = label + ":default"
        case .notHandled: break
        }
        g.dispatch.record(answer)
        inFlight = g
        return true
    }

    /// The camera veto's decision (or its absence: allowed) on request `id`; the session applies an allowed
    /// camera before the next step. False when the chain was not waiting for it.
    mutating func vetoDecided(_ id: UInt64, allow: Bool) -> Bool {
        guard var g = inFlight, g.asking, g.waitingFor == id else { return false }
        g.asking = false
        g.waitingFor = nil
        if !allow { g.vetoed = true }
        inFlight = g
        return true
    }

    /// The gesture event for a finished dispatch: what happened and who took it.
    private func event(_ g: InFlight) -> Mapwire_V1_GestureEvent {
        let c = g.queued.command
        return .with {
            $0.kind = c.kind
            $0.phase = c.phase
            $0.location = c.location
            $0.translation = c.translation
            $0.scale = c.scale
            $0.degrees = c.degrees
            $0.handledBy = g.handledBy
            $0.cameraVetoed = g.vetoed
        }
    }
}
