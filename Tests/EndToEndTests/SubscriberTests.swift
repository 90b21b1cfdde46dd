import Foundation
import MapWireBus
import MapWireClient
import MapWireProcess
import MapWireProtocol
import MapWireTesting
import Testing

/// Slow subscribers never slow the core; gaps are counted; a late joiner catches up from get-state.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct SubscriberTests {
    /// Loads the tiled test style with a loader and waits for map-idle.
    func loadedRun(_ coreArguments: [String] = []) throws -> (TestRun, EventSubscriber) {
        let run = try TestRun()
        try run.startCore(coreArguments)
        try run.start("mapwire-loader")
        let (style, _) = try run.tiledStyle()
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        return (run, events)
    }

    /// `count` camera moves, each answered; returns the slowest reply in ms.
    func moveCamera(_ run: TestRun, count: Int) throws -> Int64 {
        let client = try ControlClient(endpoint: run.runDirectory.controlEndpoint)
        var slowest: Int64 = 0
        for i in 0..<count {
            let start = monotonicMillis()
            #expect(try client.send(.setCamera(.with { $0.zoom = 14 + Double(i % 10) / 10 })).ok)
            slowest = max(slowest, monotonicMillis() - start)
        }
        return slowest
    }

    @Test func subscribersThatNeverReadDoNotStallTheCore() throws {
        let (run, events) = try loadedRun(["--events-hwm", "1000"])
        // Five subscribers that connect, subscribe to everything and never read a byte.
        let stalled = try (0..<5).map { _ in
            let socket = try ZMQSocket(type: .sub)
            try socket.setHighWaterMarks(send: 10, receive: 10)
            try socket.subscribe("")
            try socket.connect(run.runDirectory.eventsEndpoint)
            return socket
        }
        defer { stalled.forEach { $0.close() } }
        #expect(waitUntil { ((try? run.state().subscribers) ?? 0) >= 6 })
        let before = try run.state().lastSequence
        let slowest = try moveCamera(run, count: 600)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 20) { topic, envelope in topic == "map-idle" && envelope.sequence > before })
        #expect(events.missedEvents == 0, "a subscriber that reads loses nothing to the stalled ones")
        let published = try run.state().lastSequence - before
        #expect(published > 1500, "enough events to fill the stalled subscribers' queues (\(published))")
        #expect(try run.send(.ping(.init())).ok)
        figure("slow subscribers: 5 never-reading subscribers (events HWM 1000) while \(published) events were published by 600 commands; slowest command reply \(slowest) ms; the reading subscriber missed \(events.missedEvents)")
    }

    @Test func theMonitorAnnouncesItsSubscriptionOnce() throws {
        let run = try TestRun()
        try run.startCore()
        let monitor = try run.start("mapwire", ["monitor", "--run-dir", run.runDirectory.path, "--filter", "camera-changed",
                                                "--timeout", "60"], name: "monitor", withRunDir: false)
        #expect(monitor.waitFor("monitor: subscribed"))
        // Another subscriber joins: the core welcomes it on the bus, and the monitor receives that too.
        let other = try run.subscribe()
        // An event published after the other's welcome reaches the monitor after that welcome.
        #expect(try run.send(.setCamera(.with { $0.zoom = 3 })).ok)
        #expect(monitor.waitFor("camera-changed", inStderr: false))
        #expect(monitor.stderr.components(separatedBy: "monitor: subscribed").count == 2, "\(monitor.stderr)")
        #expect(other.isWelcomed)
        monitor.signal(SIGTERM)
        #expect(monitor.wait(timeout: 15) != nil)
    }

    @Test func theMonitorCountsGapsWhenItFallsBehind() throws {
        let (run, _) = try loadedRun(["--events-hwm", "50"])
        let monitor = try run.start("mapwire", ["monitor", "--run-dir", run.runDirectory.path, "--receive-hwm", "20",
                                                "--summary", "--timeout", "120"], name: "monitor", withRunDir: false)
        #expect(monitor.waitFor("monitor: subscribed"))
        // A monitor that stops reading during a burst (more than the kernel's socket buffers hold) ...
        monitor.signal(SIGSTOP)
        _ = try moveCamera(run, count: 3000)
        monitor.signal(SIGCONT)
        // ... sees the gap when events after the burst reach it. Events published while its queue is still
        // full are dropped too, and it prints the queued ones first (slowly, on a busy machine): so keep
        // publishing a few until the gap shows.
        var sawGap = false
        for _ in 0..<60 where !sawGap {
            _ = try moveCamera(run, count: 3)
            sawGap = monitor.waitFor("monitor: gap:", timeout: 1)
        }
        #expect(sawGap, "\(monitor.stderr.suffix(500))")
        // Stopped by signal, not by its own deadline: a burst on a busy machine can outlast any deadline.
        monitor.signal(SIGTERM)
        #expect(monitor.wait(timeout: 30) == 0)
        let summary = monitor.stderr.split(separator: "\n").last { $0.contains("missed in gaps") } ?? ""
        #expect(!summary.contains(" 0 missed"), "\(summary)")
        figure("gaps: 3000 commands while the monitor was stopped (core --events-hwm 50, monitor --receive-hwm 20): \(summary)")
    }

    @Test func aLateJoinerCatchesUpFromTheStateSnapshot() throws {
        let (run, _) = try loadedRun()
        #expect(try run.send(.setCamera(.with { $0.zoom = 14.5 })).ok)
        // Subscribe first, then ask: the snapshot's last sequence splits old events from new ones.
        let late = try run.subscribe()
        let state = try run.state()
        #expect(state.loadPhase == "loaded")
        #expect(state.sourceIds == ["town"])
        #expect(state.styleUri.hasSuffix("style.json"))
        #expect(abs(state.camera.zoom - 14.5) < 1e-9)
        #expect(state.loadStatus.statuses.first?.target == "map")
        #expect(state.plugins.map(\.name) == ["mapwire-loader"])
        #expect(try run.send(.setCamera(.with { $0.zoom = 15 })).ok)
        var log = EventLog()
        #expect(try log.collect(from: late, timeout: 5) { topic, _ in topic == "camera-changed" })
        let next = log.events.map(\.envelope.sequence).filter { $0 > state.lastSequence }.min()
        #expect(next == state.lastSequence + 1, "the first new event follows the snapshot")
        let printed = try run.mapwire(["state", "--run-dir", run.runDirectory.path])
        #expect(printed.status == 0 && printed.stdout.contains("\"load-phase\":\"loaded\"") && printed.stdout.contains("\"counters\""))
    }
}
