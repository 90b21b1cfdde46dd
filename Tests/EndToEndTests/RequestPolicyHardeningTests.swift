import Foundation
import MapWireBus
import MapWireProtocol
import MapWireTesting
import Synchronization
import Testing

/// Who may answer what, against real processes: a rogue peer answering requests it was not sent, a renderer that
/// never keeps what it is sent, and a renderer that dies on its first frame.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct RequestPolicyHardeningTests {
    @Test func aRogueDealerSprayingRepliesCannotAnswerForTheLoader() throws {
        let run = try TestRun()
        try run.startCore()
        try run.start("mapwire-loader")
        #expect(run.waitForPlugin(role: "loader"))
        let (style, _) = try run.tiledStyle()
        let events = try run.subscribe()
        let rogue = try ZMQSocket(type: .dealer)
        defer { rogue.close() }
        try rogue.connect(run.runDirectory.controlEndpoint)
        let evil = Data(#"{"version":8,"sources":{"evil":{"type":"geojson","data":{"type":"Point","coordinates":[0,0]}}},"layers":[]}"#.utf8)
        #expect(try run.send(.setStyleUri(.with { $0.uri = style.absoluteString })).ok)
        // Ids 1–199 (what a sequential core would use) and as many random ones, all with the rogue's style.
        let guesses = Array(UInt64(1)...199) + (0..<199).map { _ in UInt64.random(in: 1...UInt64.max) }
        for id in guesses {
            try rogue.send([ControlCodec.encode(.with { $0.reply = .with {
                $0.id = id
                $0.resource = .with { $0.dataSource = .network; $0.response = .with { $0.source = .network }; $0.data = evil }
            } })])
        }
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        #expect(waitUntil { ((try? run.state().counters.repliesRefused) ?? 0) >= UInt64(guesses.count) })
        let state = try run.state()
        #expect(state.sourceIds == ["town"], "the real loader's style, not the rogue's")
        #expect(state.counters.repliesRefused == UInt64(guesses.count))
        figure("rogue replies: \(guesses.count) replies from a DEALER that never said hello (ids 1–199 and 199 random), all refused and counted (replies-refused \(state.counters.repliesRefused)); the map loaded the loader's style")
    }

    @Test func aRendererThatReportsEveryResourceMissingFailsTheFrameAfterTwoResends() throws {
        let run = try TestRun()
        try run.startCore()
        try run.start("mapwire-loader")
        // Sends per frame id, in the order frames came: later frames (tiles arriving) may follow the first.
        let frames = Mutex<[(id: UInt64, sends: Int)]>([])
        let renderer = InProcessPlugin(name: "forgetful", roles: ["renderer"], controlEndpoint: run.runDirectory.controlEndpoint) { request in
            guard case .renderFrame(let frame) = request.kind else { return nil }
            frames.withLock {
                if let i = $0.firstIndex(where: { $0.id == frame.frameID }) { $0[i].sends += 1 } else { $0.append((frame.frameID, 1)) }
            }
            return .with { $0.id = request.id; $0.renderResult = .with {
                $0.frameID = frame.frameID
                $0.missingKeys = frame.resources.map(\.key)
            } }
        }
        defer { renderer.stop() }
        #expect(waitUntil { (try? run.send(.ping(.init())).pong.pluginRoles).map { Set(["loader", "renderer"]).isSubset(of: $0) } == true })
        let (style, _) = try run.tiledStyle()
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = style.absoluteString })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { _, envelope in
            if case .mapLoadingError(let e) = envelope.payload { e.type == .renderer } else { false }
        })
        let error = try #require(log.loadingErrors.last)
        #expect(error.message.contains("still lacked"), "\(error.message)")
        let sent = frames.withLock { $0.first?.sends ?? 0 }
        #expect(sent == 3, "one send and two resends of the frame, then it failed")
        #expect(!log.topics.contains("map-idle"))
        figure("missing keys: a renderer reporting every resource missing got \(sent) sends of the frame, then map-loading-error {renderer}: \(error.message)")
    }

    @Test func aLoaderThatHeartbeatsButNeverAnswersIsGoneAsUnresponsiveAndNothingIsLost() throws {
        let run = try TestRun()
        // Attempts of 1 s; a 1024-px view needs enough tiles that the silent loader holds several at once.
        try run.startCore(["--request-timeout-ms", "3000", "--request-retries", "2", "--unresponsive-after", "3", "--unresponsive-grace-ms", "0", "--size", "1024x1024"])
        let silent = InProcessPlugin(name: "silent-loader", roles: ["loader"], controlEndpoint: run.runDirectory.controlEndpoint) { _ in nil }
        defer { silent.stop() }
        try run.start("mapwire-loader")
        #expect(waitUntil { (try? run.send(.ping(.init())).pong.pluginRoles.filter { $0 == "loader" }.count) == 2 })
        let events = try run.subscribe()
        let (style, tiles) = try run.tiledStyle(viewSize: 1024)
        let started = Date()
        #expect(try run.send(.setStyleUri(.with { $0.uri = style.absoluteString })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        let seconds = Date().timeIntervalSince(started)
        let gone = log.payloads { if case .pluginGone(let g) = $0 { g } else { nil } }
        #expect(gone.contains { $0.reason == .unresponsive && $0.name == "silent-loader" }, "\(gone)")
        #expect(log.loadingErrors.isEmpty, "nothing lost: \(log.loadingErrors.map(\.message))")
        #expect(try run.state().counters.pluginsUnresponsive >= 1)
        figure("unresponsive: beside a real loader, a loader that heartbeats but never answers was declared gone (unresponsive) after 3 timeouts in a row; the style and \(tiles.count) tiles loaded in \(String(format: "%.1f", seconds)) s with no loading error")
    }

    /// A stand-in renderer in Python: says hello, subscribes (so `up --wait-subscribers 1` waits for
    /// it), and exits at the first request it gets.
    static let dyingRenderer = #"""
        import os, sys, time, zmq
        control, events, hello, request_tag = sys.argv[1], sys.argv[2], bytes.fromhex(sys.argv[3]), int(sys.argv[4])
        ctx = zmq.Context()
        dealer = ctx.socket(zmq.DEALER)
        dealer.connect(control)
        while not dealer.poll(200):
            dealer.send(hello)
        dealer.recv()
        sub = ctx.socket(zmq.SUB)
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.connect(events)
        while True:
            message = dealer.recv()
            if message[:1] == bytes([request_tag]):
                os._exit(0)
        """#

    @Test func upExitsNonZeroWhenTheRendererDiesOnItsFirstFrame() throws {
        let run = try TestRun()
        let (style, _) = try run.tiledStyle()
        let hello = ControlCodec.encode(.with { $0.hello = .with {
            $0.name = "dying-renderer"; $0.roles = ["renderer"]; $0.protocolVersion = mapWireProtocolVersion
        } })
        let requestTag = ControlCodec.encode(.with { $0.request = .init() }).first ?? 0
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path, "--plugins", "loader", "--wait-subscribers", "1",
                                           "--exit-when", "idle", "--timeout", "30", "--style", style.path],
                               name: "up", withRunDir: false)
        let stand = try run.startProgram("/usr/bin/env", ["python3", "-c", Self.dyingRenderer, run.runDirectory.controlEndpoint,
                                                          run.runDirectory.eventsEndpoint, hello.map { String(format: "%02x", $0) }.joined(),
                                                          "\(requestTag)"], name: "dying-renderer")
        let status = up.wait(timeout: 40)
        #expect(status != nil && status != 0, "up must not report a map nobody drew as idle: \(up.stderr)")
        #expect(up.stderr.contains("map-loading-error (renderer): the renderer went away mid-frame (plugin-gone: disconnected)"), "\(up.stderr)")
        #expect(!up.stdout.contains("map-idle after"))
        #expect(!stand.isRunning, "the stand-in exited on its frame")
        figure("dead renderer: mapwire up --exit-when idle exited \(status.map(String.init) ?? "?") with: the renderer went away mid-frame (plugin-gone: disconnected)")
    }
}
