import Foundation
import MapWireFormats
import MapWireProtocol

/// Load requests/s with one and with two loader processes when the loader's work dominates: tiles of
/// an MBTiles file asked round robin, each read from SQLite and inflated (LoaderBoundTiles). The
/// 64-byte figures (`requests-per-second.loaders-N`) measure the core, which is the bottleneck there;
/// this one measures whether a second loader takes work off the first. Both maps run side by side and
/// are measured in alternating blocks, so both see the same machine; the CPU time of the core and of
/// the loaders over the blocks (/proc/PID/stat) says who was busy.
struct LoaderBoundBenchmark {
    let scratch: URL
    let fixtures: URL?
    let requests: Int
    var tileSet = LoaderBoundTileSet.cities
    var launchArguments: [String] = []
    var blocks = 6
    var window = 32

    /// One map's measured blocks: requests answered, their wall time, and the CPU its processes used.
    struct Tally {
        var requests = 0
        var nanos: UInt64 = 0
        var failures = 0
        var coreSeconds = 0.0
        /// Per loader process, in launch order.
        var loaderSeconds: [Double] = []
        /// The whole machine's idle and steal time, in CPU seconds (/proc/stat).
        var machineIdleSeconds = 0.0
        var machineStealSeconds = 0.0
        /// The main threads' time on a CPU and waiting for one while runnable: the core's, then each loader's.
        var mainThreads: [ThreadSchedule] = []

        var rate: Double { Double(requests) / (Double(max(1, nanos)) / 1e9) }
        var wallSeconds: Double { Double(nanos) / 1e9 }
        /// CPU seconds per wall second (1 = one core busy the whole time).
        var coreShare: Double { coreSeconds / max(wallSeconds, 1e-9) }
        var loaderShares: [Double] { loaderSeconds.map { $0 / max(wallSeconds, 1e-9) } }
    }

    func run() throws -> ([BenchFigure], String) {
        let tiles = try LoaderBoundTiles.write(to: scratch.appendingPathComponent("loader-bound", isDirectory: true), set: tileSet, fixtures: fixtures)
        let maps = try [1, 2].map { count in
            try BenchMap(scratch: scratch, name: "loader-bound-\(count)", plugins: Array(repeating: "loader", count: count), arguments: launchArguments)
        }
        defer { maps.forEach { $0.stop() } }
        try waitForLoaders(maps[1], count: 2)
        // Every tile once through each map first: SQLite's pages in the page cache, the loaders warmed up.
        for map in maps { _ = try measure(map, count: tiles.urls.count, urls: tiles.urls) }
        // Each block goes over the whole set at least once, so no block is answered from the loaders' memo.
        let perBlock = max(tiles.urls.count, requests / blocks)
        var tallies = [Tally(), Tally()]
        var alone = Tally()
        let reader = try MBTilesReader(path: tiles.path.path)
        let load = ProcessLoad.now()
        for block in 0..<blocks {
            // Alternate which map goes first, so neither always runs after the other.
            for which in block % 2 == 0 ? [0, 1] : [1, 0] {
                let t = try measure(maps[which], count: perBlock, urls: tiles.urls)
                tallies[which].add(t)
            }
            alone.add(try readAlone(reader, tiles: tiles, count: perBlock))
        }
        let (one, two) = (tallies[0], tallies[1])
        let description = "\(tiles.urls.count) distinct gzip tiles (\(tiles.origin), \(tiles.sources) sources, each copy made distinct by an extension field; "
            + "\(tiles.inflatedBytes / tiles.urls.count / 1024) KiB inflated, \(tiles.storedBytes / tiles.urls.count / 1024) KiB stored on average)"
        let figures = [
            BenchFigure(key: "requests-per-second.loader-bound.loaders-1",
                        name: "load requests/s, loader-bound: 1 loader process inflating MBTiles tiles, \(window) in flight",
                        value: one.rate, unit: "requests/s",
                        baselineName: "the same tiles read and inflated by MBTilesReader in the bench process, one thread", baseline: alone.rate,
                        note: "\(Self.shares(one))\(one.failures > 0 ? "; \(one.failures) failed" : "")\(alone.failures > 0 ? "; \(alone.failures) not read by the bench" : "")"),
            BenchFigure(key: "requests-per-second.loader-bound.loaders-2",
                        name: "load requests/s, loader-bound: 2 loader processes inflating MBTiles tiles, \(window) in flight",
                        value: two.rate, unit: "requests/s",
                        baselineName: "1 loader process, same tiles, alternating blocks", baseline: one.rate,
                        note: "\(Self.shares(two)); \(Self.ceiling(two, against: one))\(two.failures > 0 ? "; \(two.failures) failed" : "")"),
        ]
        let note = "Loader-bound requests: \(description), asked round robin (more than the loader's inflate memo of 128 keeps), "
            + "\(window) in flight; \(blocks) alternating blocks of \(perBlock) requests per map after one warm-up pass; "
            + "CPU shares are CPU seconds (utime + stime, all threads, /proc/PID/stat) per wall second of the blocks, 1.00 = one core; "
            + "\(ProcessInfo.processInfo.activeProcessorCount) cores; load average \(load) at the start."
        return (figures, note)
    }

    /// "core 0.24 (…), loaders 0.77 + 0.79 CPU per wall second; …": who was busy, who waited, what was left.
    static func shares(_ tally: Tally) -> String {
        let wall = max(tally.wallSeconds, 1e-9)
        let loaders: String = tally.loaderShares.map { String(format: "%.2f", $0) }.joined(separator: " + ")
        let waiting: String = tally.mainThreads.map { String(format: "%.2f", $0.waiting / wall) }.joined(separator: ", ")
        let plural = tally.loaderShares.count > 1 ? "s" : ""
        let busy = String(format: "core %.2f (its I/O thread included), loader%@ %@ CPU per wall second", tally.coreShare, plural, loaders)
        let machine = String(format: "the machine idle %.2f, stolen by the hypervisor %.2f CPU per wall second",
                             tally.machineIdleSeconds / wall, tally.machineStealSeconds / wall)
        return busy + "; main threads runnable but waiting for a CPU (core, loaders): " + waiting + " per wall second; " + machine
    }

    /// What the machine allows two loaders, from the runs' CPU per request: no more than twice the lone
    /// loader's rate, and no more than the cores can serve at the two-loader run's CPU per request (loaders'
    /// and core's, every thread). The lone loader is bound by its main thread, so its I/O thread and the core
    /// ran on the idle core beside it; with two loaders every thread shares the cores.
    static func ceiling(_ two: Tally, against one: Tally) -> String {
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        let machine = cores / max(two.cpuPerRequest.loaders + two.cpuPerRequest.core, 1e-12)
        let bound = min(2 * one.rate, machine)
        func split(_ t: Tally) -> String {
            let c = t.cpuPerRequest
            return String(format: "%.0f µs loader (%.0f its main thread) + %.0f µs core (%.0f its main thread)",
                          c.loaders * 1e6, c.loaderMain * 1e6, c.core * 1e6, c.coreMain * 1e6)
        }
        return "CPU per request, 1 loader: \(split(one)); 2 loaders: \(split(two)); "
            + String(format: "on %.0f cores two loaders can do at most min(2 × %.0f, %.0f cores ÷ %.0f µs) = %.0f requests/s, %.2f× one "
                     + "(%.0f %% of it reached)", cores, one.rate, cores, (two.cpuPerRequest.loaders + two.cpuPerRequest.core) * 1e6, bound,
                     bound / max(one.rate, 1e-9), 100 * two.rate / max(bound, 1e-9))
    }

    /// One bench-requests run over `urls`, with the CPU time its core and loaders spent.
    private func measure(_ map: BenchMap, count: Int, urls: [String]) throws -> Tally {
        let core = map.launcher.children.filter { $0.name == "core" }.map(\.pid)
        let loaders = map.launcher.children.filter { $0.name == "loader" }.map(\.pid)
        let coreBefore = core.map(ProcessCPU.seconds), loadersBefore = loaders.map(ProcessCPU.seconds)
        let mainBefore = (core + loaders).map(ThreadSchedule.mainThread)
        let machineBefore = ProcessCPU.machine()
        let start = BenchThreads.now()
        let reply = try map.client.run(.benchRequests(.with { $0.count = UInt32(count); $0.window = UInt32(window); $0.urls = urls }),
                                       timeoutMilliseconds: 600_000)
        let elapsed = BenchThreads.now() - start
        guard reply.ok else { throw BenchError("bench-requests over the loader-bound tiles was refused: \(reply.error)") }
        let coreAfter = core.map(ProcessCPU.seconds), loadersAfter = loaders.map(ProcessCPU.seconds)
        let mainAfter = (core + loaders).map(ThreadSchedule.mainThread)
        let machineAfter = ProcessCPU.machine()
        var tally = Tally(requests: count, nanos: elapsed, failures: Int(reply.benchRequests.failures))
        tally.coreSeconds = zip(coreAfter, coreBefore).map(-).reduce(0, +)
        tally.loaderSeconds = zip(loadersAfter, loadersBefore).map(-)
        tally.mainThreads = zip(mainAfter, mainBefore).map(-)
        tally.machineIdleSeconds = machineAfter.idle - machineBefore.idle
        tally.machineStealSeconds = machineAfter.steal - machineBefore.steal
        return tally
    }

    /// The loader's work without the bus: the same tiles, in the same order, read and inflated here.
    private func readAlone(_ reader: MBTilesReader, tiles: LoaderBoundTiles, count: Int) throws -> Tally {
        let start = BenchThreads.now()
        var failures = 0
        for index in 0..<count {
            let (x, y) = LoaderBoundTiles.position(index % tiles.urls.count)
            if (try? reader.tile(z: LoaderBoundTiles.zoom, x: x, y: y)) == nil { failures += 1 }
        }
        return Tally(requests: count, nanos: BenchThreads.now() - start, failures: failures)
    }

    /// Waits until the core has `count` loaders registered (the launcher waits for the role, not for each plugin).
    private func waitForLoaders(_ map: BenchMap, count: Int) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let roles = try? map.client.run(.ping(.init())).pong.pluginRoles, roles.filter({ $0 == PluginRole.loader }).count >= count { return }
            usleep(5000)
        }
        throw BenchError("the core did not see \(count) loaders within 10 s")
    }
}

extension LoaderBoundBenchmark.Tally {
    mutating func add(_ other: Self) {
        requests += other.requests
        nanos += other.nanos
        failures += other.failures
        coreSeconds += other.coreSeconds
        loaderSeconds = loaderSeconds.isEmpty ? other.loaderSeconds : zip(loaderSeconds, other.loaderSeconds).map(+)
        machineIdleSeconds += other.machineIdleSeconds
        machineStealSeconds += other.machineStealSeconds
        mainThreads = mainThreads.isEmpty ? other.mainThreads : zip(mainThreads, other.mainThreads).map(+)
    }

    /// CPU seconds per request: the loaders' (together) and the core's, all threads, and their main threads'.
    var cpuPerRequest: (loaders: Double, loaderMain: Double, core: Double, coreMain: Double) {
        let n = Double(max(1, requests))
        let loaderMain = mainThreads.dropFirst().reduce(0) { $0 + $1.running }
        return (loaderSeconds.reduce(0, +) / n, loaderMain / n, coreSeconds / n, (mainThreads.first?.running ?? 0) / n)
    }
}
