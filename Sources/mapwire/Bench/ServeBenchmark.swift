import Foundation
import MapWireProcess
import Synchronization

/// `mapwire serve` under load: 256 px tiles per second and their latency, cold (each tile drawn) and
/// warm (from the server's image cache), at 1, 2 and 4 renderers, each run a new server, under `wrk`
/// over loopback (WrkLoad); beside them the limit (the renderer alone in this process drawing the same
/// tiles), static 1024×768 images, and a renderer in a second network namespace over CurveZMQ TCP.
/// Without wrk, a small blocking client on threads of its own makes the requests instead.
struct ServeBenchmark {
    let scratch: URL
    let scene: LoadScene
    /// ../shared/fixtures when the scene is Chicago: the tiles are those the fixtures cover.
    let fixtures: URL?
    let rendererCounts: [Int]
    let grid: Int
    let concurrency: Int
    /// How long each warm run lasts under wrk.
    var warmSeconds = 5

    struct Result {
        var perSecond: Double
        var p50: Double
        var p99: Double
        /// The map's own frames drawn meanwhile (nil: not counted).
        var mapFrames: Int? = nil
    }

    func run() throws -> BenchReport.Section {
        var section = BenchReport.Section(key: "serve", title: "Serve")
        let tiles = tilePaths()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let wrk = WrkLoad.find().map { WrkLoad(executable: $0, scratch: scratch, connections: concurrency) }
        let client = wrk == nil ? "a blocking HTTP/1.1 client in the bench process (wrk is not installed: apt-get install wrk, or scripts/install-deps --bench)"
            : "wrk --latency, \(concurrency) threads of one connection each, a Lua script giving every request of a pass a different tile"
        for count in rendererCounts {
            let (cold, warm) = try measure(renderers: count, paths: tiles, wrk: wrk)
            add(&section, "", "\(count) renderer(s)", "\(count)-renderers", cold: cold, warm: warm)
        }
        if let fixtures {
            do {
                let limit = try ServeRendererLimit(fixtures: fixtures, sprite: Self.sprite(in: scratch)).run(paths: tiles)
                section.figures.append(BenchFigure(key: "serve.limit.tiles-per-second", name: "limit: the renderer alone on one core, same 256 px tiles drawn and PNG-encoded (no HTTP, no bus)",
                                                   value: limit.perSecond, unit: "tiles/s"))
                section.figures.append(BenchFigure(key: "serve.limit.p50", name: "limit: one tile drawn and encoded, p50", value: limit.p50, unit: "ms"))
                section.figures.append(BenchFigure(key: "serve.limit.p99", name: "limit: one tile drawn and encoded, p99", value: limit.p99, unit: "ms"))
                section.figures.append(BenchFigure(key: "serve.limit.crop-p50", name: "the server's part per tile: margin cropped, PNG again, p50",
                                                   value: limit.cropP50, unit: "ms"))
            } catch {
                section.notes.append("limit skipped: \(error)")
            }
        } else {
            section.notes.append("limit skipped: it draws the Chicago fixtures in process (give --fixtures)")
        }
        do {
            let statics = try measureStatic(wrk: wrk)
            section.figures.append(BenchFigure(key: "serve.static-1024x768.images-per-second", name: "static 1024×768 images/s (cold, 2 renderers)",
                                               value: statics.perSecond, unit: "images/s"))
            section.figures.append(BenchFigure(key: "serve.static-1024x768.p50", name: "static 1024×768 latency p50 (cold, 2 renderers)",
                                               value: statics.p50, unit: "ms"))
            section.figures.append(BenchFigure(key: "serve.static-1024x768.p99", name: "static 1024×768 latency p99 (cold, 2 renderers)",
                                               value: statics.p99, unit: "ms"))
        } catch {
            section.notes.append("static images skipped: \(error)")
        }
        if let why = NetworkNamespace.unavailableReason {
            section.notes.append("remote renderer skipped: \(why)")
        } else {
            do {
                let (cold, warm) = try measureRemote(paths: tiles, wrk: wrk)
                add(&section, "remote.", "1 renderer in a second network namespace (CurveZMQ TCP over veth)", "remote-1-renderer", cold: cold, warm: warm)
            } catch {
                section.notes.append("remote renderer skipped: \(error)")
            }
        }
        section.notes.append("\(scene.title): \(tiles.count) different 256 px tiles (\(fixtures == nil ? "a \(grid)×\(grid) block at the scene's centre" : "every zoom-14 tile the fixtures cover whose margin finds fixture tiles on every side"); each drawn at the engine's zoom with a \(32) px margin), \(concurrency) requests at a time over loopback HTTP/1.1 from \(client); cold: every tile drawn once (its vector tiles loaded by the loader), the rate is answers over the time from the first request to the last answer; warm: the same tiles from the server's image cache\(wrk == nil ? "" : " for \(warmSeconds) s"). A new `mapwire serve` per renderer count. \(cores) cores; load average at the start \(Self.loadAverage()).")
        return section
    }

    private func add(_ section: inout BenchReport.Section, _ prefix: String, _ who: String, _ key: String, cold: Result, warm: Result) {
        for (label, result) in [("cold", cold), ("warm", warm)] {
            section.figures.append(BenchFigure(key: "serve.\(prefix)\(label).\(key).tiles-per-second", name: "\(label) 256 px tiles/s, \(who)",
                                               value: result.perSecond, unit: "tiles/s"))
            section.figures.append(BenchFigure(key: "serve.\(prefix)\(label).\(key).p50", name: "\(label) tile latency p50, \(who)",
                                               value: result.p50, unit: "ms"))
            section.figures.append(BenchFigure(key: "serve.\(prefix)\(label).\(key).p99", name: "\(label) tile latency p99, \(who)",
                                               value: result.p99, unit: "ms"))
            if let frames = result.mapFrames {
                section.figures.append(BenchFigure(key: "serve.\(prefix)\(label).\(key).map-frames", name: "the map's own frames drawn meanwhile, \(label), \(who)",
                                                   value: Double(frames), unit: "frames"))
            }
        }
    }

    /// The sprite LoadScene.chicago built, when it is there.
    static func sprite(in scratch: URL) -> URL? {
        let base = scratch.appendingPathComponent("sprite/bright-v9")
        return FileManager.default.fileExists(atPath: base.appendingPathExtension("png").path) ? base : nil
    }

    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// 256 px tiles: with the fixtures, every zoom-14 tile under a fixture tile (Chicago's are zoom 13)
    /// whose margin finds fixture tiles on every side; else a grid (zoom one above the scene's engine zoom) around the scene's centre.
    func tilePaths() -> [String] {
        if let fixtures, let names = try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent("tiles/streets-v7/chicago").path) {
            let parents = names.compactMap { name -> (Int, Int)? in
                let parts = name.replacingOccurrences(of: ".mvt", with: "").split(separator: "-").compactMap { Int($0) }
                return parts.count == 3 && parts[0] == 13 ? (parts[1], parts[2]) : nil
            }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            // A tile's margin reaches into the fixture tiles beside the one it halves: only tiles whose
            // neighbours are all there are drawn whole (a missing file is a failed load, answered 502).
            let present = Set(parents.map { "\($0.0)/\($0.1)" })
            var paths: [String] = []
            for (x, y) in parents {
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    // The fixture tiles beside this quarter: left or right, above or below, and the corner.
                    let columns = [x, x + 2 * dx - 1], rows = [y, y + 2 * dy - 1]
                    let whole = columns.allSatisfy { column in rows.allSatisfy { row in present.contains("\(column)/\(row)") } }
                    if whole { paths.append("/styles/\(scene.key)/14/\(2 * x + dx)/\(2 * y + dy).png") }
                }
            }
            if !paths.isEmpty { return paths }
        }
        let zoom = Int(scene.zoom ?? 14) + 1
        let n = Double(1 << zoom)
        let lon = scene.center?.longitude ?? 0, lat = scene.center?.latitude ?? 0
        let cx = Int((lon + 180) / 360 * n)
        let cy = Int((1 - asinh(tan(lat * .pi / 180)) / .pi) / 2 * n)
        return (0..<(grid * grid)).map { "/styles/\(scene.key)/\(zoom)/\(cx - grid / 2 + $0 % grid)/\(cy - grid / 2 + $0 / grid).png" }
    }

    /// Static 1024×768 images at different centres around the scene's, each drawn (2 renderers). West of
    /// the centre only: Chicago's centre is on the fixtures' last column of tiles, and a view reaching past
    /// it needs files that are not there (a failed load, answered 502).
    private func measureStatic(wrk: WrkLoad?) throws -> Result {
        let lon = scene.center?.longitude ?? 0, lat = scene.center?.latitude ?? 0, zoom = scene.zoom ?? 14
        let paths = (0..<16).map { i in
            "/styles/\(scene.key)/static/\(lon + Double(i % 4 - 4) * 0.004),\(lat + Double(i / 4 - 2) * 0.003),\(zoom)/1024x768.png"
        }
        return try withServer(renderers: 2, name: "static") { port, events, _ in try cold(port: port, events: events, paths: paths, wrk: wrk, name: "static") }
    }

    private func measure(renderers: Int, paths: [String], wrk: WrkLoad?) throws -> (cold: Result, warm: Result) {
        try withServer(renderers: renderers, name: "\(renderers)") { port, events, _ in
            (try cold(port: port, events: events, paths: paths, wrk: wrk, name: "cold-\(renderers)"), try warm(port: port, paths: paths, wrk: wrk, name: "warm-\(renderers)"))
        }
    }

    /// Every path once; `events`: the style's core's event bus (its map frames are counted meanwhile).
    func cold(port: Int, events: String, paths: [String], wrk: WrkLoad?, name: String) throws -> Result {
        let counter = try? FrameCounter(eventsEndpoint: events)
        var result: Result
        if let wrk {
            let load = try wrk.once(port: port, paths: paths, name: name)
            guard load.failed == 0 else { throw ServeBenchmarkError(description: "\(load.failed) of \(load.answered) requests failed (\(name))") }
            result = Result(perSecond: load.perSecond, p50: load.p50, p99: load.p99)
        } else {
            result = burst(port: port, paths: paths)
        }
        result.mapFrames = counter?.finish()
        return result
    }

    private func warm(port: Int, paths: [String], wrk: WrkLoad?, name: String) throws -> Result {
        guard let wrk else { return burst(port: port, paths: paths) }
        let result = try wrk.repeating(port: port, paths: paths, name: name, seconds: warmSeconds)
        guard result.failed == 0 else { throw ServeBenchmarkError(description: "\(result.failed) of \(result.answered) requests failed (\(name))") }
        return Result(perSecond: result.perSecond, p50: result.p50, p99: result.p99)
    }

    /// A new `mapwire serve` with `renderers` renderers (and `extra` arguments), ready, for `body`
    /// (given its port, its style's core's events endpoint and the server's pid).
    func withServer<T>(renderers: Int, name: String, extra: [String] = [], whenStarted: (() throws -> Void)? = nil,
                       _ body: (Int, String, Int32) throws -> T) throws -> T {
        let port = try LoopbackPort.free()
        let logs = scratch.appendingPathComponent("serve-\(name)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let style = scene.styleURL.hasPrefix("file://") ? URL(string: scene.styleURL)!.path : scene.styleURL
        let server = try ChildProcess(name: "serve", executable: ChildProcess.sibling("mapwire"),
                                      arguments: ["serve", "--port", "\(port)", "--renderers", "\(renderers)", "--style", style, "--id", scene.key,
                                                  "--run-dir", logs.appendingPathComponent("run").path]
                                          + scene.rewrites.flatMap { ["--rewrite", $0] } + extra,
                                      standardOutput: .file(logs.appendingPathComponent("serve.out").path),
                                      standardError: .file(logs.appendingPathComponent("serve.err").path))
        defer { server.stop(grace: 10) }
        try whenStarted?()
        let deadline = monotonicSeconds() + 120
        while SimpleHTTP.get(port: port, path: "/health") != 200 {
            guard monotonicSeconds() < deadline, server.isRunning else { throw ServeBenchmarkError(description: "mapwire serve did not become ready (\(logs.path))") }
            usleep(100_000)
        }
        return try body(port, "ipc://\(logs.path)/run/\(scene.key)/events", server.pid)
    }

    /// One renderer in a namespace of its own joins a server that has none, over CurveZMQ TCP on a veth pair.
    private func measureRemote(paths: [String], wrk: WrkLoad?) throws -> (cold: Result, warm: Result) {
        let keys = scratch.appendingPathComponent("remote-keys", isDirectory: true)
        try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true)
        for name in ["core", "renderer"] {
            let keygen = try ChildProcess(name: "keygen", executable: ChildProcess.sibling("mapwire"),
                                          arguments: ["keygen", "--force", keys.appendingPathComponent(name).path], standardOutput: .discarded)
            keygen.waitForExit()
            guard keygen.termination?.status == 0 else { throw ServeBenchmarkError(description: "mapwire keygen failed") }
        }
        let namespace = try NetworkNamespace(prefix: "mwb", subnet: 214)
        defer { namespace.remove() }
        let tcpPort = 20_000 + Int.random(in: 0..<20_000) * 2
        var renderer: ChildProcess?
        defer { renderer?.stop(grace: 5) }
        let extra = ["--tcp", "\(namespace.hostAddress):\(tcpPort)", "--server-key", keys.appendingPathComponent("core.key").path,
                     "--allow-keys", keys.appendingPathComponent("renderer.pub").path]
        return try withServer(renderers: 0, name: "remote", extra: extra, whenStarted: {
            let inside = namespace.command(ChildProcess.sibling("mapwire-renderer").path,
                                           ["--tcp", "tcp://\(namespace.hostAddress):\(tcpPort)",
                                            "--server-public-key", keys.appendingPathComponent("core.pub").path,
                                            "--key", keys.appendingPathComponent("renderer.key").path])
            let log = scratch.appendingPathComponent("remote-renderer.log").path
            renderer = try ChildProcess(name: "remote-renderer", executable: inside.executable, arguments: inside.arguments,
                                        standardOutput: .file(log), standardError: .file(log))
        }) { port, events, _ in
            (try cold(port: port, events: events, paths: paths, wrk: wrk, name: "cold-remote"), try warm(port: port, paths: paths, wrk: wrk, name: "remote-warm"))
        }
    }

    private func burst(port: Int, paths: [String]) -> Result {
        let next = Mutex(0)
        let latencies = Mutex<[Double]>([])
        let failures = Atomic<Int>(0)
        let group = DispatchGroup()
        let started = monotonicSeconds()
        for _ in 0..<concurrency {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                while true {
                    let index = next.withLock { value -> Int in defer { value += 1 }; return value }
                    guard index < paths.count else { return }
                    let t0 = monotonicSeconds()
                    if SimpleHTTP.get(port: port, path: paths[index]) != 200 { failures.add(1, ordering: .relaxed) }
                    let ms = (monotonicSeconds() - t0) * 1000
                    latencies.withLock { $0.append(ms) }
                }
            }
            thread.start()
        }
        group.wait()
        let seconds = monotonicSeconds() - started
        let sorted = latencies.withLock { $0 }.sorted()
        let pick = { (q: Double) in sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
        let ok = paths.count - failures.load(ordering: .relaxed)
        return Result(perSecond: Double(ok) / seconds, p50: pick(0.5), p99: pick(0.99))
    }

    private func monotonicSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

struct ServeBenchmarkError: Error, CustomStringConvertible { let description: String }

/// One blocking HTTP/1.1 GET on 127.0.0.1 (Connection: close): its status, 0 on a transport error.
enum SimpleHTTP {
    static func get(port: Int, path: String) -> Int { fetch(port: port, path: path, keepBody: false).status }

    /// The status and, with `keepBody`, the body (what follows the head).
    static func fetch(port: Int, path: String, keepBody: Bool = true) -> (status: Int, body: Data) {
        let fd = LoopbackPort.connectedSocket(port)
        guard fd >= 0 else { return (0, Data()) }
        defer { close(fd) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else { return (0, Data()) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            if keepBody || answer.count < 64 { answer += buffer[0..<n] }
        }
        // "HTTP/1.1 200 OK"
        let line = String(decoding: answer.prefix(16), as: UTF8.self).split(separator: " ")
        let status = line.count >= 2 ? Int(line[1]) ?? 0 : 0
        let end = Array("\r\n\r\n".utf8)
        let headEnd = keepBody ? (0..<max(0, answer.count - 3)).first { Array(answer[$0..<$0 + 4]) == end } : nil
        return (status, headEnd.map { Data(answer[($0 + 4)...]) } ?? Data())
    }
}
