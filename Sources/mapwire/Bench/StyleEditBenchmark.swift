import Foundation
import MapWireClient
import MapWireProtocol

/// The live map (PROTOCOL.md 7.12) as a client feels it, on bright-v9 over Chicago through a core, a loader
/// and a renderer: a paint property or a filter changed in place reaches the next full frame in about the
/// time of a steady frame (nothing is loaded again), and a GeoJSON source of 10,000 points moved 100 at a
/// time ten times a second keeps up, beside the same updates sent as the whole data.
struct StyleEditBenchmark {
    let scratch: URL
    let scene: LoadScene
    /// Changes timed per kind.
    let edits: Int
    /// How long each 10 Hz update run lasts.
    let updateSeconds: Double
    var launchArguments: [String] = []

    static let points = 10_000
    static let moved = 100
    static let updateHz = 10.0

    func run() throws -> BenchReport.Section {
        var arguments = launchArguments
        for rule in scene.rewrites { arguments += ["--rewrite", rule] }
        let map = try BenchMap(scratch: scratch, name: "style-edits", plugins: ["loader", "renderer"], arguments: arguments)
        defer { map.stop() }
        guard let core = map.launcher.core else { throw BenchError("the style-edit benchmark's core did not start") }
        let events = try FrameEvents(endpoint: map.directory.eventsEndpoint)
        try map.client.run(.setSize(.with { $0.width = UInt32(scene.width); $0.height = UInt32(scene.height) }))
        if let center = scene.center, let zoom = scene.zoom {
            try map.client.run(.setCamera(.with { $0.center = .with { $0.longitude = center.longitude; $0.latitude = center.latitude }; $0.zoom = zoom }))
        }
        try map.client.run(.setStyleUri(.with { $0.uri = scene.styleURL }))
        try events.waitForIdle()

        var section = BenchReport.Section(key: "style-edits", title: "Live map (runtime style)")
        // A steady frame: the same tiles drawn again after a camera change too small to change them.
        let steady = try (0..<edits).map { index in
            try events.commandToFullFrame { try map.client.run(.setCamera(.with { $0.bearing = index % 2 == 0 ? 0.01 : 0 })) }
        }
        let loadsBefore = events.resourceRequests
        let paint = try (0..<edits).map { index in
            try events.commandToFullFrame {
                try map.client.run(.setPaintProperty(.with {
                    $0.layer = "water"; $0.name = "fill-color"; $0.valueJson = index % 2 == 0 ? ##""#3366cc""## : ##""#a0c8f0""##
                }))
            }
        }
        let filter = try (0..<edits).map { index in
            try events.commandToFullFrame {
                try map.client.run(.setFilter(.with {
                    $0.layer = "building"; $0.filterJson = index % 2 == 0 ? #"["==", "$type", "Polygon"]"# : "null"
                }))
            }
        }
        let reloaded = events.resourceRequests - loadsBefore
        let steadyMs = Percentiles(steady).median
        let note = "\(reloaded) resources requested again by the changes"
        section.figures.append(BenchFigure(key: "edit-to-frame-ms.paint", name: "set-paint-property → next full frame, \(scene.title) \(scene.sizeName), median",
                                           value: Percentiles(paint).median, unit: "ms", baselineName: "a steady frame (set-camera → next full frame)",
                                           baseline: steadyMs, note: note))
        section.figures.append(BenchFigure(key: "edit-to-frame-ms.filter", name: "set-filter → next full frame, \(scene.title) \(scene.sizeName), median",
                                           value: Percentiles(filter).median, unit: "ms", baselineName: "a steady frame (set-camera → next full frame)",
                                           baseline: steadyMs, note: note))

        // 10,000 points, 100 of them moved ten times a second.
        events.changing()
        try map.client.run(.addSource(.with { $0.id = "live"; $0.json = #"{"type": "geojson", "data": \#(Self.collection(round: 0))}"# }))
        try map.client.run(.addLayer(.with { $0.json = ##"{"id": "live", "type": "circle", "source": "live", "paint": {"circle-radius": 2, "circle-color": "#e03030"}}"## }))
        try events.waitForIdle()
        let rssBefore = try MemoryBenchmark.residentMiB(pid: core.pid)
        let partial = try updates(map, events) { round in
            .updateSourceData(.with { $0.source = "live"; $0.diffJson = Self.diff(round: round) })
        }
        let rssAfter = try MemoryBenchmark.residentMiB(pid: core.pid)
        let whole = try updates(map, events) { round in
            .setSourceData(.with { $0.source = "live"; $0.dataJson = Self.collection(round: round) })
        }
        section.figures.append(BenchFigure(
            key: "geojson-update-to-frame-ms.partial",
            name: "\(Self.points) points, \(Self.moved) moved at \(Int(Self.updateHz)) Hz by update-source-data: update → next full frame, median",
            value: partial.latency, unit: "ms", baselineName: "the same updates by set-source-data (the whole data)", baseline: whole.latency,
            note: "partial: \(partial.summary), core RSS \(String(format: "%.1f", rssBefore)) → \(String(format: "%.1f", rssAfter)) MiB; whole: \(whole.summary)"))
        section.notes.append("Each change waits for map-idle before it is sent, so it starts from a drawn map; steady frames alternate the bearing between 0 and 0.01°. The updates run \(Int(updateSeconds)) s each at \(Int(Self.updateHz)) Hz; a run keeps up when its last update is drawn within a frame of being sent (\"drained\").")
        return section
    }

    struct UpdateRun {
        var latency: Double
        var summary: String
    }

    /// Sends `command(round)` at 10 Hz for `updateSeconds`; the time from each send to the first full frame
    /// after its reply, and how long the map took to draw the last one.
    private func updates(_ map: BenchMap, _ events: FrameEvents, _ command: (Int) -> Mapwire_V1_Command.OneOf_Kind) throws -> UpdateRun {
        try events.waitForIdle()
        let interval = UInt64(1e9 / Self.updateHz)
        let rounds = Int(updateSeconds * Self.updateHz)
        let start = BenchThreads.now()
        let (full, partial) = (events.fullFrames, events.partialFrames)
        var sent: [UInt64] = []
        var latencies: [Double] = []
        var replyMs: [Double] = []
        // Updates that cannot keep up are cut off at three times the run's length.
        let cutoff = start + UInt64(3 * updateSeconds * 1e9)
        var sentRounds = 0
        for round in 1...rounds where BenchThreads.now() < cutoff {
            sentRounds = round
            let due = start + UInt64(round - 1) * interval
            while BenchThreads.now() < due {
                events.poll(untilNanos: due) { frameAt in
                    latencies += sent.map { Double(frameAt - $0) / 1e6 }
                    sent = []
                }
            }
            let before = BenchThreads.now()
            events.changing()
            try map.client.run(command(round), timeoutMilliseconds: 60_000)
            replyMs.append(Double(BenchThreads.now() - before) / 1e6)
            sent.append(before)
        }
        let lastSent = sent.last ?? BenchThreads.now()
        let idle = try events.waitForIdle()
        let drained = Double(idle - lastSent) / 1e6
        let elapsed = Double(BenchThreads.now() - start) / 1e9
        let summary = "\(sentRounds) of \(rounds) updates in \(String(format: "%.1f", elapsed)) s, reply p50 \(String(format: "%.1f", Percentiles(replyMs).median)) ms, "
            + "p99 \(String(format: "%.1f", Percentiles(replyMs).at(0.99))) ms, drained \(String(format: "%.0f", drained)) ms after the last, "
            + "frames \(events.fullFrames - full) full and \(events.partialFrames - partial) partial"
        return UpdateRun(latency: Percentiles(latencies.isEmpty ? [drained] : latencies).median, summary: summary)
    }

    /// The points of round `round`: a 100 × 100 grid over the scene, the moved ones shifted a little.
    static func collection(round: Int) -> String {
        "{\"type\": \"FeatureCollection\", \"features\": [" + (0..<points).map { feature($0, round: round) }.joined(separator: ",") + "]}"
    }

    /// The features of round `round` that move: `moved` of them, a different hundred each round.
    static func diff(round: Int) -> String {
        let first = (round * moved) % points
        let updates = (first..<(first + moved)).map { id in
            let (lng, lat) = position(id, round: round)
            return #"{"id": \#(id), "newGeometry": {"type": "Point", "coordinates": [\#(lng), \#(lat)]}}"#
        }
        return #"{"update": ["# + updates.joined(separator: ",") + "]}"
    }

    private static func feature(_ id: Int, round: Int) -> String {
        let (lng, lat) = position(id, round: round)
        return #"{"type": "Feature", "id": \#(id), "properties": {}, "geometry": {"type": "Point", "coordinates": [\#(lng), \#(lat)]}}"#
    }

    private static func position(_ id: Int, round: Int) -> (Double, Double) {
        let shift = Double(round % 7) * 0.0002
        return (-87.66 + Double(id % 100) * 0.0008 + shift, 41.85 + Double(id / 100) * 0.0005)
    }
}

/// The events the style-edit benchmark waits on, read on the calling thread.
private final class FrameEvents {
    private let subscriber: EventSubscriber
    private(set) var resourceRequests = 0
    /// Frames finished, full and partial.
    private(set) var fullFrames = 0
    private(set) var partialFrames = 0
    /// Whether the last map-idle read came after the last change sent (`changing()`).
    private var idle = false

    init(endpoint: String) throws {
        subscriber = try EventSubscriber(endpoint: endpoint, prefixes: ["render-frame-finished", "map-idle", "resource-request", "map-did-fail-loading"])
        _ = try subscriber.waitUntilWelcomed(timeoutMilliseconds: 10_000)
        guard subscriber.isWelcomed else { throw BenchError("the core did not welcome the bench's subscriber") }
    }

    /// A change is about to be sent: the map is not idle until its next map-idle.
    func changing() { idle = false }

    /// Reads events until map-idle (at once when the map is idle since the last change); when it came
    /// (monotonic ns).
    @discardableResult
    func waitForIdle(timeoutSeconds: Double = 120) throws -> UInt64 {
        if idle { return BenchThreads.now() }
        let deadline = BenchThreads.now() + UInt64(timeoutSeconds * 1e9)
        while BenchThreads.now() < deadline {
            switch try next(timeoutMilliseconds: 200) {
            case .mapIdle?: return BenchThreads.now()
            case .mapDidFailLoading(let e)?: throw BenchError("the map failed to load: \(e.error)")
            default: continue
            }
        }
        throw BenchError("no map-idle within \(Int(timeoutSeconds)) s")
    }

    /// From the map idle: runs `send`, then waits for the next full frame; the ms in between. Returns once
    /// the map is idle again.
    func commandToFullFrame(_ send: () throws -> Void) throws -> Double {
        try waitForIdle()
        changing()
        let start = BenchThreads.now()
        try send()
        let deadline = start + 60_000_000_000
        while BenchThreads.now() < deadline {
            if case .renderFrameFinished(let frame)? = try next(timeoutMilliseconds: 200), frame.renderMode == .full {
                let ms = Double(BenchThreads.now() - start) / 1e6
                try waitForIdle()
                return ms
            }
        }
        throw BenchError("no full frame within 60 s of a change")
    }

    /// Reads what arrives until `untilNanos`, calling `fullFrame` with the time of each full frame.
    func poll(untilNanos: UInt64, fullFrame: (UInt64) -> Void) {
        let now = BenchThreads.now()
        guard now < untilNanos else { return }
        if case .renderFrameFinished(let frame)? = try? next(timeoutMilliseconds: Int32(max(1, (untilNanos - now) / 1_000_000))),
           frame.renderMode == .full {
            fullFrame(BenchThreads.now())
        }
    }

    private func next(timeoutMilliseconds: Int32) throws -> Mapwire_V1_Envelope.OneOf_Payload? {
        guard let item = try subscriber.next(timeoutMilliseconds: Int(timeoutMilliseconds)), case .event(_, let envelope) = item else { return nil }
        if case .resourceRequest? = envelope.payload { resourceRequests += 1 }
        if case .mapIdle? = envelope.payload { idle = true }
        if case .renderFrameFinished(let frame)? = envelope.payload {
            if frame.renderMode == .full { fullFrames += 1 } else { partialFrames += 1 }
        }
        return envelope.payload
    }
}
