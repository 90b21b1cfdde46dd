import Foundation
import MapWireDemo
import MapWireGeometry
import MapWireProtocol

/// How the figures change with more sources, more subscribers, slow subscribers, more loaders and bigger viewports.
struct ScaleBenchmark {
    let scratch: URL
    let events: Int
    let requests: Int
    let subscriberCounts: [Int]
    let viewportSides: [Int]
    let cameraMoves: Int
    let sourceAdds: Int
    /// The fixtures folder (the loader-bound figure uses the Chicago tiles, the demo town's without it).
    var fixtures: URL? = nil
    var loaderTiles = LoaderBoundTileSet.cities
    /// Launch options every map gets (--offline, --cache PATH).
    var launchArguments: [String] = []

    func run(map: BenchMap) throws -> BenchReport.Section {
        var section = BenchReport.Section(key: "scale", title: "Scale")
        section.figures += try SourceAddBenchmark(scratch: scratch, adds: sourceAdds, launchArguments: launchArguments).run()
        let topic = "resource-request"
        for count in subscriberCounts {
            let ours = try BusBenchmark.mapwireThroughput(map: map, kind: .resourceRequest, bytes: 256, count: events, subscribers: count)
            let raw = try BusBenchmark.rawThroughput(scratch: scratch, subscribers: count, count: events, topicBytes: topic.utf8.count,
                                                 payloadBytes: ours.messageBytes - topic.utf8.count)
            let lost = Int(ours.missed) + (events - ours.received)
            section.figures.append(BenchFigure(
                key: "events-per-second.subscribers-\(count)", name: "events/s per subscriber, \(count) decoding subscriber(s), \(topic) (\(ours.messageBytes) B)",
                value: Percentiles(ours.subscriberRates).median, unit: "events/s",
                baselineName: "raw libzmq PUB/SUB, \(count) SUB(s)", baseline: Percentiles(raw.tallies.map(\.rate)).median,
                note: lost > 0 ? "\(lost) events lost by the slowest" : nil))
        }
        section.figures += try slowSubscribers(map: map)
        section.figures += try loaders()
        let (bound, boundNote) = try LoaderBoundBenchmark(scratch: scratch, fixtures: fixtures, requests: requests, tileSet: loaderTiles,
                                                             launchArguments: launchArguments).run()
        section.figures += bound
        section.notes.append(boundNote)
        let (figures, note) = try cameraChanges()
        section.figures += figures
        section.notes.append(note)
        return section
    }

    /// The core's publishing rate with one reading subscriber, then with five more that never read.
    func slowSubscribers(map: BenchMap) throws -> [BenchFigure] {
        let alone = try BusBenchmark.mapwireThroughput(map: map, kind: .resourceRequest, bytes: 256, count: events, subscribers: 1)
        let crowded = try BusBenchmark.mapwireThroughput(map: map, kind: .resourceRequest, bytes: 256, count: events, subscribers: 1, slow: 5)
        let lost = Int(crowded.missed) + (events - crowded.received)
        return [
            BenchFigure(key: "core-publish-rate.slow-subscribers-5", name: "core publish rate, 1 subscriber + 5 that never read",
                        value: crowded.publishing.rate, unit: "events/s", baselineName: "1 subscriber, none slow", baseline: alone.publishing.rate),
            BenchFigure(key: "events-per-second.slow-subscribers-5", name: "events/s of the reading subscriber, with 5 that never read",
                        value: crowded.subscriberRates.first ?? 0, unit: "events/s", baselineName: "1 subscriber, none slow",
                        baseline: alone.subscriberRates.first ?? 0, note: lost > 0 ? "it lost \(lost)" : "it lost none"),
        ]
    }

    /// Load-resource requests per second, 32 in flight, with 1 and 2 loader processes.
    func loaders() throws -> [BenchFigure] {
        let file = scratch.appendingPathComponent("tiny.bin")
        try Data(repeating: 0x2a, count: 64).write(to: file)
        var figures: [BenchFigure] = []
        for count in [1, 2] {
            let map = try BenchMap(scratch: scratch, name: "loaders-\(count)", plugins: Array(repeating: "loader", count: count), arguments: launchArguments)
            defer { map.stop() }
            let runs = try BusBenchmark.interleavedRequests(map: map, url: file.absoluteString, count: requests, window: 32, workers: count,
                                                            endpoint: "ipc://" + scratch.appendingPathComponent("raw-rr-\(count)").path)
            figures.append(BenchFigure(
                key: "requests-per-second.loaders-\(count)", name: "load requests/s, \(count) loader process(es), 32 in flight",
                value: Double(requests) / (Double(max(1, runs.mapwire.elapsed)) / 1e9), unit: "requests/s",
                baselineName: "raw ROUTER → \(count) DEALER echo(es)", baseline: Double(requests) / (Double(max(1, runs.raw.elapsed)) / 1e9),
                note: runs.failures > 0 ? "\(runs.failures) failed" : nil))
        }
        return figures
    }

    /// Camera moves on the demo town with loader and renderer, at growing viewport sizes: the core's
    /// reply to jump-to, and the time to map-idle (new tiles, a frame drawn at that size).
    func cameraChanges() throws -> ([BenchFigure], String) {
        let styleURL = try DemoData.write(to: scratch.appendingPathComponent("demo-scale", isDirectory: true))
        let map = try BenchMap(scratch: scratch, name: "camera", plugins: ["loader", "renderer"], arguments: launchArguments)
        defer { map.stop() }
        let watcher = try MapWatcher(endpoint: map.directory.eventsEndpoint)
        let zoom = Double(DemoData.defaultZoom)
        let home = LngLat(longitude: DemoData.center.longitude, latitude: DemoData.center.latitude)
        try map.client.run(.setCamera(.with { $0.center = .with { $0.longitude = home.longitude; $0.latitude = home.latitude }; $0.zoom = zoom }))
        try map.client.run(.setStyleUri(.with { $0.uri = styleURL.absoluteString }))
        _ = try watcher.waitForIdle(timeoutSeconds: 120)
        var figures: [BenchFigure] = []
        var smallest: (command: Double, idle: Double)?
        for side in viewportSides {
            try watcher.drain()
            try map.client.run(.setSize(.with { $0.width = UInt32(side); $0.height = UInt32(side) }))
            _ = try watcher.waitForIdle(timeoutSeconds: 120)
            // Pan by a quarter of the view each way, so each move brings tiles in and out.
            let degreesPerPixel = 360 / WebMercator.worldSize(zoom: zoom)
            let east = LngLat(longitude: home.longitude + Double(side) / 4 * degreesPerPixel, latitude: home.latitude)
            let tiles = TileCover.tiles(for: Transform(camera: Camera(center: home, zoom: zoom), size: ViewportSize(width: side, height: side)),
                                        tileSize: 512, minZoom: 12, maxZoom: 16, roundZoom: false).count
            var commandMs: [Double] = [], idleMs: [Double] = []
            for move in 0..<(cameraMoves + 2) {
                let target = move % 2 == 0 ? east : home
                try watcher.drain()
                let start = BenchThreads.now()
                try map.client.run(.jumpTo(.with { $0.center = .with { $0.longitude = target.longitude; $0.latitude = target.latitude } }))
                let replied = BenchThreads.now()
                let idle = try watcher.waitForIdle(timeoutSeconds: 120)
                // The first two moves load the tiles of both places; the rest are the steady cost.
                guard move >= 2 else { continue }
                commandMs.append(Double(replied - start) / 1e6)
                idleMs.append(Double(idle.nanos - start) / 1e6)
            }
            let command = Percentiles(commandMs).median, idle = Percentiles(idleMs).median
            smallest = smallest ?? (command, idle)
            figures.append(BenchFigure(key: "camera-change-command.\(side)", name: "camera change \(side)×\(side) (\(tiles) tiles): jump-to reply",
                                       value: command, unit: "ms", baselineName: "at \(viewportSides[0])×\(viewportSides[0])", baseline: smallest?.command))
            figures.append(BenchFigure(key: "camera-change-idle.\(side)", name: "camera change \(side)×\(side) (\(tiles) tiles): to map-idle, frame drawn",
                                       value: idle, unit: "ms", baselineName: "at \(viewportSides[0])×\(viewportSides[0])", baseline: smallest?.idle))
        }
        let note = "Camera changes: demo town at zoom \(DemoData.defaultZoom) with loader and renderer, jump-to back and forth by a quarter of the view, median of \(cameraMoves) moves after two warm-up moves (tiles cached); the ratio is against the smallest viewport. Requests: a 64-byte file answered by mapwire-loader."
        return (figures, note)
    }
}
