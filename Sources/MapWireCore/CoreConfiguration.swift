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
    public var renderTimeoutMilliseconds: Int = 10_000
    /// How long a gesture claimant or the gesture delegate may take to answer before the core takes
    /// the gesture as not handled by it (gestures must feel immediate, so this is short).
    public var gestureTimeoutMilliseconds: Int = 50
    /// How long the camera-veto plugin may take before a gesture's camera change is applied anyway.
    public var vetoTimeoutMilliseconds: Int = 50
    /// The shortest time between two frames (60 frames per second).
    public var frameIntervalMilliseconds: Int
    public var initialWidth: Int
    public var initialHeight: Int
    /// How often a request to a plugin is sent again after an attempt got no answer. The attempts
    /// share `requestTimeoutMilliseconds` evenly; a plugin that goes away does not use up an attempt.
    public var requestRetries: Int = 2
    /// Unanswered requests one plugin may hold; more wait in the core for the first plugin of the role
    /// with room (PROTOCOL.md 7.4).
    public var maxInFlightPerPlugin: Int = 32
    /// Requests in a row that may time out at one plugin before it is treated as gone (0: never).
    public var unresponsiveAfterTimeouts = 3
    /// Largest control message accepted. Up to twice this is read, refused unread, counted and answered
    /// with an error; past that libzmq drops the peer's connection at the message's header (PROTOCOL.md 3.3).
    public var maxMessageBytes: Int64 = 64 << 20
    /// Events queued per subscriber before further events are dropped for that subscriber.
    public var eventsHighWaterMark: Int32 = 200_000
    /// Takes the benchmark commands (bench-publish, bench-requests); `mapwire bench` starts its core so.
    public var enableBench = false
    /// Start offline (`--offline`, PROTOCOL.md 7.8).
    public var startsOffline = false
    /// The map's tint colour (CSS): annotations' default stroke and fill colour (PROTOCOL.md 7.10).
    public var annotationTint = "#007AFF"
    /// Off by default: TCP endpoints with CurveZMQ and a client allow-list (PROTOCOL.md 2.4).
    public var tcp: CoreTCPConfiguration?

    public init(runDirectory: RunDirectory, mapID: String = "map", heartbeatIntervalMilliseconds: Int = 1000,
                requestTimeoutMilliseconds: Int = 30_000, frameIntervalMilliseconds: Int = 16,
                initialWidth: Int = 512, initialHeight: Int = 512) {
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
        session.benchEnabled = enableBench
        session.unresponsiveAfterTimeouts = unresponsiveAfterTimeouts
        session.startsOffline = startsOffline
        session.annotationTint = annotationTint
        // A DescribeAnnotations stays well under the message limit, and so does the delegate's answer.
        session.annotationBatchBytes = Int(clamping: min(Int64(1 << 20), max(1024, maxMessageBytes / 4)))
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
