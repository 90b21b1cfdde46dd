import Foundation
import MapEngine
import MapWireProtocol

/// The time of one step, read by the shell and passed in: the session never reads a clock.
public struct SessionTime: Sendable, Equatable {
    /// A monotonic clock (timers, deadlines, round trips).
    public var monotonicNanos: UInt64
    /// Wall-clock time since the Unix epoch (timestamps and deadlines plugins read).
    public var unixNanos: Int64

    public init(monotonicNanos: UInt64, unixNanos: Int64) {
        self.monotonicNanos = monotonicNanos
        self.unixNanos = unixNanos
    }

    public var millis: Int64 { Int64(monotonicNanos / 1_000_000) }
}

/// What happens to the session: everything the shell hears from its sockets, and the passing of time.
public enum SessionInput: Sendable {
    /// One control message from the peer with this routing identity, decoded by the shell where it arrived
    /// (`IncomingControl`: a resource reply in plain fields, any other message as swift-protobuf's);
    /// `bytes` is the size of its encoded message.
    case control(from: Data, IncomingControl, bytes: Int)
    /// A control message that is not one frame; `from` is nil when not even the identity came.
    case malformed(from: Data?, frames: Int)
    /// A control message over the core's size limit (`bytes` > `limit`), refused unread: `head` is what its
    /// first bytes say (its body and the id it carries, CoreSession+MessageLimits.swift).
    case tooLarge(from: Data, bytes: Int, limit: Int, head: ControlMessageHead)
    /// Time passed: deadlines, heartbeats, animation steps and frames that are due.
    case tick
    /// A send to this peer failed because its connection is gone.
    case unreachable(Data)
    /// One message from the events socket: a (un)subscription, or something that is not one.
    case subscription(Data)
    /// The ZAP handler refused a TCP connection.
    case connectionRefused(reason: String)
    /// A style the session handed out with `.parseStyle` was parsed (StyleParseJob.run()).
    case styleParsed(job: UInt64, Result<StyleDocument, StyleError>)
    /// Requests of the shell's own (ShellRequest): one attempt each, not waiting for a plugin of the role;
    /// each ends in one `.requestFinished` output.
    case requests([ShellRequest])
}

extension SessionInput {
    /// One encoded control message, decoded as the shell decodes what it receives.
    public static func message(from identity: Data, bytes: Data) -> SessionInput {
        .control(from: identity, IncomingControl(bytes), bytes: bytes.count)
    }
}

/// What the session wants done, in order.
public enum SessionOutput: Sendable {
    case send(Mapwire_V1_ControlMessage, to: Data)
    /// A request to a plugin (every kind but frames): written by the shell from its parts (`encoded()`).
    case sendRequest(OutgoingRequest, to: Data)
    /// An event with its sequence number (a welcome carries the current one without taking a new one)
    /// and the id of the command that caused it (0: none). The frequent events come in the engine's own
    /// values (`EventPayload`); `payload.protobuf` is the message subscribers decode.
    case publish(EventPayload, sequence: UInt64, causationID: UInt64)
    /// A request of the shell's own (`SessionInput.requests`) ended.
    case requestFinished(ShellRequestFinished)
    /// A large style to parse off the loop: the shell runs the job on a thread of its own and steps the
    /// session with what it returns. A later job supersedes an earlier one (its result is dropped).
    case parseStyle(StyleParseJob)
}

/// The parse of one set-style-json too large to parse inside a step.
public struct StyleParseJob: Sendable {
    public let id: UInt64
    public let json: String
    public let baseURL: String?

    /// Parses the style (slow for a large one: call it off the loop) and returns the input to step with.
    public func run() -> SessionInput {
        .styleParsed(job: id, Result { () throws(StyleError) in try StyleDocument(data: Data(json.utf8), baseURL: baseURL) })
    }
}

/// How the session runs (the core's configuration without its sockets).
public struct SessionConfiguration: Sendable {
    public var mapID: String
    /// This run of the core: plugins key what they keep by it.
    public var epoch: UInt64
    /// Told to plugins in their welcome.
    public var eventsEndpoint: String
    public var heartbeatIntervalMilliseconds: Int
    public var requestTimeoutMilliseconds: Int
    public var renderTimeoutMilliseconds: Int
    public var gestureTimeoutMilliseconds: Int
    public var vetoTimeoutMilliseconds: Int
    /// should-remove-style-image questions (PROTOCOL.md 7.6.1).
    public var styleImageQuestionTimeoutMilliseconds = 50
    public var frameIntervalMilliseconds: Int
    public var initialWidth: Int
    public var initialHeight: Int
    public var requestRetries: Int
    public var maxInFlightPerPlugin: Int
    /// A plugin whose requests time out this many times in a row, with no answer in between, is treated
    /// as gone (plugin-gone {reason: unresponsive}); 0 never.
    public var unresponsiveAfterTimeouts = 3
    /// For this long after its hello, a plugin's timeouts do not count toward `unresponsiveAfterTimeouts`: a
    /// plugin whose runtime warms up (a JVM's first answers) is slow once, not hung.
    public var unresponsiveGraceMilliseconds = 10_000
    /// How many times a frame is sent again for a renderer's missing keys before it fails.
    public var maxMissingKeyResends = 2
    /// A set-style-json at least this long is parsed off the loop (`.parseStyle`); smaller ones in the step.
    public var styleParseOffLoopBytes = 256 * 1024
    /// The core starts offline (`mapwire-core --offline`): loads ask the cache only (PROTOCOL.md 7.8).
    public var startsOffline = false
    /// The map's tint colour (CSS): annotations' default stroke and fill (`mapwire-core --annotation-tint`).
    public var annotationTint = "#007AFF"

    /// Whether `css` is a colour the core accepts (the style's CSS colour parser).
    public static func isCSSColor(_ css: String) -> Bool { AnnotationMachine.isCSSColor(css) }
    /// The annotation delegate's deadline (DescribeAnnotations, DescribeUserLocation; PROTOCOL.md 7.10).
    public var annotationQuestionTimeoutMilliseconds = 50
    /// Annotations asked about in one DescribeAnnotations, by encoded size: well under the core's message
    /// limit so a delegate can always answer (the core sets it from --max-message-bytes).
    public var annotationBatchBytes = 1 << 20

    public init(mapID: String = "map", epoch: UInt64 = 1, eventsEndpoint: String = "",
                heartbeatIntervalMilliseconds: Int = 1000, requestTimeoutMilliseconds: Int = 30_000,
                renderTimeoutMilliseconds: Int = 10_000, gestureTimeoutMilliseconds: Int = 50,
                vetoTimeoutMilliseconds: Int = 50, frameIntervalMilliseconds: Int = 16,
                initialWidth: Int = 512, initialHeight: Int = 512, requestRetries: Int = 2, maxInFlightPerPlugin: Int = 32) {
        self.mapID = mapID
        self.epoch = epoch
        self.eventsEndpoint = eventsEndpoint
        self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
        self.requestTimeoutMilliseconds = requestTimeoutMilliseconds
        self.renderTimeoutMilliseconds = renderTimeoutMilliseconds
        self.gestureTimeoutMilliseconds = gestureTimeoutMilliseconds
        self.vetoTimeoutMilliseconds = vetoTimeoutMilliseconds
        self.frameIntervalMilliseconds = frameIntervalMilliseconds
        self.initialWidth = initialWidth
        self.initialHeight = initialHeight
        self.requestRetries = requestRetries
        self.maxInFlightPerPlugin = maxInFlightPerPlugin
    }
}
