import Foundation
import MapWireBus
import MapWireProtocol
import MapWireTesting
import Testing

/// PROTOCOL.md 3.3 (the transport case): a control message over `--max-message-bytes` is refused
/// unread, counted in get-state (`messages-too-large`) and answered with CODE_TOO_LARGE; the core keeps
/// serving. Past twice the limit libzmq drops the connection itself (BadInputTests).
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct OversizeMessageTests {
    @Test func aCommandOverTheLimitIsCountedAnsweredAndTheCoreKeepsServing() throws {
        let run = try TestRun()
        let core = try run.startCore(["--max-message-bytes", "65536"])
        let dealer = try ZMQSocket(type: .dealer)
        defer { dealer.close() }
        try dealer.connect(run.runDirectory.controlEndpoint)
        let big = ControlCodec.encode(.with {
            $0.command = .with { $0.id = 41; $0.setStyleJson = .with { $0.json = String(repeating: " ", count: 100_000) } }
        })
        try dealer.send([big])
        guard case .error(let error)? = nextMessage(on: dealer, within: 10)?.body else {
            Issue.record("no error came back for the oversized command")
            return
        }
        #expect(error.code == .tooLarge)
        #expect(error.inReplyTo == 41)
        #expect(error.message.contains("\(big.count) bytes") && error.message.contains("65536"))
        // The same connection goes on being served.
        try dealer.send([ControlCodec.encode(.with { $0.command = .with { $0.id = 42; $0.ping = .init() } })])
        guard case .commandReply(let pong)? = nextMessage(on: dealer, within: 10)?.body else {
            Issue.record("the ping after the oversized command got no reply")
            return
        }
        #expect(pong.id == 42 && pong.ok)
        #expect(try run.state().counters.messagesTooLarge == 1)
        #expect(try run.state().counters.malformedRejected == 0)
        // `mapwire state` shows it too.
        let cli = try run.mapwire(["state", "--run-dir", run.runDirectory.path])
        let json = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any]
        let counters = json?["counters"] as? [String: Any]
        #expect((counters?["messages-too-large"] as? NSNumber)?.intValue == 1, "mapwire state printed: \(cli.stdout)")
        #expect(core.isRunning)
        #expect(core.stderr.contains("too large so far"))
        figure("oversize: a 100,000-byte command to a core with --max-message-bytes 65536: CODE_TOO_LARGE in reply to its id, messages-too-large 1, the next ping on the same socket answered")
    }

    @Test func aLoaderReplyOverTheLimitFailsTheLoadAtOnceNamingTheLimit() throws {
        let run = try TestRun()
        try run.startCore(["--max-message-bytes", "65536"])
        try run.start("mapwire-loader")
        #expect(waitUntil { ((try? run.state().plugins.count) ?? 0) >= 1 })
        // A style file of 100,000 bytes: valid JSON, but the loader's reply carrying it is over the limit.
        let style = run.file("big-style.json")
        let padding = String(repeating: " ", count: 100_000)
        try #"{"version": 8, "sources": {}, "layers": []\#(padding)}"#.write(to: style, atomically: true, encoding: .utf8)
        let events = try run.subscribe(["map-loading-error"])
        let started = Date()
        #expect(try run.send(.setStyleUri(.with { $0.uri = style.absoluteString })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 10) { topic, _ in topic == "map-loading-error" })
        let message = log.payloads { if case .mapLoadingError(let e) = $0 { e.message } else { nil } }.first ?? ""
        #expect(message.contains("over the core's limit of 65536 bytes"), "got: \(message)")
        #expect(Date().timeIntervalSince(started) < 5, "failed at once, not after the request's attempts timed out")
        #expect(try run.state().counters.messagesTooLarge == 1)
        #expect(try run.state().counters.requestsRetried == 0)
    }

    @Test func aSubscriptionOverTheEventsLimitIsCountedAndOthersAreServed() throws {
        let run = try TestRun()
        let core = try run.startCore()
        let xsub = try ZMQSocket(type: .xsub)
        defer { xsub.close() }
        try xsub.connect(run.runDirectory.eventsEndpoint)
        // A normal subscription first: the core counting it says the connection is up.
        try xsub.send([Data([0x01]) + Data("welcome".utf8)])
        #expect(waitUntil { ((try? run.state().subscribers) ?? 0) >= 1 })
        try xsub.send([Data([0x01]) + Data(repeating: 0x61, count: 100_000)])
        #expect(waitUntil { ((try? run.state().counters.messagesTooLarge) ?? 0) >= 1 })
        let events = try run.subscribe()
        #expect(try run.send(.setCamera(.with { $0.zoom = 3 })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 5) { topic, _ in topic == "camera-changed" })
        #expect(core.isRunning)
    }
}

/// The next control message on `socket`, waiting up to `seconds` (zmq_poll with the time left).
func nextMessage(on socket: ZMQSocket, within seconds: TimeInterval) -> Mapwire_V1_ControlMessage? {
    let deadline = Date().addingTimeInterval(seconds)
    var poller = ZMQPoller([socket])
    while case let left = Int(deadline.timeIntervalSinceNow * 1000), left > 0 {
        guard (try? poller.poll(timeoutMilliseconds: left))?.first == true,
              let frames = try? socket.receive(dontWait: true), let first = frames.first else { continue }
        if let message = try? ControlCodec.decode(first) { return message }
    }
    return nil
}
