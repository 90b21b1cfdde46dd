import MapWireBus
import MapWireSession

/// How a core runs.
public struct CoreConfiguration: Sendable {
    public var runDirectory: RunDirectory
    /// The id events carry in their envelope.
    public var mapID: String
    /// How often heartbeats go both ways; a plugin silent for 3 intervals is gone.
    public var heartbeatIntervalMilliseconds: Int
    /// How long a request to a plugin may take before it fails with a timeout.
    public var requestTimeoutMilliseconds: Int
    /// How long a renderer may take to draw a frame before the core draws again without it.
    public var renderTimeoutMilliseconds = CoreConfiguration.defaults.renderTimeoutMilliseconds
    /// How long a gesture claimant or the gesture delegate may take to answer before the core takes
    /// the gesture as not handled by it (gestures must feel immediate, so this is short).
    public var gestureTimeoutMilliseconds = CoreConfiguration.defaults.gestureTimeoutMilliseconds
    /// How long the camera-veto plugin may take before a gesture's camera change is applied anyway.
    public var vetoTimeoutMilliseconds = CoreConfiguration.defaults.vetoTimeoutMilliseconds
    /// The shortest time between two frames (60 frames per second).
    public var frameIntervalMilliseconds: Int
    public var initialWidth: Int
    public var initialHeight: Int
    /// How often a request to a plugin is sent again after an attempt got no answer. The attempts
    /// share `requestTimeoutMilliseconds` evenly; a plugin that goes away does not use up an attempt.
    public var requestRetries = CoreConfiguration.defaults.requestRetries
    /// Unanswered requests one plugin may hold; more wait in the core for the first plugin of the role
    /// with room (PROTOCOL.md 7.4).
    public var maxInFlightPerPlugin = CoreConfiguration.defaults.maxInFlightPerPlugin
    /// Requests in a row that may time out at one plugin before it is treated as gone (0: never).
    public var unresponsiveAfterTimeouts = CoreConfiguration.defaults.unresponsiveAfterTimeouts
    /// For this long after its hello, a plugin's timeouts do not count toward the unresponsive rule.
    public var unresponsiveGraceMilliseconds = CoreConfiguration.defaults.unresponsiveGraceMilliseconds
    /// Largest control message accepted. Up to twice this is read, refused unread, counted and answered
    /// with an error; past that libzmq drops the peer's connection at the message's header (PROTOCOL.md 3.3).
    public var maxMessageBytes = CoreConfiguration.defaultMaxMessageBytes
    /// Events queued per subscriber before further events are dropped for that subscriber.
    public var eventsHighWaterMark = CoreConfiguration.defaultEventsHighWaterMark
    /// Start offline (`--offline`, PROTOCOL.md 7.8).
    public var startsOffline = CoreConfiguration.defaults.startsOffline
    /// The map's tint colour (CSS): annotations' default stroke and fill colour (PROTOCOL.md 7.10).
    public var annotationTint = CoreConfiguration.defaults.annotationTint
    /// Off by default: TCP endpoints with CurveZMQ and a client allow-list (PROTOCOL.md 2.4).
    public var tcp: CoreTCPConfiguration?

    public init(runDirectory: RunDirectory, mapID: String = CoreConfiguration.defaults.mapID,
                heartbeatIntervalMilliseconds: Int = CoreConfiguration.defaults.heartbeatIntervalMilliseconds,
                requestTimeoutMilliseconds: Int = CoreConfiguration.defaults.requestTimeoutMilliseconds,
                frameIntervalMilliseconds: Int = CoreConfiguration.defaults.frameIntervalMilliseconds,
                initialWidth: Int = CoreConfiguration.defaults.initialWidth, initialHeight: Int = CoreConfiguration.defaults.initialHeight) {
        self.runDirectory = runDirectory
        self.mapID = mapID
        self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
        self.requestTimeoutMilliseconds = requestTimeoutMilliseconds
        self.frameIntervalMilliseconds = frameIntervalMilliseconds
        self.initialWidth = initialWidth
        self.initialHeight = initialHeight
    }
}

extension CoreConfiguration {
    /// The session's defaults, where each default the session and the core share is written once (the core's
    /// options and `mapwire-core`'s flags start from them).
    public static let defaults = SessionConfiguration()
    /// The defaults only the core's sockets have.
    public static let defaultMaxMessageBytes: Int64 = 64 << 20
    public static let defaultEventsHighWaterMark: Int32 = 200_000

    /// Whether `css` is a colour the core accepts (for --annotation-tint).
    public static func isCSSColor(_ css: String) -> Bool { SessionConfiguration.isCSSColor(css) }

    /// What libzmq may read of one control message (ZMQ_MAXMSGSIZE): twice the limit, so that a message
    /// over the limit but not absurdly so reaches the loop, which counts it and tells the sender (-1: no cap).
    var controlReceiveCap: Int64 {
        maxMessageBytes > Int64.max / 2 ? -1 : maxMessageBytes * 2
    }

    /// What the session needs of it.
    func session(epoch: UInt64) -> SessionConfiguration {
        var session = SessionConfiguration(
            mapID: mapID, epoch: epoch, eventsEndpoint: runDirectory.eventsEndpoint,
            heartbeatIntervalMilliseconds: heartbeatIntervalMilliseconds, requestTimeoutMilliseconds: requestTimeoutMilliseconds,
            renderTimeoutMilliseconds: renderTimeoutMilliseconds, gestureTimeoutMilliseconds: gestureTimeoutMilliseconds,
            vetoTimeoutMilliseconds: vetoTimeoutMilliseconds, frameIntervalMilliseconds: frameIntervalMilliseconds,
            initialWidth: initialWidth, initialHeight: initialHeight, requestRetries: requestRetries,
            maxInFlightPerPlugin: maxInFlightPerPlugin)
        session.unresponsiveAfterTimeouts = unresponsiveAfterTimeouts
        session.unresponsiveGraceMilliseconds = unresponsiveGraceMilliseconds
        session.startsOffline = startsOffline
        session.annotationTint = annotationTint
        // A DescribeAnnotations stays well under the message limit (and within the session's default), and so
        // does the delegate's answer.
        session.annotationBatchBytes = Int(clamping: min(Int64(session.annotationBatchBytes), max(1024, maxMessageBytes / 4)))
        return session
    }
}

/// The opt-in TCP transport: control on `controlEndpoint`, events on `eventsEndpoint`, both CurveZMQ
/// servers with `serverKeys`, admitting only the client public keys in `allowedClientKeys`.
public struct CoreTCPConfiguration: Sendable {
    public var controlEndpoint: String
    public var eventsEndpoint: String
    public var serverKeys: CurveKeyPair
    public var allowedClientKeys: [String]

    public init(controlEndpoint: String, eventsEndpoint: String, serverKeys: CurveKeyPair, allowedClientKeys: [String]) {
        self.controlEndpoint = controlEndpoint
        self.eventsEndpoint = eventsEndpoint
        self.serverKeys = serverKeys
        self.allowedClientKeys = allowedClientKeys
    }
}
