import Foundation
import Logging
import MapEngine
import MapWireProtocol

/// Everything the core knows, without a socket: the map, the plugins, the requests in flight, the
/// viewport, tracking, gestures, frames and counters. A step function: `step(_:at:)` takes one input and
/// the time, and leaves what to do in `outputs` (drained by the shell) and when to step again in
/// `nextDeadlineMillis`. It never reads a clock, never blocks and never calls the shell.
///
/// Not Sendable: one thread (the shell's loop, or a test) owns a session.
public final class CoreSession: MapEnvironment {
    // The request path's state below is read and changed without dynamic exclusivity checks
    // (`@exclusivity(unchecked)`): a session is owned by one thread, and no access to one of these
    // overlaps another access to the same property (closures passed while one is being changed touch
    // others: `registry.next`'s load reads `requests`). The checks were about 24 a request, ≈ 2,000
    // instructions with their thread-local look-ups (BENCHMARKS.md, sixth pass).
    let configuration: SessionConfiguration
    let logger: Logger
    var epoch: UInt64 { configuration.epoch }
    var map: Map!
    @exclusivity(unchecked) var registry = PluginRegistry()
    /// Every request to a plugin that has no answer yet, whatever its kind (PendingRequests.swift).
    @exclusivity(unchecked) var requests = PendingRequests()
    /// Failed loads that are tried again, and whether the core is online (CoreSession+Network.swift).
    var retries = NetworkRetries()
    var online = true
    /// What to do, in order; the shell drains it after each step (kept allocated between steps).
    @exclusivity(unchecked) public internal(set) var outputs: [SessionOutput] = []

    // The time of the current step.
    var now: Int64 = 0
    var wallNanos: Int64 = 0
    var monotonicNanos: UInt64 = 0

    /// Events published so far: the last sequence number.
    var sequence: UInt64 = 0
    /// Subscribers connected now: each subscribes once to "" or to "welcome" (see PROTOCOL.md).
    var subscribers = 0
    var malformedSubscriptions = 0
    /// Subscriptions to exactly "command": while any is held, commands and replies are published (CoreSession+CommandTap.swift).
    var commandTapSubscriptions = 0
    var connectionsRefused = 0

    var frameDueMillis: Int64?
    /// Until when the next frame waits for the glyphs the renderer just asked for (CoreSession+Frames.swift).
    var glyphWaitUntilMillis: Int64?
    var lastFrameMillis: Int64 = 0
    /// The frame being drawn (frames go one at a time).
    var frameRequestID: UInt64?
    /// When the running camera animation takes its next step.
    var nextAnimationMillis: Int64 = 0
    /// The viewport (seed 001): states that drive the camera, stepped by the animation tick.
    var viewport = ViewportController()
    /// The last target announced with viewport-target-camera, so only changes are published.
    var lastViewportTarget: Camera?
    /// Whether the user's location is shown and how the camera tracks it (seed 004).
    var tracking = UserTracking()
    /// When the last location fix arrived, to pace the tracking camera.
    var lastLocationMillis: Int64?
    /// The location plugin's last reported authorization, so only changes are published.
    var locationAuthorization: Mapwire_V1_DidChangeLocationManagerAuthorization?
    var nextHeartbeatMillis: Int64 = 0
    /// Ids of requests to plugins (random: RequestIDs.swift).
    @exclusivity(unchecked) var requestIDs: RequestIDs
    /// The request id of each map load in flight (the map numbers its loads 1, 2, ...; the wire never
    /// sees those numbers).
    var loadRequestIDs: [UInt64: UInt64] = [:]
    /// Why the current style failed, for commands that need a loaded style.
    var lastStyleError: String?
    var snapshotWaiters: [SnapshotWaiter] = []
    /// Views (render-view) waiting for tiles or a renderer, by view id (CoreSession+Views.swift).
    var viewJobs: [UInt64: ViewJob] = [:]
    /// Render-views without a camera: the map's own frame (CoreSession+MapFrameViews.swift).
    var mapFrameViews = MapFrameViews()
    var nextViewID: UInt64 = 1
    /// The large set-style-json being parsed off the loop, and the last parse job's number (CoreSession+StyleParse.swift).
    var styleParse: StyleParseWaiter?
    var nextStyleParseJob: UInt64 = 0
    /// The running bench-requests run (`mapwire bench`), if any.
    @exclusivity(unchecked) var benchRun: BenchRequestRun?
    /// Gesture claims of plugins, newest first (see CoreSession+Gestures.swift).
    var gestureClaims: [GestureClaim] = []
    /// The gesture going through the dispatch chain, and those waiting for it to finish.
    var gestureInFlight: GestureInFlight?
    var gestureQueue: [QueuedGesture] = []
    /// Annotations and the selection (CoreSession+Annotations.swift).
    var annotations = AnnotationStore()
    /// The last annotation overlay sent in frames, by the store's revision (CoreSession+AnnotationFrames.swift).
    var annotationOverlay = AnnotationOverlayCache()
    /// The user-location puck's colours: the annotation delegate's answer or the defaults.
    var puckColors = PuckColors.defaults
    /// The latest load status per target (publish-load-status), for get-load-status.
    var loadStatuses = LoadStatusTable()
    /// Resource keys each renderer has been sent (their bytes need not travel again).
    var sentKeys: [Data: Set<String>] = [:]
    /// Why the last renderer went, when it failed (not a goodbye) and none is registered since: frames
    /// are then not drawn rather than drawn by nobody on purpose (CoreSession+Frames.swift).
    var rendererLost: Mapwire_V1_PluginGone.Reason?
    var rendererLossReported = false
    /// Keys of resources the renderer could not use that were reported for the current style.
    var reportedUnusable: Set<String> = []
    /// Messages that could not be handled (malformed, unknown, out of place), for logs and tests.
    public internal(set) var rejectedMessages = 0
    /// Counters and the last style URI, for get-state (CoreSession+State.swift).
    @exclusivity(unchecked) var health = CoreHealth()
    /// Which command caused the events published now (CoreSession+Causation.swift).
    var handlingCommand: UInt64 = 0
    var styleCausation: UInt64 = 0
    var cameraCausation: UInt64 = 0

    public init(configuration: SessionConfiguration, logger: Logger, requestIDs: RequestIDs, at time: SessionTime) {
        self.configuration = configuration
        self.logger = logger
        self.requestIDs = requestIDs
        setTime(time)
        lastFrameMillis = now
        nextHeartbeatMillis = now
        map = Map(environment: self, size: ViewportSize(width: configuration.initialWidth, height: configuration.initialHeight))
        if configuration.startsOffline {
            applyNetworkStatus(online: false)
            publish(.networkStatusChanged(.with { $0.status = .offline }))
        }
    }

    // MARK: Step

    /// Handles one input at `time`; what to do is appended to `outputs`.
    public func step(_ input: SessionInput, at time: SessionTime) {
        setTime(time)
        switch input {
        case .control(let identity, let incoming, let bytes):
            handleControl(from: identity, incoming, bytes: bytes)
        case .malformed(let identity, let frames):
            reject(identity: identity, .malformed, "a control message is one frame (got \(max(0, frames - 1)))")
        case .tooLarge(let identity, let bytes, let limit, let head):
            refuseTooLarge(from: identity, bytes: bytes, limit: limit, head: head)
        case .tick:
            runTimers()
        case .unreachable(let identity):
            guard registry.plugins[identity] != nil else { return }
            logger.warning("plugin connection gone", metadata: ["plugin": "\(registry.plugins[identity]?.id ?? "?")"])
            pluginGone(identity, reason: .disconnected)
        case .subscription(let frame):
            handleSubscription(frame)
        case .connectionRefused(let reason):
            connectionsRefused += 1
            logger.warning("refused a TCP connection: \(reason)")
        case .styleParsed(let job, let result):
            styleParsed(job: job, result)
        }
        // Tiles or glyphs that arrived may complete a view; a view past its deadline fails.
        advanceViews()
    }

    /// Hands every output to `body`, in order, and empties the buffer (keeping its storage).
    public func drainOutputs(_ body: (SessionOutput) -> Void) {
        for output in outputs { body(output) }
        outputs.removeAll(keepingCapacity: true)
    }

    /// When the session next has something to do on its own (monotonic ms): the shell steps it with
    /// `.tick` then, or earlier when input arrives.
    public var nextDeadlineMillis: Int64 {
        var next = nextHeartbeatMillis
        if let due = frameDueMillis, frameRequestID == nil { next = min(next, max(due, frameHeldUntil ?? due)) }
        if let deadline = requests.earliestDeadline() { next = min(next, deadline) }
        if let due = retries.earliestDue { next = min(next, due) }
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
        var timedOutAt = retryTimedOutAttempts(now: now)
        for entry in requests.expired(now: now) {
            logger.warning("request timed out", metadata: ["id": "\(entry.id)"])
            health.requestsTimedOut += 1
            if let plugin = entry.plugin { timedOutAt.append(plugin) }
            resolve(entry, .failed("no answer within \(entry.policy.timeoutMillis) ms"))
        }
        noteTimeouts(at: timedOutAt)
        sendDueRetries()
        dispatchWaiting()
        tickAnimation(now: now)
        if let due = frameDueMillis, now >= due, frameRequestID == nil, frameHeldUntil == nil {
            frameDueMillis = nil
            lastFrameMillis = now
            runFrame()
        }
    }

    // MARK: Outputs

    func send(_ message: Mapwire_V1_ControlMessage, to identity: Data) {
        outputs.append(.send(message, to: identity))
        tapReply(message)
    }

    /// Publishes an event of the core's own (gestures, viewport, location, plugins).
    func publish(_ payload: Mapwire_V1_Envelope.OneOf_Payload, causedBy causation: UInt64? = nil) {
        publishEvent(.message(payload), causedBy: causation)
    }

    /// Publishes an event: the map's frequent ones in the engine's values (EventPayload).
    func publishEvent(_ payload: EventPayload, causedBy causation: UInt64? = nil) {
        sequence += 1
        outputs.append(.publish(payload, sequence: sequence, causationID: causation ?? handlingCommand))
    }

    /// A fresh request id, unguessable and not in use.
    func takeRequestID() -> UInt64 {
        requestIDs.next(avoiding: { requests.contains($0) })
    }

    // MARK: MapEnvironment

    public func publish(_ event: MapEvent) {
        if case .mapWillStartLoading = event { reportedUnusable = [] }
        publishEvent(EventPayload(event), causedBy: causation(of: event))
        if case .sourceRemoved(let id) = event { loadStatuses.sourceRemoved(id) }
        if case .mapLoadingError(let error) = event, error.kind == .style {
            lastStyleError = error.message
            failAllSnapshots("the style failed to load: \(error.message)")
        }
    }

    public func load(_ load: ResourceLoad) {
        addLoadRequest(load)
        dispatchWaiting()
    }

    public func cancel(_ loadID: UInt64) {
        // A load waiting for a retry is no longer tried; one whose retry is under way is cancelled below.
        retries.remove(loadID)
        guard let requestID = loadRequestIDs.removeValue(forKey: loadID),
              let plugin = requests.remove(requestID)?.plugin else { return }
        let cancel = Mapwire_V1_PluginRequest.with {
            $0.id = takeRequestID()
            $0.cancel = .with { $0.requestID = requestID }
        }
        send(.with { $0.request = cancel }, to: plugin)
    }

    public func frameNeeded() {
        guard frameDueMillis == nil else { return }
        frameDueMillis = max(now, lastFrameMillis + Int64(configuration.frameIntervalMilliseconds))
    }

    // MARK: Plugins

    func heartbeatPlugins(now: Int64) {
        let cutoff = now - 3 * Int64(configuration.heartbeatIntervalMilliseconds)
        for plugin in registry.silent(since: cutoff) {
            logger.warning("plugin stopped answering", metadata: ["plugin": "\(plugin.id)"])
            pluginGone(plugin.identity, reason: .heartbeatTimeout)
        }
        let beat = Mapwire_V1_ControlMessage.with {
            $0.heartbeat = .with { $0.epoch = epoch; $0.sentUnixNanos = wallNanos }
        }
        for identity in registry.plugins.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) { send(beat, to: identity) }
    }

    /// Forgets a plugin; its unanswered requests go to another plugin of the role (or wait for one, or
    /// fail, as their policy says).
    func pluginGone(_ identity: Data, reason: Mapwire_V1_PluginGone.Reason = .goodbye) {
        guard let gone = registry.remove(identity) else { return }
        sentKeys[identity] = nil
        gestureClaims.removeAll { $0.owner == gone.id }
        locationPluginGone(gone)
        if gone.roles.contains(PluginRole.renderer), !registry.has(role: PluginRole.renderer) {
            rendererLost = reason == .goodbye ? nil : reason
            rendererLossReported = false
        }
        let moved = requests.unassignAll(from: identity)
        announceGone(gone, reason: reason, requestsMoved: moved.count)
        dispatchWaiting()
    }
}
