import Foundation
import MapWireBus
import MapWireClient
import MapWireProcess
import MapWireProtocol
import MapWireTesting
import Synchronization
import Testing

/// Hung plugins, several plugins per role, timeouts and retries: every request ends in a reply or an
/// explicit error, late and duplicate replies are dropped.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LivenessTests {
    @Test func aStoppedRendererIsDeclaredGoneWithinASecondAndTheOtherDrawsOn() throws {
        let run = try TestRun()
        // Gone after 3 silent intervals, checked every interval: 450–600 ms.
        let core = try run.startCore(["--heartbeat-ms", "150"])
        try run.start("mapwire-loader")
        let first = try run.start("mapwire-renderer", name: "renderer-1")
        let second = try run.start("mapwire-renderer", name: "renderer-2")
        defer { first.signal(SIGCONT); second.signal(SIGCONT) }
        #expect(waitUntil { ((try? run.state().plugins.filter { $0.roles.contains("renderer") }.count) ?? 0) == 2 })
        let demo = run.file("demo")
        _ = try run.mapwire(["demo", "-o", demo.path])
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(demo.path)/style.json" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })

        // Stop one renderer and give both some frames: the stopped one's frame must move on.
        first.signal(SIGSTOP)
        let stoppedAt = monotonicMillis()
        #expect(try run.send(.easeTo(.with { $0.zoom = 15; $0.durationMs = 300 })).ok)
        log = EventLog()
        let goneSeen = try log.collect(from: events, timeout: 10) { topic, envelope in
            if case .pluginGone(let gone) = envelope.payload { return gone.pid == UInt32(first.pid) }
            return false
        }
        #expect(goneSeen, "\(log.payloads { if case .pluginGone(let g) = $0 { g } else { nil } }); core: \(core.stderr.suffix(3000)); first: \(first.stderr.suffix(2000)); second: \(second.stderr.suffix(1000))")
        let detected = monotonicMillis() - stoppedAt
        guard case .pluginGone(let gone)? = log.events.last?.envelope.payload else { return }
        #expect(gone.reason == .heartbeatTimeout)
        #expect(detected < 1000, "the stopped renderer was declared gone after \(detected) ms")
        #expect(try log.collect(from: events, timeout: 10) { topic, _ in topic == "map-idle" })
        let snapshot = try run.send(.snapshot(.with { $0.returnImage = true }))
        #expect(snapshot.ok && !snapshot.snapshot.png.isEmpty, "the other renderer draws: \(snapshot.error)")
        let renderers = try run.state().plugins.filter { $0.roles.contains("renderer") }.map(\.pid)
        #expect(renderers == [UInt32(second.pid)], "core: \(core.stderr.suffix(3000)); second: \(second.stderr.suffix(2000))")
        figure("hung plugin (SIGSTOP renderer, --heartbeat-ms 150): declared gone after \(detected) ms (silent \(gone.silentMs) ms by the core's clock); its frame redrawn by the other renderer")
    }

    @Test func requestsAreSpreadOverEveryLoader() throws {
        let run = try TestRun()
        try run.startCore()
        let (style, tiles) = try run.tiledStyle(viewSize: 2048)
        let counts = Counter()
        let loaders = (0..<2).map { index in
            TestLoader(controlEndpoint: run.runDirectory.controlEndpoint) { load in
                counts.add(index)
                let path = URL(string: load.request.url)!.path
                return TestLoader.file((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
            }
        }
        defer { loaders.forEach { $0.stop() } }
        #expect(waitUntil { ((try? run.state().plugins.count) ?? 0) == 2 })
        #expect(try run.send(.setSize(.with { $0.width = 2048; $0.height = 2048 })).ok)
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        let perLoader = counts.values
        #expect(perLoader.count == 2 && perLoader.allSatisfy { $0 >= tiles.count / 3 }, "\(perLoader)")
    }

    @Test func anUnansweredAttemptIsRetriedAndLateAndDuplicateRepliesAreDropped() throws {
        let run = try TestRun()
        // Three attempts of 300 ms each.
        try run.startCore(["--request-timeout-ms", "900", "--request-retries", "2"])
        let (style, tiles) = try run.tiledStyle()
        // Answers the style's first attempt late (once the core counts the retry as sent, so the retry's
        // answer is a duplicate) and ignores every tile's first attempt.
        let control = run.runDirectory.controlEndpoint
        let plugin = InProcessPlugin(name: "flaky-loader", roles: ["loader"], controlEndpoint: control) { request in
            guard case .loadResource(let load) = request.kind else { return nil }
            if load.request.kind == .style, request.attempt == 1 {
                _ = waitUntil {
                    ((try? ControlClient(endpoint: control).send(.getState(.init())))?.state.counters.requestsRetried ?? 0) >= 1
                }
            } else if request.attempt < 2 { return nil }
            let path = URL(string: load.request.url)!.path
            return .with { $0.id = request.id; $0.resource = TestLoader.file((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) }
        }
        defer { plugin.stop() }
        #expect(waitUntil { ((try? run.state().plugins.count) ?? 0) == 1 })
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        #expect(log.loadingErrors.isEmpty, "\(log.loadingErrors.map(\.message))")
        #expect(log.resourceRequests.filter { $0.request.kind == .tile }.count == tiles.count)
        let counters = try run.state().counters
        #expect(counters.requestsRetried >= UInt64(tiles.count + 1), "every request needed a second attempt")
        #expect(counters.requestsTimedOut == 0)
        #expect(counters.lateRepliesDropped >= 1, "the style's second answer came after its first")
    }

    @Test func aRequestNobodyAnswersEndsInAnErrorAfterItsAttempts() throws {
        let run = try TestRun()
        try run.startCore(["--request-timeout-ms", "600", "--request-retries", "1"])
        let silent = TestLoader(controlEndpoint: run.runDirectory.controlEndpoint) { _ in nil }
        defer { silent.stop() }
        #expect(waitUntil { ((try? run.state().plugins.count) ?? 0) == 1 })
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file:///nowhere/style.json" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 5) { topic, _ in topic == "map-loading-error" })
        #expect(log.loadingErrors.first?.message.contains("no answer within 600 ms") == true)
        #expect(silent.requests.map(\.attempt) == [1, 2], "one retry, same id: \(silent.requests.map(\.id))")
        #expect(Set(silent.requests.map(\.id)).count == 1)
        let counters = try run.state().counters
        #expect(counters.requestsRetried == 1 && counters.requestsTimedOut == 1)
    }

    /// Tiles whose requests timed out while no loader ran are asked again when a loader starts: the map ends
    /// with them loaded, not blank.
    @Test func loadsThatNoLoaderTookAreAskedAgainWhenALoaderStarts() throws {
        let run = try TestRun()
        try run.startCore(["--request-timeout-ms", "500", "--request-retries", "0"])
        let events = try run.subscribe()
        let tiles = run.file("tiles")
        try FileManager.default.createDirectory(at: tiles, withIntermediateDirectories: true)
        try Data([0x1a, 0x00]).write(to: tiles.appendingPathComponent("0-0-0.mvt"))
        let json = #"{"version":8,"zoom":0,"sources":{"v":{"type":"vector","tiles":["file://\#(tiles.path)/{z}-{x}-{y}.mvt"],"maxzoom":0}},"layers":[{"id":"f","type":"fill","source":"v","source-layer":"x"}]}"#
        #expect(try run.send(.setStyleJson(.with { $0.json = json })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 10) { _, envelope in
            if case .mapLoadingError(let error)? = envelope.payload { error.type == .tile } else { false }
        })
        #expect(log.loadingErrors.first { $0.type == .tile }?.message.contains("no loader plugin took it") == true)
        try run.start("mapwire-loader")
        var after = EventLog()
        #expect(try after.collect(from: events, timeout: 15) { _, envelope in
            if case .resourceRequest(let r)? = envelope.payload { r.request.kind == .tile && r.response.size == 2 } else { false }
        }, "the tile was asked again and loaded")
        #expect(try after.collect(from: events, timeout: 15) { topic, _ in topic == "map-idle" }, "and the map went idle with it")
    }
}

/// Per-index counts written from plugin threads.
final class Counter: Sendable {
    private let counts = Mutex<[Int: Int]>([:])
    func add(_ index: Int) { counts.withLock { $0[index, default: 0] += 1 } }
    var values: [Int] { counts.withLock { table in table.keys.sorted().map { table[$0]! } } }
}
