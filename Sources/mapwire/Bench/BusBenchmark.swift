import Foundation
import MapWireBus
import MapWireProtocol

/// The bus: events from the core to decoding subscribers against raw libzmq PUB/SUB of the same
/// sizes, and core ↔ loader request round trips against a raw ROUTER/DEALER echo.
struct BusBenchmark {
    let scratch: URL
    /// Events per throughput run, and runs per figure (the median is reported).
    let events: Int
    let repetitions: Int
    let roundTrips: Int

    /// Real events of about 64 B, 256 B and 1 KiB on the wire (topic + envelope).
    static let kinds: [(kind: Mapwire_V1_BenchPublish.Kind, topic: String, bytes: Int)] = [
        (.cameraChanged, "camera-changed", 64), (.resourceRequest, "resource-request", 256), (.mapLoadingError, "map-loading-error", 1024),
    ]

    struct Throughput {
        /// Events per second each subscriber received, and the core's own send loop.
        var subscriberRates: [Double]
        var publishing: PublishLoop
        var messageBytes: Int
        var received: Int
        var missed: UInt64
    }

    func run(map: BenchMap) throws -> BenchReport.Section {
        var section = BenchReport.Section(key: "bus", title: "Bus")
        var publishFigures: [BenchFigure] = []
        for (kind, topic, bytes) in Self.kinds {
            // Per run: the core publishing alone, the raw loops (glibc as it comes, then keeping freed memory
            // as the core does), the core to a decoding subscriber. A publisher that has just published waits
            // longer for a CPU (RawPublisher), so each raw publisher's last burst is a whole round of runs ago.
            var mapwire: [Throughput] = [], published: [Throughput] = [], raw: [RawZMQLoops.PublishRun] = []
            var rawKeeping: [RawZMQLoops.PublishRun] = []
            // One raw publisher of each kind for all the runs, as one core publishes in all of them.
            var rawPublishers: (plain: RawPublisher, keeping: RawPublisher)?
            defer { rawPublishers?.plain.stop(); rawPublishers?.keeping.stop() }
            for _ in 0..<repetitions {
                let alone = try Self.mapwireThroughput(map: map, kind: kind, bytes: bytes, count: events, subscribers: 1,
                                                       reading: .discarding(topic: topic))
                published.append(alone)
                let publishers = try rawPublishers ?? (
                    RawPublisher(endpoint: Self.rawEndpoint(scratch), count: events, topicBytes: topic.utf8.count,
                                 payloadBytes: alone.messageBytes - topic.utf8.count, runs: repetitions),
                    RawPublisher(endpoint: Self.rawEndpoint(scratch, keepingFreedMemory: true), count: events, topicBytes: topic.utf8.count,
                                 payloadBytes: alone.messageBytes - topic.utf8.count, runs: repetitions, keepingFreedMemory: true))
                rawPublishers = publishers
                raw.append(try publishers.plain.run())
                rawKeeping.append(try publishers.keeping.run())
                mapwire.append(try Self.mapwireThroughput(map: map, kind: kind, bytes: bytes, count: events, subscribers: 1))
            }
            let size = mapwire.first?.messageBytes ?? bytes
            let lost = mapwire.reduce(0) { $0 + Int($1.missed) + (events - $1.received) }
            section.figures.append(BenchFigure(
                key: "events-per-second.\(topic)", name: "events/s core → 1 decoding subscriber, \(topic) (\(size) B)",
                value: Percentiles(mapwire.map { $0.subscriberRates.first ?? 0 }).median, unit: "events/s",
                baselineName: "raw libzmq PUB/SUB", baseline: Percentiles(raw.map { $0.tallies.first?.rate ?? 0 }).median,
                note: lost > 0 ? "\(lost) events lost" : nil))
            publishFigures.append(BenchFigure(
                key: "publish-rate.\(topic)", name: "events/s the core publishes, \(topic) (\(size) B)",
                value: Percentiles(published.map(\.publishing.rate)).median, unit: "events/s",
                baselineName: "raw libzmq publisher", baseline: Percentiles(raw.map(\.publishing.rate)).median,
                note: Self.publishingNote(published.map(\.publishing), raw.map(\.publishing))))
            // Against a raw publisher whose glibc keeps freed memory as the core's does: what the core's own
            // work per event costs when neither publisher's bursts fault their pages in.
            publishFigures.append(BenchFigure(
                key: "publish-rate-keeping-memory.\(topic)",
                name: "events/s the core publishes, \(topic) (\(size) B), against a raw publisher keeping freed memory too",
                value: Percentiles(published.map(\.publishing.rate)).median, unit: "events/s",
                baselineName: "raw libzmq publisher keeping freed memory", baseline: Percentiles(rawKeeping.map(\.publishing.rate)).median,
                note: Self.publishingNote(published.map(\.publishing), rawKeeping.map(\.publishing))))
            // The same loops per second their thread was on a CPU: what the code costs, whichever thread the
            // scheduler ran meanwhile.
            publishFigures.append(BenchFigure(
                key: "publish-rate-on-cpu.\(topic)", name: "events/s the core publishes per second on a CPU, \(topic) (\(size) B)",
                value: Percentiles(published.map(\.publishing.rateOnCPU)).median, unit: "events/s",
                baselineName: "raw libzmq publisher, per second on a CPU",
                baseline: Percentiles(raw.map(\.publishing.rateOnCPU)).median))
        }
        section.figures += publishFigures
        section.notes.append("\(events) events per run, median of \(repetitions) run(s) alternating with the raw loop; a subscriber's rate runs from its first event to its last. The raw publisher is a separate process kept for all runs of a size, like the core; it sends the same topic and byte count with no protobuf, and the raw subscriber receives without copying. A publish rate is the sending loop's alone (the core stamps, encodes and sends each event), timed by the publisher itself, in a run of its own while one subscriber reads the topic without decoding: the raw subscriber's loop, for both publishers, since the two cores are shared by the publisher, its I/O thread and the subscriber's two threads, and a decoding subscriber takes more of them.")
        section.figures += try roundTrip(map: map)
        return section
    }

    /// Sequential request → reply round trips core → mapwire-loader → core, against a raw echo.
    func roundTrip(map: BenchMap) throws -> [BenchFigure] {
        let file = scratch.appendingPathComponent("tiny.bin")
        try Data(repeating: 0x2a, count: 64).write(to: file)
        let runs = try Self.interleavedRequests(map: map, url: file.absoluteString, count: roundTrips, window: 1, workers: 1,
                                                endpoint: "ipc://" + scratch.appendingPathComponent("raw-rr").path)
        let ours = Percentiles(runs.mapwire.roundTrips.map { Double($0) / 1000 })
        let theirs = Percentiles(runs.raw.roundTrips.map { Double($0) / 1000 })
        let note = "\(roundTrips) load-resource requests for a 64-byte file, one at a time, in 10 blocks alternating with the raw loop; request \(runs.requestBytes) B, reply \(runs.replyBytes) B"
        return [
            BenchFigure(key: "round-trip-p50", name: "request → reply round trip core ↔ loader, p50", value: ours.median, unit: "µs",
                        baselineName: "raw libzmq ROUTER/DEALER echo", baseline: theirs.median, note: note),
            BenchFigure(key: "round-trip-p99", name: "request → reply round trip core ↔ loader, p99", value: ours.at(0.99), unit: "µs",
                        baselineName: "raw libzmq ROUTER/DEALER echo", baseline: theirs.at(0.99),
                        note: runs.failures > 0 ? "\(runs.failures) failed" : nil),
        ]
    }

    struct RequestRuns {
        var mapwire: (roundTrips: [UInt64], elapsed: UInt64) = ([], 0)
        var raw: (roundTrips: [UInt64], elapsed: UInt64) = ([], 0)
        var failures = 0
        var requestBytes = 0
        var replyBytes = 0
    }

    /// `count` requests through the core's loaders and as many through the raw ROUTER → `workers`
    /// DEALER echo of the same sizes, in 10 alternating blocks so both see the same machine load.
    static func interleavedRequests(map: BenchMap, url: String, count: Int, window: Int, workers: Int, endpoint: String) throws -> RequestRuns {
        var runs = RequestRuns()
        let blocks = min(10, count)
        for block in 0..<blocks {
            let size = count / blocks + (block < count % blocks ? 1 : 0)
            let ours = try mapwireRequests(map: map, url: url, count: size, window: window)
            runs.mapwire.roundTrips += ours.roundTripNanos
            runs.mapwire.elapsed += ours.elapsedNanos
            runs.failures += Int(ours.failures)
            runs.requestBytes = Int(ours.requestBytes)
            runs.replyBytes = Int(ours.replyBytes)
            let raw = try RawZMQLoops.requests(endpoint: endpoint, workers: workers, count: size, window: window,
                                           requestBytes: runs.requestBytes, replyBytes: runs.replyBytes)
            runs.raw.roundTrips += raw.roundTrips
            runs.raw.elapsed += raw.elapsed
        }
        return runs
    }

    // MARK: Runs shared with the scale section

    /// How the subscribers of a throughput run read: decoding every event (what a plugin does), or
    /// receiving the topic's messages and dropping them, as the raw subscriber does.
    enum Reading { case decoding, discarding(topic: String) }

    /// `count` real events published by the core as fast as it can, received by `subscribers`
    /// subscribers while `slow` more subscribers are connected and never read.
    static func mapwireThroughput(map: BenchMap, kind: Mapwire_V1_BenchPublish.Kind, bytes: Int, count: Int, subscribers: Int, slow: Int = 0,
                                  reading: Reading = .decoding) throws -> Throughput {
        let wait = switch reading {
        case .decoding: try EventCounters.start(endpoint: map.directory.eventsEndpoint, count: subscribers, expected: count)
        // The topic, then `welcome`, so that the core counts each once (PROTOCOL.md 4.3); its welcome is one message more.
        case .discarding(let topic): RawZMQLoops.discardingSubscribers(endpoint: map.directory.eventsEndpoint, count: subscribers,
                                                                       expected: count + 1, prefixes: [topic, "welcome"])
        }
        var idle: [ZMQSocket] = []
        defer { idle.forEach { $0.close() } }
        for _ in 0..<slow {
            let socket = try ZMQSocket(type: .sub)
            try socket.setHighWaterMarks(send: 1000, receive: 1000)
            try socket.subscribe("")
            try socket.connect(map.directory.eventsEndpoint)
            idle.append(socket)
        }
        try map.waitForSubscribers(subscribers + slow)
        let core = map.launcher.children.first { $0.name == "core" }?.pid ?? 0
        let scheduled = ThreadSchedule.mainThreadAtRest(core), others = ThreadSchedule.otherThreads(core)
        let faults = ProcessCPU.minorFaults(core)
        let reply = try map.client.run(.benchPublish(.with { $0.kind = kind; $0.count = UInt32(count); $0.bytes = UInt32(bytes) }),
                                       timeoutMilliseconds: 300_000).benchPublish
        let publishing = PublishLoop(events: count, seconds: Double(reply.elapsedNanos) / 1e9,
                                     thread: ThreadSchedule.mainThreadAtRest(core) - scheduled,
                                     otherThreads: ThreadSchedule.otherThreads(core) - others,
                                     pageFaults: ProcessCPU.minorFaults(core) - faults)
        let tallies = wait()
        return Throughput(subscriberRates: tallies.map(\.rate), publishing: publishing,
                          messageBytes: Int(reply.messageBytes),
                          received: tallies.map(\.received).min() ?? 0,
                          missed: tallies.map(\.missed).max() ?? 0)
    }

    /// A raw publisher's endpoint in the bench's scratch folder.
    static func rawEndpoint(_ scratch: URL, keepingFreedMemory: Bool = false) -> String {
        "ipc://" + scratch.appendingPathComponent(keepingFreedMemory ? "raw-pub-keeping" : "raw-pub").path
    }

    /// One burst of the raw loop to `subscribers` raw subscribers, from a raw publisher started for it.
    static func rawThroughput(scratch: URL, subscribers: Int, count: Int, topicBytes: Int, payloadBytes: Int) throws -> RawZMQLoops.PublishRun {
        let publisher = try RawPublisher(endpoint: rawEndpoint(scratch), count: count, topicBytes: topicBytes, payloadBytes: payloadBytes,
                                         runs: 1, subscribers: subscribers)
        defer { publisher.stop() }
        return try publisher.run()
    }

    /// Where the publishers' loop time went: each run's ratio, the share of the loop each publishing thread
    /// spent on a CPU and runnable but waiting for one (the two cores are shared with both I/O threads and
    /// the subscriber's), the CPU its other threads took per event, and its page faults.
    static func publishingNote(_ core: [PublishLoop], _ raw: [PublishLoop]) -> String {
        let ratios = zip(core, raw).map { String(format: "%.2f", $0.rate / max($1.rate, 1e-9)) }.joined(separator: " ")
        func median(_ loops: [PublishLoop], _ measure: (PublishLoop) -> Double) -> Double { Percentiles(loops.map(measure)).median }
        return "runs' ratios \(ratios); " + String(
            format: "the loop's thread on a CPU %.0f %% of its wall time (raw %.0f %%), runnable but waiting for one %.0f %% (raw %.0f %%); "
                + "the publisher's other threads (libzmq's I/O) %.0f ns on a CPU per event (raw %.0f ns); "
                + "page faults per 1,000 events %.1f (raw %.1f); medians",
            100 * median(core, \.onCPUShare), 100 * median(raw, \.onCPUShare), 100 * median(core, \.waitingShare),
            100 * median(raw, \.waitingShare), 1e9 * median(core, \.otherThreadsPerEvent), 1e9 * median(raw, \.otherThreadsPerEvent),
            median(core, \.pageFaultsPerThousandEvents), median(raw, \.pageFaultsPerThousandEvents))
    }

    static func mapwireRequests(map: BenchMap, url: String, count: Int, window: Int) throws -> Mapwire_V1_BenchRequestsResult {
        try map.client.run(.benchRequests(.with { $0.count = UInt32(count); $0.window = UInt32(window); $0.url = url }),
                           timeoutMilliseconds: 600_000).benchRequests
    }
}
