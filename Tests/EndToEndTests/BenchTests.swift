import Foundation
import MapWireBus
import MapWireProtocol
import MapWireTesting
import Testing

/// The benchmark commands of the core, and `mapwire bench` producing well-formed output. Smoke tests:
/// they check shapes and counts, never timings.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct BenchTests {
    @Test func benchPublishSendsRealNumberedEventsOfTheSizeAsked() throws {
        let run = try TestRun()
        try run.startBenchCore()
        let events = try run.subscribe()
        let reply = try run.send(.benchPublish(.with { $0.kind = .mapLoadingError; $0.count = 300; $0.bytes = 1024 }))
        #expect(reply.ok, "\(reply.error)")
        #expect(reply.benchPublish.lastSequence - reply.benchPublish.firstSequence == 299)
        #expect((1000...1040).contains(reply.benchPublish.messageBytes), "\(reply.benchPublish.messageBytes)")
        var log = EventLog()
        #expect(try log.collect(from: events) { _, envelope in envelope.sequence == reply.benchPublish.lastSequence })
        #expect(log.topics.count == 300 && log.topics.allSatisfy { $0 == "map-loading-error" })
        #expect(log.events.map(\.envelope.sequence) == Array(reply.benchPublish.firstSequence...reply.benchPublish.lastSequence))
        #expect(log.events.allSatisfy { $0.envelope.benchmark }, "bench events are marked")
        #expect(log.events.allSatisfy { $0.envelope.causationID == reply.id }, "and carry the command that caused them")
        #expect(log.loadingErrors.allSatisfy { $0.type == .tile && $0.sourceID == "v" })
        #expect(events.missedEvents == 0)
        // Camera-changed events are the small ones.
        let small = try run.send(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 1 }))
        #expect(small.ok && small.benchPublish.messageBytes < 80)
    }

    @Test func theProductCoreRefusesTheBenchCommands() throws {
        let run = try TestRun()
        try run.startCore()
        let publish = try run.send(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 1 }))
        #expect(!publish.ok && publish.error.contains("mapwire-core-bench"))
        let requests = try run.send(.benchRequests(.with { $0.count = 1; $0.window = 1; $0.url = "file:///x" }))
        #expect(!requests.ok && requests.error.contains("mapwire-core-bench"))
    }

    @Test func benchPublishRefusesWithoutKindOrCount() throws {
        let run = try TestRun()
        try run.startBenchCore()
        let noKind = try run.send(.benchPublish(.with { $0.count = 10 }))
        #expect(!noKind.ok && noKind.error.contains("kind"))
        let noCount = try run.send(.benchPublish(.with { $0.kind = .cameraChanged }))
        #expect(!noCount.ok && noCount.error.contains("count"))
    }

    @Test func benchRequestsTimesEveryRoundTripThroughTheLoader() throws {
        let run = try TestRun()
        try run.startBenchCore()
        let refused = try run.send(.benchRequests(.with { $0.count = 10; $0.window = 1; $0.url = "file:///x" }))
        #expect(!refused.ok && refused.error.contains("no loader"))
        try run.start("mapwire-loader")
        #expect(waitUntil { ((try? run.send(.ping(.init())))?.pong.pluginRoles ?? []).contains("loader") })
        let file = run.file("tiny.bin")
        try Data(repeating: 1, count: 64).write(to: file)
        let reply = try run.send(.benchRequests(.with { $0.count = 200; $0.window = 8; $0.url = file.absoluteString }))
        #expect(reply.ok, "\(reply.error)")
        #expect(reply.benchRequests.roundTripNanos.count == 200 && reply.benchRequests.roundTripNanos.allSatisfy { $0 > 0 })
        #expect(reply.benchRequests.failures == 0)
        #expect(reply.benchRequests.requestBytes > 0 && reply.benchRequests.replyBytes > 64)
        // A missing file is answered with an error: counted as a failure, not a hang.
        let missing = try run.send(.benchRequests(.with { $0.count = 3; $0.window = 1; $0.url = run.file("absent").absoluteString }))
        #expect(missing.ok && missing.benchRequests.failures == 3)
    }

    @Test func benchRequestsGoRoundRobinOverUrlThenUrls() throws {
        let run = try TestRun()
        try run.startBenchCore()
        try run.start("mapwire-loader")
        #expect(waitUntil { ((try? run.send(.ping(.init())))?.pong.pluginRoles ?? []).contains("loader") })
        let file = run.file("tiny.bin")
        try Data(repeating: 1, count: 64).write(to: file)
        let absent = run.file("absent").absoluteString
        // One file and one missing: every other request fails, whichever goes first.
        let urlsOnly = try run.send(.benchRequests(.with { $0.count = 10; $0.window = 1; $0.urls = [file.absoluteString, absent] }))
        #expect(urlsOnly.ok, "\(urlsOnly.error)")
        #expect(urlsOnly.benchRequests.roundTripNanos.count == 10 && urlsOnly.benchRequests.failures == 5)
        #expect(urlsOnly.benchRequests.replyBytes > 64, "the first request asked for the file")
        // `url` comes first, then `urls`: the file, then two missing ones, three times.
        let both = try run.send(.benchRequests(.with { $0.count = 9; $0.window = 4; $0.url = file.absoluteString; $0.urls = [absent, absent] }))
        #expect(both.ok && both.benchRequests.failures == 6, "\(both.error) \(both.benchRequests.failures)")
        let empty = try run.send(.benchRequests(.with { $0.count = 2; $0.window = 1; $0.urls = [file.absoluteString, ""] }))
        #expect(!empty.ok && empty.error.contains("empty"), "\(empty.error)")
        let none = try run.send(.benchRequests(.with { $0.count = 2; $0.window = 1 }))
        #expect(!none.ok && none.error.contains("url"), "\(none.error)")
    }

    /// The scale section's loader-bound figure without ../shared: the demo town's tiles, made distinct and
    /// stored gzip in an MBTiles file (the bench checks each copy decodes to its source), every request answered.
    @Test func theScaleSectionMeasuresLoaderBoundRequestsWithoutFixtures() throws {
        let run = try TestRun()
        let result = try run.mapwire(["bench", "--quick", "--format", "json", "--sections", "scale", "--events", "300", "--requests", "50",
                                      "--source-adds", "50", "--fixtures", run.file("absent").path], timeout: 600)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let section = try #require((json["sections"] as? [String: Any])?["scale"] as? [String: Any])
        let figures = try #require(section["figures"] as? [[String: Any]])
        let notes = (section["notes"] as? [String] ?? []).joined(separator: "\n")
        #expect(!notes.contains("failed"), "\(notes)")
        for key in ["requests-per-second.loader-bound.loaders-1", "requests-per-second.loader-bound.loaders-2"] {
            let figure = try #require(figures.first { $0["key"] as? String == key }, "\(figures.compactMap { $0["key"] })")
            #expect((figure["value"] as? Double ?? 0) > 0 && (figure["baseline"] as? Double ?? 0) > 0)
            let note = figure["note"] as? String ?? ""
            #expect(note.contains("CPU per wall second") && !note.contains("failed"), "\(note)")
        }
        // The two-loader figure says what two cores allow, from each run's CPU per request and its main threads'.
        let two = figures.first { $0["key"] as? String == "requests-per-second.loader-bound.loaders-2" }?["note"] as? String ?? ""
        #expect(two.contains("its main thread") && two.contains("two loaders can do at most"), "\(two)")
        #expect(notes.contains("640 distinct gzip tiles (the demo town's z14 tiles (no fixtures)"), "\(notes)")
        let goals = try #require(json["goals"] as? [[String: Any]])
        #expect(goals.contains { ($0["name"] as? String)?.hasPrefix("two loaders against one") == true && $0["met"] is Bool })
    }

    /// A whole bus section (nine runs a size) with tiny bursts: every run's ratio is in the note.
    @Test func theBusSectionReportsEachOfItsNineRuns() throws {
        let run = try TestRun()
        let result = try run.mapwire(["bench", "--format", "json", "--sections", "bus", "--events", "300", "--requests", "50"], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let bus = try #require(((json["sections"] as? [String: Any])?["bus"] as? [String: Any])?["figures"] as? [[String: Any]])
        for kind in ["camera-changed", "resource-request", "map-loading-error"] {
            let wall = try #require(bus.first { $0["key"] as? String == "publish-rate.\(kind)" })
            #expect((wall["value"] as? Double ?? 0) > 0 && (wall["baseline"] as? Double ?? 0) > 0, "\(wall)")
            let note = wall["note"] as? String ?? ""
            let ratios = note.split(separator: ";").first?.split(separator: " ").dropFirst(2) ?? []
            #expect(note.hasPrefix("runs' ratios ") && ratios.count == 9 && ratios.allSatisfy { (Double($0) ?? 0) > 0 }, "\(note)")
        }
    }

    /// The raw publisher the bus section keeps for all runs of a size: one process sends a burst to each new
    /// subscriber, and reports each burst's loop on its standard output.
    @Test func oneRawPublisherProcessServesSeveralRuns() throws {
        let run = try TestRun()
        let endpoint = "ipc://" + run.file("raw-pub").path
        let publisher = try run.startProgram(Binaries.path("mapwire"), ["bench", "raw-peer", "publish", "--endpoint", endpoint,
                                                                        "--subscribers", "1", "--count", "50", "--topic-bytes", "3",
                                                                        "--payload-bytes", "20", "--runs", "2"], name: "raw-pub")
        for burst in 1...2 {
            let socket = try ZMQSocket(type: .sub)
            defer { socket.close() }
            try socket.subscribe("")
            try socket.setReceiveTimeout(milliseconds: 10_000)
            try socket.connect(endpoint)
            var received = 0
            while received < 50, let frames = try socket.receive() {
                #expect(frames.map(\.count) == [3, 20])
                received += 1
            }
            #expect(received == 50, "burst \(burst)")
            #expect(waitUntil { publisher.stdout.components(separatedBy: "sent-end\n").count == burst + 1 }, "\(publisher.stdout)")
        }
        #expect(publisher.isRunning, "the same process sent both bursts")
        let loops = publisher.stdout.split(separator: "\n").filter { $0.hasPrefix("sent-nanos ") }
        #expect(loops.count == 2 && loops.allSatisfy { (Double($0.dropFirst(11)) ?? 0) > 0 }, "\(publisher.stdout)")
    }

    @Test func quickBenchPrintsJSONWithEverySectionAsked() throws {
        let run = try TestRun()
        let result = try run.mapwire(["bench", "--quick", "--format", "json", "--sections", "bus,render",
                                      "--events", "300", "--requests", "50", "--frames", "1",
                                      "--markdown-output", run.file("bench.md").path], timeout: 240)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["quick"] as? Bool == true)
        #expect((json["machine"] as? [String: Any])?["cores"] != nil)
        let sections = try #require(json["sections"] as? [String: Any])
        #expect(Set(sections.keys) == ["bus", "render"])
        let bus = try #require((sections["bus"] as? [String: Any])?["figures"] as? [[String: Any]])
        let keys = Set(bus.compactMap { $0["key"] as? String })
        #expect(keys.isSuperset(of: ["events-per-second.camera-changed", "events-per-second.resource-request",
                                     "events-per-second.map-loading-error", "round-trip-p50", "round-trip-p99"]), "\(keys)")
        #expect(bus.allSatisfy { $0["value"] is NSNumber && $0["baseline"] is NSNumber && $0["ratio"] is NSNumber })
        // Each publisher's rate per second its thread was on a CPU (the scheduler's counts read), and the wall-clock
        // figure's note with where the loop's time went.
        for kind in ["camera-changed", "resource-request", "map-loading-error"] {
            let onCPU = try #require(bus.first { $0["key"] as? String == "publish-rate-on-cpu.\(kind)" }, "\(keys)")
            #expect((onCPU["value"] as? Double ?? 0) > 0 && (onCPU["baseline"] as? Double ?? 0) > 0, "\(onCPU)")
            let wall = bus.first { $0["key"] as? String == "publish-rate.\(kind)" }?["note"] as? String ?? ""
            #expect(wall.contains("runnable but waiting for one") && wall.contains("libzmq's I/O"), "\(wall)")
            #expect(wall.contains("page faults per 1,000 events"), "\(wall)")
            // The same loops against a raw publisher that keeps its freed memory as the core does.
            let keeping = try #require(bus.first { $0["key"] as? String == "publish-rate-keeping-memory.\(kind)" }, "\(keys)")
            #expect((keeping["baseline"] as? Double ?? 0) > 0 && (keeping["note"] as? String ?? "").contains("page faults"), "\(keeping)")
        }
        let goals = try #require(json["goals"] as? [[String: Any]])
        // Every goal is listed whether or not its section ran; those of the sections asked for are measured.
        let names = goals.compactMap { $0["name"] as? String }
        #expect(names.count == goals.count && names.contains { $0.hasPrefix("bus throughput") }, "\(names)")
        #expect(goals.allSatisfy { $0["target"] is String && $0["measured"] is String })
        #expect(try String(contentsOf: run.file("bench.md"), encoding: .utf8).contains("| figure | MapWire |"))
    }

    /// The serve section where wrk is missing (a PATH without it): it still runs, with its own client, and says why.
    @Test func theServeSectionRunsWithoutWrkAndSaysSo() throws {
        let run = try TestRun()
        let bench = try run.startProgram("/usr/bin/env", ["PATH=/nonexistent", Binaries.path("mapwire"), "bench", "--quick", "--format", "json",
                                                         "--sections", "serve", "--fixtures", run.file("absent").path], name: "bench-serve")
        let status = bench.wait(timeout: 900)
        #expect(status == 0, "\(bench.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bench.stdout.utf8)) as? [String: Any], "\(bench.stdout)")
        let section = try #require((json["sections"] as? [String: Any])?["serve"] as? [String: Any])
        let figures = try #require(section["figures"] as? [[String: Any]])
        let values = Dictionary(figures.compactMap { f in (f["key"] as? String).map { ($0, (f["value"] as? NSNumber)?.doubleValue ?? 0) } },
                                uniquingKeysWith: { a, _ in a })
        for renderers in [1, 2, 4] {
            #expect((values["serve.cold.\(renderers)-renderers.tiles-per-second"] ?? 0) > 0, "\(values.keys.sorted())")
            #expect((values["serve.warm.\(renderers)-renderers.tiles-per-second"] ?? 0) > 0)
        }
        #expect(values["serve.cold.2-renderers.map-frames"] != nil, "the map's frames are counted")
        let notes = (section["notes"] as? [String] ?? []).joined(separator: "\n")
        #expect(notes.contains("wrk is not installed"), "\(notes)")
        #expect(notes.contains("limit skipped"), "no fixtures: no limit")
    }

    /// The native peer's section without the fixtures it draws: skipped, saying why, and its goals listed unmeasured.
    @Test func theNativePeerSectionSaysWhyItIsSkipped() throws {
        let run = try TestRun()
        let result = try run.mapwire(["bench", "--quick", "--format", "json", "--sections", "peer-native", "--fixtures", run.file("absent").path],
                                     timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let section = try #require((json["sections"] as? [String: Any])?["peer-native"] as? [String: Any])
        let notes = (section["notes"] as? [String] ?? []).joined(separator: "\n")
        #expect(notes.hasPrefix("skipped: ") && (notes.contains("fixtures") || notes.contains("nginx")), "\(notes)")
        let goals = (json["goals"] as? [[String: Any]] ?? []).filter { ($0["name"] as? String ?? "").contains("MapLibre Native") }
        #expect(goals.count == 5 && goals.allSatisfy { $0["measured"] as? String == "not measured" }, "\(goals)")
    }

    /// The network section against a real nginx: every figure with its baseline, no failure noted.
    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage),
          .enabled(if: NginxServer.available, "needs nginx (apt-get install -y nginx)"))
    func quickBenchMeasuresTheNetworkAgainstNginx() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        let result = try run.mapwire(["bench", "--quick", "--format", "json", "--sections", "network", "--fixtures", fixtures.path], timeout: 600)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let section = try #require((json["sections"] as? [String: Any])?["network"] as? [String: Any])
        let notes = section["notes"] as? [String] ?? []
        #expect(!notes.contains { $0.hasPrefix("failed") || $0.hasPrefix("offline region") }, "\(notes)")
        let figures = try #require(section["figures"] as? [[String: Any]])
        let keys = Set(figures.compactMap { $0["key"] as? String })
        #expect(keys == ["http-tiles-per-second", "cache-hit-round-trip-p50", "cache-hit-round-trip-p99", "offline-region-seconds",
                         "style-to-idle.http-cold", "style-to-idle.http-warm", "style-to-idle.http-offline"], "\(keys)")
        #expect(figures.allSatisfy { ($0["value"] as? Double ?? 0) > 0 && ($0["baseline"] as? Double ?? 0) > 0 && $0["ratio"] is NSNumber })
        #expect(figures.allSatisfy { ($0["note"] as? String)?.contains("failed") != true }, "\(figures)")
        let names = figures.compactMap { $0["name"] as? String }
        #expect(names.contains { $0.contains("1000 tiles") }, "the region is the 1,000-tile grid: \(names)")
        // Cache hits and warm and offline loads never reach the server.
        let notesOf = { (key: String) in figures.first { $0["key"] as? String == key }?["note"] as? String ?? "" }
        #expect(notesOf("cache-hit-round-trip-p50").contains("nginx saw 0 request(s)"))
        #expect(notesOf("style-to-idle.http-warm").contains("nginx saw 0 request(s)"))
        #expect(notesOf("style-to-idle.http-offline").contains("nginx saw 0 request(s)"))
        let goals = try #require(json["goals"] as? [[String: Any]])
        #expect(goals.contains { ($0["name"] as? String)?.contains("over HTTP") == true && $0["met"] is Bool })
    }

    @Test func theNetworkSectionSaysWhyItIsSkippedWithoutFixtures() throws {
        let run = try TestRun()
        let result = try run.mapwire(["bench", "--quick", "--sections", "network", "--fixtures", run.file("absent").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\nNetwork\n") && result.stdout.contains("skipped: "), "\(result.stdout)")
    }

    @Test func anUnknownSectionIsRefusedNamingNetwork() throws {
        let run = try TestRun()
        let result = try run.mapwire(["bench", "--sections", "netwrk"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("network"), "\(result.stderr)")
    }
}
