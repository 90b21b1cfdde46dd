import Foundation
import Logging
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// Everything the core knows, without a socket. A step function: `step(_:at:)` takes one input and the
/// time, and leaves what to do in `outputs` (drained by the shell) and when to step again in
/// `nextDeadlineMillis`. It never reads a clock, never blocks and never calls the shell.
///
/// The session is small machines, each with its own state, inputs and outputs and tests of its own
/// (swift-nio composes handlers the same way): the map (MapEngine's `Map`, whose calls return their
/// effects), request routing (`RequestRouter`), the network (`NetworkMachine`), frames (`FrameMachine`)
/// and views (`ViewMachine`), gestures (`GestureMachine`), annotations (`AnnotationMachine`), the
/// viewport (`ViewportMachine`), the user location (`LocationMachine`), and `Diagnostics` and
/// `Causation` for watchers. The session owns nothing else: it decodes the input, hands it to the
/// machine it concerns and carries out what comes back (the `CoreSession+…` files, one per machine),
/// which is how one machine's output becomes another's input; no machine reaches into another.
///
/// Not Sendable: one thread (the shell's loop, or a test) owns a session.
public final class CoreSession {
    // The session's state below is read and changed without dynamic exclusivity checks
    // (`@exclusivity(unchecked)`): a session is owned by one thread, and no access to one of these
    // overlaps another access to the same property. The checks were about 24 a request, ≈ 2,000
    // instructions with their thread-local look-ups (BENCHMARKS.md, "The core's requests"); every step
    // reads the machines' deadlines, so every machine is unchecked too.
    let configuration: SessionConfiguration
    let logger: Logger
    var epoch: UInt64 { configuration.epoch }
    /// The map. Its calls leave what it asks for in its effects, which `onMap` carries out at once.
    let map: Map
    /// The plugins and every request to them that has no answer yet, whatever its kind (RequestRouter).
    @exclusivity(unchecked) var router: RequestRouter
    /// Whether the core is online, the map's loads in flight and failed loads tried again (NetworkMachine).
    @exclusivity(unchecked) var network: NetworkMachine
    /// What to do, in order; the shell drains it after each step (kept allocated between steps).
    @exclusivity(unchecked) public internal(set) var outputs: [SessionOutput] = []

    // The time of the current step.
    @exclusivity(unchecked) var now: Int64 = 0
    @exclusivity(unchecked) var wallNanos: Int64 = 0
    @exclusivity(unchecked) var monotonicNanos: UInt64 = 0

    /// Events published so far: the last sequence number.
    @exclusivity(unchecked) var sequence: UInt64 = 0

    /// When the running camera animation takes its next step.
    @exclusivity(unchecked) var nextAnimationMillis: Int64 = 0
    /// The viewport's states that drive the camera, stepped by the animation tick (ViewportMachine).
    @exclusivity(unchecked) var viewport = ViewportMachine()
    /// Whether the user's location is shown, how the camera tracks it, and the puck (LocationMachine).
    @exclusivity(unchecked) var location: LocationMachine
    @exclusivity(unchecked) var nextHeartbeatMillis: Int64 = 0
    /// Why the current style failed, for commands that need a loaded style.
    @exclusivity(unchecked) var lastStyleError: String?
    /// The map's frames, snapshots and views of the map's frame (FrameMachine).
    @exclusivity(unchecked) var frames: FrameMachine
    /// Views (render-view) waiting for tiles or a renderer (ViewMachine).
    @exclusivity(unchecked) var views = ViewMachine()
    /// Queries waiting for a renderer's answer (QueryMachine).
    @exclusivity(unchecked) var queries = QueryMachine()
    /// The large set-style-json being parsed off the loop (StyleParses).
    @exclusivity(unchecked) var styleParses: StyleParses
    /// Gesture claims, the gesture in the chain and those waiting for it (GestureMachine).
    @exclusivity(unchecked) var gestures = GestureMachine()
    /// Annotations, the selection and the delegate's answers (AnnotationMachine).
    @exclusivity(unchecked) var annotations: AnnotationMachine
    /// Subscribers, the command tap, counters and load statuses, for watchers (Diagnostics).
    @exclusivity(unchecked) var diagnostics: Diagnostics
    /// Messages that could not be handled (malformed, unknown, out of place), for logs and tests.
    public var rejectedMessages: Int { Int(diagnostics.health.malformedRejected) }
    /// Which command caused the events published now (Causation).
    @exclusivity(unchecked) var causation = Causation()

    public init(configuration: SessionConfiguration, logger: Logger, requestIDs: RequestIDs, at time: SessionTime) {
        self.configuration = configuration
        self.logger = logger
        router = RequestRouter(ids: requestIDs, maxInFlight: configuration.maxInFlightPerPlugin,
                               unresponsiveAfter: configuration.unresponsiveAfterTimeouts,
                               unresponsiveGraceMillis: Int64(configuration.unresponsiveGraceMilliseconds))
        diagnostics = Diagnostics(logger: logger)
        network = NetworkMachine(logger: logger)
        frames = FrameMachine(intervalMillis: configuration.frameIntervalMilliseconds,
                              renderTimeoutMillis: configuration.renderTimeoutMilliseconds, now: time.millis, logger: logger)
        location = LocationMachine(logger: logger)
        annotations = AnnotationMachine(tint: configuration.annotationTint, batchBytes: configuration.annotationBatchBytes, logger: logger)
        styleParses = StyleParses(offLoopBytes: configuration.styleParseOffLoopBytes)
        map = Map(size: ViewportSize(width: configuration.initialWidth, height: configuration.initialHeight))
        setTime(time)
        nextHeartbeatMillis = now
        if configuration.startsOffline {
            network.setOnline(false)
            applyLoadingMethods()
            publish(.networkStatusChanged(.with { $0.status = .offline }))
        }
    }

    // MARK: Step

    /// Handles one input at `time`; what to do is appended to `outputs`.
    public func step(_ input: consuming SessionInput, at time: SessionTime) {
        setTime(time)
        // Taken apart by moving, not copying: a reply's payload is the request path's bulk.
        switch consume input {
        case .control(let identity, let incoming, let bytes):
            handleControl(from: identity, incoming, bytes: bytes)
        case .malformed(let identity, let frames):
            reject(identity: identity, .malformed, "a control message is one frame (got \(max(0, frames - 1)))")
        case .tooLarge(let identity, let bytes, let limit, let head):
            refuseTooLarge(from: identity, bytes: bytes, limit: limit, head: head)
        case .tick:
            runTimers()
        case .unreachable(let identity):
            guard router.registry.plugins[identity] != nil else { return }
            logger.warning("plugin connection gone", metadata: ["plugin": "\(router.registry.plugins[identity]?.id ?? "?")"])
            pluginGone(identity, reason: .disconnected)
        case .subscription(let frame):
            handleSubscription(frame)
        case .connectionRefused(let reason):
            diagnostics.noteConnectionRefused(reason)
        case .styleParsed(let job, let result):
            styleParsed(job: job, result)
        case .requests(let requests):
            addShellRequests(requests)
        }
        // Tiles or glyphs that arrived may complete a view; a view past its deadline fails.
        advanceViews()
    }

    /// Hands every output to `body`, in order, and empties the buffer (keeping its storage).
    /// Each output is lent where the buffer holds it, not copied out of it (a copy and its destruction
    /// were about 500 instructions a request).
    public func drainOutputs(_ body: (borrowing SessionOutput) -> Void) {
        for index in outputs.indices { body(outputs[index]) }
        outputs.removeAll(keepingCapacity: true)
    }

    /// When the session next has something to do on its own (monotonic ms): the shell steps it with
    /// `.tick` then, or earlier when input arrives.
    public var nextDeadlineMillis: Int64 {
        var next = nextHeartbeatMillis
        if let due = frames.nextDeadline(now: now, glyphsLoading: map.isLoadingGlyphs) { next = min(next, due) }
        if let deadline = router.requests.earliestDeadline() { next = min(next, deadline) }
        if let due = network.earliestDue { next = min(next, due) }
        if let due = earliestViewDeadline { next = min(next, due) }
        if isAnimating { next = min(next, nextAnimationMillis) }
        return next
    }

    private func setTime(_ time: SessionTime) {
        monotonicNanos = time.monotonicNanos
        now = time.millis
        wallNanos = time.unixNanos
    }

    private func runTimers() {
        if now >= nextHeartbeatMillis {
            nextHeartbeatMillis = now + Int64(configuration.heartbeatIntervalMilliseconds)
            heartbeatPlugins(now: now)
        }
        expireRequests()
        sendDueRetries()
        dispatchWaiting()
        tickAnimation(now: now)
        if frames.takeDue(now: now, glyphsLoading: map.isLoadingGlyphs) { runFrame() }
    }

    // MARK: Outputs

    func send(_ message: Mapwire_V1_ControlMessage, to identity: Data) {
        outputs.append(.send(message, to: identity))
        tapReply(message)
    }

    /// A command's reply: ok, or refused with its message and error code (PROTOCOL.md 7.3).
    func replyToCommand(_ id: UInt64, error: MapCommandError?, to identity: Data) {
        send(.commandReply(id, error: error), to: identity)
    }

    /// Publishes an event of the core's own (gestures, viewport, location, plugins).
    func publish(_ payload: Mapwire_V1_Envelope.OneOf_Payload, causedBy causation: UInt64? = nil) {
        publishEvent(.message(payload), causedBy: causation)
    }

    /// Publishes an event: the map's frequent ones in the engine's values (EventPayload).
    func publishEvent(_ payload: EventPayload, causedBy causation: UInt64? = nil) {
        sequence += 1
        outputs.append(.publish(payload, sequence: sequence, causationID: causation ?? self.causation.handling))
    }

    /// Takes `count` sequence numbers for events a shell publishes itself (the benchmark core's), so the
    /// bus stays numbered without gaps; returns the first.
    public func reserveSequences(_ count: Int) -> UInt64 {
        let first = sequence + 1
        sequence += UInt64(count)
        return first
    }

    /// Whether a plugin of this role is registered now.
    public func hasPlugin(role: String) -> Bool { router.has(role: role) }

    /// A fresh request id, unguessable and not in use.
    func takeRequestID() -> UInt64 {
        router.freshID()
    }

    // MARK: The map's effects

    /// Runs one call on the map, then carries out what it asked for, in order, before the session goes on.
    /// The map never calls the session: what it needs done waits in its effects until the call returns.
    @discardableResult
    func onMap<T>(_ call: (Map) throws -> T) rethrows -> T {
        defer { carryOutMapEffects() }
        return try call(map)
    }

    private func carryOutMapEffects() {
        // Carrying one out may call the map again (a load that fails at once is answered), whose own
        // effects are carried out inside that call: order is kept.
        while map.hasEffects {
            for effect in map.takeEffects() { carryOut(effect) }
        }
    }

    private func carryOut(_ effect: MapEffect) {
        switch effect {
        case .publish(let event): publishMapEvent(event)
        case .load(let load):
            addLoadRequest(load)
            dispatchWaiting()
        case .cancel(let loadID): cancelLoad(loadID)
        case .frameNeeded:
            frames.frameNeeded(now: now)
        }
    }

    private func publishMapEvent(_ event: MapEvent) {
        if case .mapWillStartLoading = event { frames.styleStarted() }
        publishEvent(EventPayload(event), causedBy: causation.of(event))
        if case .sourceRemoved(let id) = event { diagnostics.loadStatuses.sourceRemoved(id) }
        if case .mapLoadingError(let error) = event, error.kind == .style {
            lastStyleError = error.message
            failSnapshotsUnlessStyleRetried()
        }
    }

    /// Snapshots waiting for the map's frame fail with the style, unless the style is tried again (they
    /// then wait for its answer; its final failure comes here from `loadAnswered`).
    func failSnapshotsUnlessStyleRetried() {
        guard map.loadPhase == .failed, !map.styleRetryPending else { return }
        route(frames.failSnapshots("the style failed to load: \(lastStyleError ?? "unknown error")"))
    }

    // MARK: Plugins

    func heartbeatPlugins(now: Int64) {
        let cutoff = now - 3 * Int64(configuration.heartbeatIntervalMilliseconds)
        for plugin in router.registry.silent(since: cutoff) {
            logger.warning("plugin stopped answering", metadata: ["plugin": "\(plugin.id)"])
            pluginGone(plugin.identity, reason: .heartbeatTimeout)
        }
        let beat = Mapwire_V1_ControlMessage.with {
            $0.heartbeat = .with { $0.epoch = epoch; $0.sentUnixNanos = wallNanos }
        }
        for identity in router.registry.plugins.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) { send(beat, to: identity) }
    }

    /// Forgets a plugin; its unanswered requests go to another plugin of the role (or wait for one, or
    /// fail, as their policy says).
    func pluginGone(_ identity: Data, reason: Mapwire_V1_PluginGone.Reason = .goodbye) {
        guard let (gone, moved) = router.remove(identity) else { return }
        gestures.release(owner: gone.id)
        route(location.pluginGone(gone))
        if gone.roles.contains(PluginRole.renderer), !router.has(role: PluginRole.renderer) {
            frames.lastRendererGone(reason)
        }
        announceGone(gone, reason: reason, requestsMoved: moved)
        dispatchWaiting()
    }
}
