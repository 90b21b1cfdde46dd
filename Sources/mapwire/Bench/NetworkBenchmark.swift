import Foundation
import Logging
import MapWireHTTP
import MapWireProcess
import MapWireProtocol

/// The network: nginx on loopback serving tiles and bright-v9 over Chicago. Tiles/s through
/// core ↔ loader against async-http-client alone; a cache hit's round trip against a local file; an
/// offline region of 1,000 tiles against `curl --parallel`; set-style → map-idle cold, warm and offline
/// against the same map from local files.
struct NetworkBenchmark {
    let scratch: URL
    let fixtures: URL
    /// Rounds of each figure (medians are reported).
    let runs: Int
    /// Tile loads per round of the throughput figure.
    let tileLoads: Int
    /// Round trips per round of the cache-hit figure.
    let roundTrips: Int
    static let inFlight = 32
    static let regionParallel = 20
    static let curl = "/usr/bin/curl"

    func run() throws -> BenchReport.Section {
        var section = BenchReport.Section(key: "network", title: "Network")
        // Tiles as they are (no gzip on the fly): compressing each 31 KiB tile took a third of all CPU
        // time and capped every client at nginx's rate.
        let nginx = try NginxProcess(root: scratch.appendingPathComponent("nginx"), gzipTiles: false)
        defer { nginx.stop() }
        let site = NetworkSite(nginx: nginx)
        let gridStyle = try site.publishGrid(fixtures: fixtures)
        section.figures.append(try tileThroughput(site))
        section.figures += try cacheHit(site)
        do { section.figures.append(try offlineRegion(site, style: gridStyle)) }
        catch { section.notes.append("offline region: \(error)") }
        section.figures += try styleLoads(site)
        section.notes.append("nginx \(nginx.baseURL) (one worker, gzip on for JSON only: tiles as they are, access log on), medians of \(runs) round(s), each MapWire run alternating with its baseline. Tiles/s: \(tileLoads) loads per round of one 10/100/300 grid tile (a copy of a Chicago fixture tile) by the core's bench-requests command to a loader started with --cache-size=0 --max-concurrent-requests=32; the baseline fetches the same URL as often with HTTPResourceLoader.download (the loader's own async-http-client fetcher, no cache) in this process, 32 in flight. Cache hit: one request at a time (\(roundTrips) per round) for a fresh cached http URL, against the same bytes as a file:// URL, same loader. Offline region: `mapwire offline download` as a child, new cache file each round, --parallel \(Self.regionParallel); curl \(Self.curlVersion()) --parallel --parallel-max \(Self.regionParallel) --compressed to /dev/null over the region's tile URLs. Style loads: new core + loader + renderer per run; cold with an empty cache file, warm on the cache the cold run filled, offline (core --offline) on the same cache.")
        return section
    }

    // MARK: 1. Tiles per second

    func tileThroughput(_ site: NetworkSite) throws -> BenchFigure {
        let url = site.gridTileURL(x: NetworkSite.gridX.lowerBound, y: NetworkSite.gridY.lowerBound)
        let map = try BenchMap(scratch: scratch, name: "net-tiles", plugins: ["loader"],
                               arguments: ["--loader-argument=--cache-size=0", "--loader-argument=--max-concurrent-requests=\(Self.inFlight)"])
        defer { map.stop() }
        var settings = HTTPSettings()
        settings.maxConcurrentRequests = Self.inFlight
        let fetcher = try HTTPResourceLoader(settings: settings, configuration: LoaderConfiguration(), logger: Logger(label: "mapwire-bench"))
        defer { fetcher.shutdown() }
        // A warm-up of each, so connections are open before the clock runs.
        _ = try BusBenchmark.mapwireRequests(map: map, url: url, count: Self.inFlight * 2, window: Self.inFlight)
        _ = Self.downloads(fetcher, url: url, count: Self.inFlight * 2, inFlight: Self.inFlight)
        var ours: [Double] = [], theirs: [Double] = [], failures = 0, replyBytes = 0
        for _ in 0..<runs {
            let result = try BusBenchmark.mapwireRequests(map: map, url: url, count: tileLoads, window: Self.inFlight)
            failures += Int(result.failures)
            replyBytes = Int(result.replyBytes)
            ours.append(Double(tileLoads) / (Double(max(1, result.elapsedNanos)) / 1e9))
            let alone = Self.downloads(fetcher, url: url, count: tileLoads, inFlight: Self.inFlight)
            failures += alone.failures
            theirs.append(Double(tileLoads) / (Double(max(1, alone.nanos)) / 1e9))
        }
        return BenchFigure(key: "http-tiles-per-second", name: "tiles/s over HTTP from nginx through core ↔ loader (no cache), one \(replyBytes / 1024) KiB tile, \(Self.inFlight) in flight",
                           value: Percentiles(ours).median, unit: "tiles/s",
                           baselineName: "async-http-client alone (HTTPResourceLoader.download), \(Self.inFlight) in flight", baseline: Percentiles(theirs).median,
                           note: failures > 0 ? "\(failures) failed" : nil)
    }

    /// `count` downloads of `url`, `inFlight` at a time; the time they took and how many failed.
    static func downloads(_ fetcher: HTTPResourceLoader, url: String, count: Int, inFlight: Int) -> (nanos: UInt64, failures: Int) {
        blocking {
            let start = BenchThreads.now()
            var failures = 0
            await withTaskGroup(of: Bool.self) { group in
                var started = 0
                while started < min(inFlight, count) {
                    group.addTask { await fetcher.download(url, kind: .tile, priority: .regular).data != nil }
                    started += 1
                }
                while let ok = await group.next() {
                    if !ok { failures += 1 }
                    if started < count {
                        group.addTask { await fetcher.download(url, kind: .tile, priority: .regular).data != nil }
                        started += 1
                    }
                }
            }
            return (BenchThreads.now() - start, failures)
        }
    }

    /// Runs `body` on the cooperative pool and waits for it on this (non-pool) thread.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let result = Shared<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await body()
            result.update { $0 = value }
            done.signal()
        }
        done.wait()
        return result.get()!
    }

    // MARK: 2. A cache hit's round trip

    func cacheHit(_ site: NetworkSite) throws -> [BenchFigure] {
        let x = NetworkSite.gridX.lowerBound + 1, y = NetworkSite.gridY.lowerBound
        let url = site.gridTileURL(x: x, y: y)
        let file = "file://" + site.nginx.www.appendingPathComponent("fresh/grid/\(NetworkSite.gridZoom)/\(x)/\(y).mvt").path
        let cache = scratch.appendingPathComponent("net-hit-cache.db").path
        let map = try BenchMap(scratch: scratch, name: "net-hit", plugins: ["loader"], arguments: ["--cache", cache])
        defer { map.stop() }
        let fragment = "/grid/\(NetworkSite.gridZoom)/\(x)/\(y).mvt"
        // The first load fetches and stores it; every later one is a fresh hit.
        let first = try BusBenchmark.mapwireRequests(map: map, url: url, count: 1, window: 1)
        guard first.failures == 0 else { throw BenchError("the first load of \(url) failed") }
        _ = try BusBenchmark.mapwireRequests(map: map, url: file, count: 100, window: 1)
        let fetchedBefore = site.loggedRequests(containing: fragment)
        var ours: [Double] = [], theirs: [Double] = [], failures = 0, bytes = 0
        let blocks = 10
        for _ in 0..<(runs * blocks) {
            let size = max(1, roundTrips / blocks)
            let hit = try BusBenchmark.mapwireRequests(map: map, url: url, count: size, window: 1)
            ours += hit.roundTripNanos.map { Double($0) / 1000 }
            bytes = Int(hit.replyBytes)
            let local = try BusBenchmark.mapwireRequests(map: map, url: file, count: size, window: 1)
            theirs += local.roundTripNanos.map { Double($0) / 1000 }
            failures += Int(hit.failures + local.failures)
        }
        let reachedServer = site.loggedRequests(containing: fragment) - fetchedBefore
        let ourP = Percentiles(ours), theirP = Percentiles(theirs)
        let note = "reply \(bytes) B; nginx saw \(reachedServer) request(s) for it meanwhile" + (failures > 0 ? "; \(failures) failed" : "")
        return [
            BenchFigure(key: "cache-hit-round-trip-p50", name: "cache hit round trip core → loader → cache → core, fresh http URL, p50",
                        value: ourP.median, unit: "µs", baselineName: "the same bytes as a file:// URL", baseline: theirP.median, note: note),
            BenchFigure(key: "cache-hit-round-trip-p99", name: "cache hit round trip, p99",
                        value: ourP.at(0.99), unit: "µs", baselineName: "the same bytes as a file:// URL", baseline: theirP.at(0.99)),
        ]
    }

    // MARK: 3. An offline region of 1,000 tiles

    func offlineRegion(_ site: NetworkSite, style: String) throws -> BenchFigure {
        guard FileManager.default.isExecutableFile(atPath: Self.curl) else { throw BenchError("skipped: no \(Self.curl)") }
        let urls = site.gridTileURLs
        let config = scratch.appendingPathComponent("curl-urls.txt")
        try urls.map { "url = \"\($0)\"\noutput = \"/dev/null\"\n" }.joined().write(to: config, atomically: true, encoding: .utf8)
        var ours: [Double] = [], theirs: [Double] = [], tiles = 0
        for run in 0..<runs {
            let log = scratch.appendingPathComponent("offline-\(run).log")
            let start = BenchThreads.now()
            let download = try ChildProcess(
                name: "offline-download", executable: ChildProcess.sibling("mapwire"),
                arguments: ["offline", "download", "grid", "--style", style, "--bounds=\(site.gridBounds)", "--zoom", "\(NetworkSite.gridZoom)",
                            "--parallel", "\(Self.regionParallel)", "--cache", scratch.appendingPathComponent("region-\(run).db").path],
                standardOutput: .file(log.path), standardError: .file(log.path))
            guard download.waitForExit(timeout: 600) else {
                download.stop()
                throw BenchError("mapwire offline download took over 10 minutes")
            }
            ours.append(Double(BenchThreads.now() - start) / 1e9)
            let lines = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
            let last = lines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
            guard download.termination?.status == 0, last["done"] as? Bool == true else {
                throw BenchError("mapwire offline download \(download.exitDescription): \(lines.suffix(3).joined(separator: " "))")
            }
            tiles = last["tiles"] as? Int ?? 0

            let curlStart = BenchThreads.now()
            let curl = try ChildProcess(name: "curl", executable: URL(fileURLWithPath: Self.curl),
                                        arguments: ["--parallel", "--parallel-max", "\(Self.regionParallel)", "--compressed", "-sS", "--fail", "-K", config.path],
                                        standardOutput: .discarded, standardError: .file(scratch.appendingPathComponent("curl.log").path))
            guard curl.waitForExit(timeout: 600), curl.termination?.status == 0 else {
                curl.stop()
                throw BenchError("curl --parallel \(curl.exitDescription) (see curl.log; it needs curl ≥ 7.66)")
            }
            theirs.append(Double(BenchThreads.now() - curlStart) / 1e9)
        }
        return BenchFigure(key: "offline-region-seconds", name: "offline region of \(tiles) tiles (+ style and TileJSON): mapwire offline download, \(Self.regionParallel) in flight",
                           value: Percentiles(ours).median, unit: "s",
                           baselineName: "curl --parallel --parallel-max \(Self.regionParallel), the \(urls.count) tile URLs", baseline: Percentiles(theirs).median)
    }

    static func curlVersion() -> String {
        guard let process = try? ChildProcess(name: "curl", executable: URL(fileURLWithPath: curl), arguments: ["--version"],
                                              standardOutput: .pipe, standardError: .discarded) else { return "?" }
        let text = String(decoding: process.standardOutput?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        process.waitForExit()
        return text.split(separator: " ").dropFirst().first.map(String.init) ?? "?"
    }

    // MARK: 4. Set-style → map-idle over nginx

    func styleLoads(_ site: NetworkSite) throws -> [BenchFigure] {
        let local = try LoadScene.chicago(fixtures: fixtures, scratch: scratch)
        let styleURL = try site.publishChicago(fixtures: fixtures, sprite: scratch.appendingPathComponent("sprite/bright-v9"))
        var idle: [String: [Double]] = [:]
        var tiles = 0, warmRequests = 0, offlineRequests = 0
        for run in 0..<runs {
            let cache = scratch.appendingPathComponent("chicago-\(run).db").path
            func measure(_ key: String, _ scene: LoadScene, _ arguments: [String]) throws {
                var scene = scene
                scene.key = "net-\(key)-\(run)"
                let times = try LoadBenchmark(scratch: scratch, runs: 1, launchArguments: arguments).measure(scene)
                idle[key, default: []] += times.idleMs
                tiles = times.tiles.last ?? tiles
            }
            try measure("local", local, ["--cache", scratch.appendingPathComponent("local-\(run).db").path])
            var http = local
            http.styleURL = styleURL
            http.rewrites = []
            try measure("cold", http, ["--cache", cache])
            var before = site.loggedRequests(containing: "/fresh/")
            try measure("warm", http, ["--cache", cache])
            warmRequests += site.loggedRequests(containing: "/fresh/") - before
            before = site.loggedRequests(containing: "/fresh/")
            try measure("offline", http, ["--cache", cache, "--offline"])
            offlineRequests += site.loggedRequests(containing: "/fresh/") - before
        }
        let baseline = Percentiles(idle["local"] ?? []).median
        let title = "bright-v9 over Chicago from nginx, \(local.side)×\(local.side): set-style-uri → map-idle"
        let baselineName = "the same map from local files (file://)"
        return [
            BenchFigure(key: "style-to-idle.http-cold", name: "\(title), cold (empty cache)", value: Percentiles(idle["cold"] ?? []).median,
                        unit: "ms", baselineName: baselineName, baseline: baseline, note: "\(tiles) tiles"),
            BenchFigure(key: "style-to-idle.http-warm", name: "\(title), warm (all cached, fresh)", value: Percentiles(idle["warm"] ?? []).median,
                        unit: "ms", baselineName: baselineName, baseline: baseline, note: "nginx saw \(warmRequests) request(s) in the warm runs"),
            BenchFigure(key: "style-to-idle.http-offline", name: "\(title), offline (core --offline, from the cache)", value: Percentiles(idle["offline"] ?? []).median,
                        unit: "ms", baselineName: baselineName, baseline: baseline, note: "nginx saw \(offlineRequests) request(s) in the offline runs"),
        ]
    }
}
