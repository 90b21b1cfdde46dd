import Foundation
import Logging
import MapEngine
import MapWireBus
import MapWireProtocol
import MapWirePluginKit
import MapWireSession

/// The core process: binds the control ROUTER and the events XPUB, owns the map, routes requests to
/// plugins and runs frames. Everything happens on the thread that calls `run()` (a blocking
/// zmq_poll loop, never on the cooperative pool), so the map and sockets need no locks.
public final class CoreServer: MapEnvironment {
    let configuration: CoreConfiguration
    let logger: Logger
    let context = ZMQContext()
    let router: ZMQSocket
    let publisher: EventPublisher
    let epoch = UInt64.random(in: 1...UInt64.max)
    var map: Map!
    var registry = PluginRegistry()
    var requests = RequestRouter()
    var frameDueMillis: Int64?
    var lastFrameMillis: Int64 = 0
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
    var nextHeartbeatMillis: Int64 = 0
    var nextControlID: UInt64 = 1 << 62
    var frameInFlight: FrameInFlight?
    /// should-remove-style-image questions waiting for an answer: request id → image id and deadline.
    var imageQuestions: [UInt64: (imageID: String, deadlineMillis: Int64)] = [:]
    /// Why the current style failed, for commands that need a loaded style.
    var lastStyleError: String?
    var snapshotWaiters: [SnapshotWaiter] = []
    /// The running bench-requests run (`mapwire bench`), if any.
    var benchRun: BenchRequestRun?
    /// Gesture claims of plugins, newest first (see CoreServer+Gestures.swift).
    var gestureClaims: [GestureClaim] = []
    /// The gesture going through the dispatch chain, and those waiting for it to finish.
    var gestureInFlight: GestureInFlight?
    var gestureQueue: [QueuedGesture] = []
    /// The latest load status per target (publish-load-status), for get-load-status.
    var loadStatuses = LoadStatusTable()
    /// Resource keys each renderer has been sent (their bytes need not travel again).
    var sentKeys: [Data: Set<String>] = [:]
    /// Messages that could not be handled (malformed, unknown, out of place), for logs and tests.
    public internal(set) var rejectedMessages = 0
    /// Counters and the last style URI, for get-state (CoreServer+State.swift).
    var health = CoreHealth()
    /// Admits CurveZMQ clients on the TCP endpoints; nil without --tcp (CoreServer+TCP.swift).
    var zap: ZAPHandler?
    /// Plugins a send found unreachable (their connection is gone), forgotten after the current step.
    var unreachablePlugins: Set<Data> = []

    /// Binds the sockets in the run directory. Throws when the folder is unsafe or a core already answers there.
    public init(configuration: CoreConfiguration, logger: Logger) throws {
        self.configuration = configuration
        self.logger = logger
        let dir = configuration.runDirectory
        try dir.prepare()
        if ControlClient.coreAnswers(at: dir.controlEndpoint) {
            throw CoreStartError.alreadyRunning(dir.path)
        }
        // A socket file left by a core that died is stale: nothing answers it.
        unlink(dir.path + "/control")
        unlink(dir.path + "/events")
        router = try ZMQSocket(context, type: .router)
        try router.setRouterMandatory(true)
        try router.setHighWaterMarks(send: 100_000, receive: 100_000)
        try router.setMaxMessageSize(configuration.maxMessageBytes)
        try router.bind(dir.controlEndpoint)
        let xpub = try ZMQSocket(context, type: .xpub)
        publisher = try EventPublisher(socket: xpub, epoch: epoch, mapID: configuration.mapID,
                                       highWaterMark: configuration.eventsHighWaterMark)
        try xpub.bind(dir.eventsEndpoint)
        requests.maxAttempts = 1 + max(0, configuration.requestRetries)
        if let tcp = configuration.tcp { try bindTCP(tcp) }
        map = Map(environment: self, size: ViewportSize(width: configuration.initialWidth, height: configuration.initialHeight))
    }

    /// A handle another thread (a signal handler) can use to stop the loop.
    public var stopHandle: CoreStopHandle { CoreStopHandle(context: context) }

    /// Runs until stopped through `stopHandle`.
    public func run() throws {
        logger.info("listening", metadata: ["control": "\(configuration.runDirectory.controlEndpoint)",
                                            "events": "\(configuration.runDirectory.eventsEndpoint)"])
        var poller = ZMQPoller([router, publisher.socket] + (zap.map { [$0.socket] } ?? []))
        while true {
            guard let ready = pollOnce(&poller) else { break }
            if ready[0] { drainControl() }
            if ready[1] { handleSubscriptions() }
            if ready.count > 2, ready[2] { zap?.handlePending() }
            runTimers()
            forgetUnreachablePlugins()
        }
        router.close()
        publisher.socket.close()
        zap?.socket.close()
        // libzmq unlinks ipc files only when its I/O thread gets to it; do it now so a stopped core
        // leaves no socket behind.
        unlink(configuration.runDirectory.path + "/control")
        unlink(configuration.runDirectory.path + "/events")
        logger.info("stopped")
    }

    // MARK: Loop

    /// One poll; nil once the context is shut down (the stop signal).
    private func pollOnce(_ poller: inout ZMQPoller) -> [Bool]? {
        do { return try poller.poll(timeoutMilliseconds: pollTimeout()) }
        catch {
            if !error.terminated { logger.error("poll failed: \(error)") }
            return nil
        }
    }

    private func pollTimeout() -> Int {
        let now = monotonicMillis()
        var next = nextHeartbeatMillis
        if let due = frameDueMillis, frameInFlight == nil { next = min(next, due) }
        if let frame = frameInFlight { next = min(next, frame.deadlineMillis) }
        if let deadline = requests.earliestDeadline { next = min(next, deadline) }
        if isAnimating { next = min(next, nextAnimationMillis) }
        if let deadline = gestureInFlight?.waiting?.deadlineMillis { next = min(next, deadline) }
        return Int(max(0, min(next - now, 1000)))
    }

    /// Handles what is queued, a bounded batch at a time so timers and frames keep running under load.
    private func drainControl() {
        for _ in 0..<1000 {
            let frames: [Data]?
            do { frames = try router.receive(dontWait: true) }
            catch { logger.warning("control receive failed: \(error)"); return }
            guard let frames else { return }
            handleControl(frames)
        }
    }

    private func runTimers() {
        let now = monotonicMillis()
        if now >= nextHeartbeatMillis {
            nextHeartbeatMillis = now + Int64(configuration.heartbeatIntervalMilliseconds)
            heartbeatPlugins(now: now)
        }
        retryTimedOutAttempts(now: now)
        for id in requests.expired(now: now) {
            logger.warning("request timed out", metadata: ["id": "\(id)"])
            health.requestsTimedOut += 1
            map.resourceFinished(id, .failure(.other, "no answer within \(configuration.requestTimeoutMilliseconds) ms"))
        }
        checkFrameDeadline(now: now)
        expireImageQuestions(now: now)
        checkGestureDeadline(now: now)
        checkBenchDeadlines(now: now)
        tickAnimation(now: now)
        if let due = frameDueMillis, now >= due, frameInFlight == nil {
            frameDueMillis = nil
            lastFrameMillis = now
            runFrame()
        }
    }

    // MARK: MapEnvironment

    public func publish(_ event: MapEvent) {
        publisher.publish(event.payload)
        if case .sourceRemoved(let id) = event { loadStatuses.sourceRemoved(id) }
        if case .mapLoadingError(let error) = event, error.kind == .style {
            lastStyleError = error.message
            failAllSnapshots("the style failed to load: \(error.message)")
        }
    }

    /// Publishes an event of the core's own (gestures, viewport, location).
    func publish(_ payload: Mapwire_V1_Envelope.OneOf_Payload) {
        publisher.publish(payload)
    }

    public func load(_ load: ResourceLoad) {
        let request = Mapwire_V1_PluginRequest.with {
            $0.id = load.id
            $0.loadResource = load.protocolValue
        }
        let timeout = Int64(configuration.requestTimeoutMilliseconds)
        requests.add(request, role: PluginRole.loader, deadlineMillis: monotonicMillis() + timeout,
                     attemptMillis: max(1, timeout / Int64(requests.maxAttempts)))
        dispatchWaiting()
    }

    public func cancel(_ loadID: UInt64) {
        guard let plugin = requests.remove(loadID)?.plugin else { return }
        let cancel = Mapwire_V1_PluginRequest.with {
            $0.id = takeControlID()
            $0.cancel = .with { $0.requestID = loadID }
        }
        send(.with { $0.request = cancel }, to: plugin)
    }

    public func frameNeeded() {
        guard frameDueMillis == nil else { return }
        frameDueMillis = max(monotonicMillis(), lastFrameMillis + Int64(configuration.frameIntervalMilliseconds))
    }

    // MARK: Plugins

    /// Sends every request that waits for a plugin to the next plugin of its role.
    func dispatchWaiting() {
        let now = monotonicMillis()
        let limit = configuration.maxInFlightPerPlugin
        var busyRoles: Set<String> = []
        for id in requests.waiting {
            // Each plugin gets at most `limit` unanswered requests: the rest wait here, so a plugin that
            // dies or hangs takes few with it and the others of its role pick up the queue.
            guard let entry = requests.entry(id), !busyRoles.contains(entry.role) else { continue }
            guard let plugin = registry.next(for: entry.role, where: { requests.inFlight(for: $0.identity) < limit }) else {
                busyRoles.insert(entry.role)
                continue
            }
            guard let request = requests.assign(id, to: plugin.identity, now: now) else { continue }
            health.requestsSent += 1
            send(.with { $0.request = request }, to: plugin.identity)
        }
    }

    func heartbeatPlugins(now: Int64) {
        let cutoff = now - 3 * Int64(configuration.heartbeatIntervalMilliseconds)
        for plugin in registry.silent(since: cutoff) {
            logger.warning("plugin stopped answering", metadata: ["plugin": "\(plugin.id)"])
            pluginGone(plugin.identity, reason: .heartbeatTimeout)
        }
        let beat = Mapwire_V1_ControlMessage.with {
            $0.heartbeat = .with { $0.epoch = epoch; $0.sentUnixNanos = unixNanosNow() }
        }
        for identity in registry.plugins.keys { send(beat, to: identity) }
    }

    /// Forgets a plugin; its unanswered requests go to another plugin of the role (or wait for one).
    func pluginGone(_ identity: Data, reason: Mapwire_V1_PluginGone.Reason = .goodbye) {
        guard let gone = registry.remove(identity) else { return }
        sentKeys[identity] = nil
        gesturePluginGone(gone)
        locationPluginGone(gone)
        let moved = requests.unassignAll(from: identity)
        announceGone(gone, reason: reason, requestsMoved: moved)
        dispatchWaiting()
        if frameInFlight?.plugin == identity { abandonFrame("the renderer went away") }
    }

    func send(_ message: Mapwire_V1_ControlMessage, to identity: Data) {
        do { try router.send([identity, ControlCodec.encode(message)], dontWait: true) }
        catch {
            // EHOSTUNREACH: the peer's connection is gone. A plugin is forgotten once the current step
            // is over (not here: this may run in the middle of dispatching).
            logger.debug("send to peer failed: \(error)")
            if error.code == EHOSTUNREACH, registry.plugins[identity] != nil { unreachablePlugins.insert(identity) }
        }
    }

    func takeControlID() -> UInt64 {
        nextControlID += 1
        return nextControlID
    }
}

/// Stops a running core from any thread.
public struct CoreStopHandle: Sendable {
    let context: ZMQContext
    public func stop() { context.shutdown() }
}

public enum CoreStartError: Error, CustomStringConvertible {
    case alreadyRunning(String)
    case tcpUnavailable(String)

    public var description: String {
        switch self {
        case .alreadyRunning(let path): "another core already answers in \(path); stop it or use another --run-dir"
        case .tcpUnavailable(let why): "cannot listen on TCP: \(why)"
        }
    }
}

/// The role names of PROTOCOL.md.
public enum PluginRole {
    public static let loader = "loader"
    public static let renderer = "renderer"
    public static let styleImageRemover = "style-image-remover"
    /// Asked about every gesture no claimant handled, before the map's default.
    public static let gestureDelegate = "gesture-delegate"
    /// Asked whether a gesture may move the camera.
    public static let cameraVeto = "camera-veto"
    public static let loadStatus = "load-status"
    /// Sends location fixes (update-location) and source failures (report-location-failure).
    public static let location = "location"
}
