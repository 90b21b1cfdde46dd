import Foundation
import MapWireProtocol
import Testing

/// The benchmark commands of the core, and `mapwire bench` producing well-formed output. Smoke tests:
/// they check shapes and counts, never timings.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct BenchTests {
    @Test func benchPublishSendsRealNumberedEventsOfTheSizeAsked() throws {
        let run = try TestRun()
        try run.startCore(["--enable-bench"])
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

    @Test func theBenchCommandsAreRefusedWithoutEnableBench() throws {
        let run = try TestRun()
        try run.startCore()
        let publish = try run.send(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 1 }))
        #expect(!publish.ok && publish.error.contains("--enable-bench"))
        let requests = try run.send(.benchRequests(.with { $0.count = 1; $0.window = 1; $0.url = "file:///x" }))
        #expect(!requests.ok && requests.error.contains("--enable-bench"))
    }

    @Test func benchPublishRefusesWithoutKindOrCount() throws {
        let run = try TestRun()
        try run.startCore(["--enable-bench"])
        let noKind = try run.send(.benchPublish(.with { $0.count = 10 }))
        #expect(!noKind.ok && noKind.error.contains("kind"))
        let noCount = try run.send(.benchPublish(.with { $0.kind = .cameraChanged }))
        #expect(!noCount.ok && noCount.error.contains("count"))
    }

    @Test func benchRequestsTimesEveryRoundTripThroughTheLoader() throws {
        let run = try TestRun()
        try run.startCore(["--enable-bench"])
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
        let goals = try #require(json["goals"] as? [[String: Any]])
        #expect(goals.count == 3)
        #expect(try String(contentsOf: run.file("bench.md"), encoding: .utf8).contains("| figure | MapWire |"))
    }
}
