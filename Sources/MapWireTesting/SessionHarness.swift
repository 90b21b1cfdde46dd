import Foundation
import Logging
import MapWireNumerics
import MapWireProtocol
import MapWireSession
import Testing

/// A session on a hand-advanced clock, with everything it sent and published recorded.
/// No sockets, no processes, no sleeps: time moves only through `advance`.
public final class SessionHarness {
    public let session: CoreSession
    public let log = LogRecorder()
    /// Monotonic milliseconds of the hand clock (starts at 1 s so deadlines are never negative).
    public private(set) var clock: Int64 = 1000
    /// Every message the session sent, in order.
    public private(set) var sent: [(to: Data, message: Mapwire_V1_ControlMessage)] = []
    /// Every event the session published, with its sequence number.
    public private(set) var published: [(payload: Mapwire_V1_Envelope.OneOf_Payload, sequence: UInt64, causationID: UInt64)] = []
    /// How the shell's own requests (`SessionInput.requests`) ended, in order.
    public private(set) var finishedRequests: [ShellRequestFinished] = []
    /// Runs after each step's outputs are recorded (a test's stand-in for a shell extension).
    public var afterStep: (() -> Void)?
    /// Styles the session handed out to parse off the loop; a test runs them with `step(job.run())`.
    public private(set) var styleParseJobs: [StyleParseJob] = []
    private var nextPeer = 1

    public static let wallOffset: Int64 = 1_800_000_000_000_000_000

    public init(_ configure: (inout SessionConfiguration) -> Void = { _ in }) {
        var configuration = SessionConfiguration(mapID: "test-map", epoch: 42, eventsEndpoint: "ipc:///test/events")
        configure(&configuration)
        let recorder = log
        session = CoreSession(configuration: configuration,
                              logger: Logger(label: "session-test", factory: { _ in RecordingLogHandler(recorder) }),
                              requestIDs: RequestIDs(SeededRandom(seed: 14)),
                              at: SessionTime(monotonicNanos: 1_000_000_000, unixNanos: Self.wallOffset + 1_000_000_000))
        step(.tick)
    }

    public var time: SessionTime {
        SessionTime(monotonicNanos: UInt64(clock) * 1_000_000, unixNanos: Self.wallOffset + clock * 1_000_000)
    }

    public func step(_ input: SessionInput) {
        session.step(input, at: time)
        session.drainOutputs { output in
            // What the shell writes for a request (a load from its plain body, `OutgoingRequest.plainLoad`) reads back as it.
            if case .sendRequest(let request, _) = output { #expect((try? ControlCodec.decode(request.encoded())) == request.message) }
            switch output {
            case .send(let message, let to): sent.append((to, message))
            case .sendRequest(let request, let to): sent.append((to, request.message))
            case .publish(let payload, let sequence, let causationID): published.append((payload.protobuf, sequence, causationID))
            case .requestFinished(let request): finishedRequests.append(request)
            case .parseStyle(let job): styleParseJobs.append(job)
            }
        }
        afterStep?()
    }

    /// Moves the clock on by `millis` and lets the session act on it.
    public func advance(_ millis: Int64) {
        clock += millis
        step(.tick)
    }

    /// Sets the clock back by `millis` (a shell's clock must not do this; the session must survive it).
    public func rewind(_ millis: Int64) {
        clock -= millis
    }

    /// Moves the clock on in ticks of `by` ms until `until` holds (at most `limit` ms): how the shell
    /// wakes the session at its deadlines.
    public func advance(until done: () -> Bool, by step: Int64 = 16, limit: Int64 = 60_000) {
        var waited: Int64 = 0
        while !done(), waited < limit {
            advance(step)
            waited += step
        }
    }

    public func deliver(_ message: Mapwire_V1_ControlMessage, from identity: Data) {
        step(.message(from: identity, bytes: ControlCodec.encode(message)))
    }

    /// A client (no hello) that sends commands and reads replies.
    public func client() -> Data {
        defer { nextPeer += 1 }
        return Data("client-\(nextPeer)".utf8)
    }

    /// A plugin that has said hello.
    public func plugin(_ name: String, roles: [String]) -> FakePlugin {
        defer { nextPeer += 1 }
        let plugin = FakePlugin(harness: self, identity: Data("\(name)-peer-\(nextPeer)".utf8))
        plugin.hello(name: name, roles: roles)
        return plugin
    }

    /// Sends a command and returns its reply (nil when the session answers later).
    /// The id of the last command sent with `command`.
    public private(set) var lastCommandID: UInt64 = 0

    @discardableResult
    public func command(_ kind: Mapwire_V1_Command.OneOf_Kind, from client: Data? = nil) -> Mapwire_V1_CommandReply? {
        let from = client ?? Data("commander".utf8)
        lastCommandID += 1
        let id = lastCommandID
        deliver(.with { $0.command = .with { $0.id = id; $0.kind = kind } }, from: from)
        return reply(to: id, for: from)
    }

    public func reply(to commandID: UInt64, for client: Data) -> Mapwire_V1_CommandReply? {
        sent.lazy.filter { $0.to == client }.compactMap { entry -> Mapwire_V1_CommandReply? in
            if case .commandReply(let r) = entry.message.body, r.id == commandID { r } else { nil }
        }.first
    }

    /// Messages sent to `identity`, in order.
    public func messages(to identity: Data) -> [Mapwire_V1_ControlMessage] {
        sent.filter { $0.to == identity }.map(\.message)
    }

    public var topics: [String] { published.map(\.payload.topic) }

    public func events(_ topic: String) -> [Mapwire_V1_Envelope.OneOf_Payload] {
        published.map(\.payload).filter { $0.topic == topic }
    }

    public var state: Mapwire_V1_CoreStateSnapshot {
        command(.getState(.init()))?.state ?? .init()
    }

    public var camera: Mapwire_V1_CameraState {
        command(.getCamera(.init()))?.camera ?? .init()
    }

    /// Loads a style with one inline vector source (tiles under https://t.test/) and no sprite or glyphs.
    public func setInlineStyle() {
        command(.setStyleJson(.with { $0.json = Fixture.style }))
    }
}

/// A loaded inline style with every tile answered and a renderer attached, its first frame sent.
public func loadedWithRenderer(_ configure: (inout SessionConfiguration) -> Void = { _ in }) -> (SessionHarness, FakePlugin, FakePlugin) {
    let h = SessionHarness(configure)
    let loader = h.plugin("loader", roles: [PluginRole.loader])
    let renderer = h.plugin("renderer", roles: [PluginRole.renderer])
    h.setInlineStyle()
    loader.answerAllLoads()
    h.advance(until: { !renderer.frames.isEmpty })
    return (h, loader, renderer)
}

/// A plugin on the other end: records the requests it got and answers them when told to.
public final class FakePlugin {
    public unowned let harness: SessionHarness
    public let identity: Data
    private var answered: Set<UInt64> = []

    public init(harness: SessionHarness, identity: Data) {
        self.harness = harness
        self.identity = identity
    }

    public func hello(name: String, roles: [String], version: UInt32 = mapWireProtocolVersion) {
        harness.deliver(.with {
            $0.hello = .with { $0.name = name; $0.roles = roles; $0.protocolVersion = version; $0.pid = 4242 }
        }, from: identity)
    }

    public var welcome: Mapwire_V1_Welcome? {
        harness.messages(to: identity).compactMap { if case .welcome(let w) = $0.body { w } else { nil } }.last
    }

    /// Every request this plugin got, in order (a re-sent request appears again).
    public var requests: [Mapwire_V1_PluginRequest] {
        harness.messages(to: identity).compactMap { if case .request(let r) = $0.body { r } else { nil } }
    }

    /// Requests it got and has not answered (cancels left out).
    public var unanswered: [Mapwire_V1_PluginRequest] {
        var seen: Set<UInt64> = []
        return requests.filter { request in
            if case .cancel = request.kind { return false }
            return !answered.contains(request.id) && seen.insert(request.id).inserted
        }
    }

    public var loads: [Mapwire_V1_PluginRequest] {
        unanswered.filter { if case .loadResource = $0.kind { true } else { false } }
    }

    public var frames: [Mapwire_V1_PluginRequest] {
        unanswered.filter { if case .renderFrame = $0.kind { true } else { false } }
    }

    public func reply(_ request: Mapwire_V1_PluginRequest, _ kind: Mapwire_V1_PluginReply.OneOf_Kind) {
        answered.insert(request.id)
        harness.deliver(.with { $0.reply = .with { $0.id = request.id; $0.kind = kind } }, from: identity)
    }

    public func answerLoad(_ request: Mapwire_V1_PluginRequest, data: Data? = nil) {
        let url = request.loadResource.request.url
        reply(request, .resource(.with {
            $0.dataSource = .network
            $0.response = .with { $0.source = .network }
            $0.data = data ?? Fixture.data(for: url)
        }))
    }

    /// Answers every load it holds, repeatedly, until none is left.
    public func answerAllLoads() {
        while let next = loads.first { answerLoad(next) }
    }

    public func answerFrame(_ request: Mapwire_V1_PluginRequest, _ fill: (inout Mapwire_V1_RenderResult) -> Void = { _ in }) {
        reply(request, .renderResult(.with {
            $0.frameID = request.renderFrame.frameID
            fill(&$0)
        }))
    }

    public func heartbeat() {
        harness.deliver(.with { $0.heartbeat = .with { $0.epoch = 42 } }, from: identity)
    }

    public func goodbye() {
        harness.deliver(.with { $0.goodbye = .init() }, from: identity)
    }
}

public enum Fixture {
    public static let tileTemplate = "https://t.test/{z}/{x}/{y}.pbf"
    public static let style = #"{"version": 8, "zoom": 1, "center": [0, 0], "sources": {"v": {"type": "vector", "tiles": ["\#(tileTemplate)"], "maxzoom": 14}}, "layers": [{"id": "roads", "type": "line", "source": "v", "source-layer": "road"}]}"#
    public static let styleURL = "https://s.test/style.json"
    public static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])

    public static func data(for url: String) -> Data {
        url == styleURL ? Data(style.utf8) : Data("bytes of \(url)".utf8)
    }
}

/// Log messages, for tests that check what the session says.
public final class LogRecorder: @unchecked Sendable {
    // @unchecked: every access to `lines` holds `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    public init() {}

    public func record(_ line: String) { lock.withLock { lines.append(line) } }
    public var messages: [String] { lock.withLock { lines } }
}

public struct RecordingLogHandler: LogHandler {
    public let recorder: LogRecorder
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    public init(_ recorder: LogRecorder) { self.recorder = recorder }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        recorder.record(event.message.description)
    }
}

extension Mapwire_V1_Envelope.OneOf_Payload {
    public var renderFinished: Mapwire_V1_RenderFrameFinished? {
        if case .renderFrameFinished(let e) = self { e } else { nil }
    }
}
