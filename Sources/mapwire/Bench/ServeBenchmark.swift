import Foundation
import MapWireProcess
import Synchronization

/// `mapwire serve` under load: 256 px tiles per second and their latency, cold (each tile drawn) and
/// warm (from the server's image cache), at 1, 2 and 4 renderers; each run a new server. A small
/// blocking HTTP/1.1 client on threads of its own makes the requests (`concurrency` at a time).
struct ServeBenchmark {
    let scratch: URL
    let scene: LoadScene
    let rendererCounts: [Int]
    let grid: Int
    let concurrency: Int

    func run() throws -> BenchReport.Section {
        var section = BenchReport.Section(key: "serve", title: "Serve (issue 18)")
        let tiles = tilePaths()
        for count in rendererCounts {
            let (cold, warm) = try measure(renderers: count, paths: tiles)
            for (label, result) in [("cold", cold), ("warm", warm)] {
                section.figures.append(BenchFigure(key: "serve.\(label).\(count)-renderers.tiles-per-second", name: "\(label) 256 px tiles/s, \(count) renderer(s)",
                                                   value: result.perSecond, unit: "tiles/s"))
                section.figures.append(BenchFigure(key: "serve.\(label).\(count)-renderers.p50", name: "\(label) tile latency p50, \(count) renderer(s)",
                                                   value: result.p50, unit: "ms"))
                section.figures.append(BenchFigure(key: "serve.\(label).\(count)-renderers.p99", name: "\(label) tile latency p99, \(count) renderer(s)",
                                                   value: result.p99, unit: "ms"))
            }
        }
        if let statics = try? measureStatic() {
            section.figures.append(BenchFigure(key: "serve.static-1024x768.images-per-second", name: "static 1024×768 images/s (cold, 2 renderers)",
                                               value: statics.perSecond, unit: "images/s"))
            section.figures.append(BenchFigure(key: "serve.static-1024x768.p50", name: "static 1024×768 latency p50 (cold, 2 renderers)",
                                               value: statics.p50, unit: "ms"))
        }
        section.notes.append("\(scene.title): \(tiles.count) different 256 px tiles (a \(grid)×\(grid) block at the scene's centre), \(concurrency) requests at a time over loopback HTTP/1.1; cold: every tile drawn (its vector tiles loaded by the loader), warm: the same tiles again from the server's image cache. A new `mapwire serve` per renderer count; \(ProcessInfo.processInfo.activeProcessorCount) cores.")
        return section
    }

    struct Result { var perSecond: Double; var p50: Double; var p99: Double }

    /// 256 px tiles (zoom one above the scene's engine zoom) around the scene's centre.
    func tilePaths() -> [String] {
        let zoom = Int(scene.zoom ?? 14) + 1
        let n = Double(1 << zoom)
        let lon = scene.center?.longitude ?? 0, lat = scene.center?.latitude ?? 0
        let cx = Int((lon + 180) / 360 * n)
        let cy = Int((1 - asinh(tan(lat * .pi / 180)) / .pi) / 2 * n)
        return (0..<(grid * grid)).map { "/styles/\(scene.key)/\(zoom)/\(cx - grid / 2 + $0 % grid)/\(cy - grid / 2 + $0 / grid).png" }
    }

    /// Static 1024×768 images at different centres around the scene's, each drawn (2 renderers).
    private func measureStatic() throws -> Result {
        let lon = scene.center?.longitude ?? 0, lat = scene.center?.latitude ?? 0, zoom = scene.zoom ?? 14
        let paths = (0..<16).map { i in
            "/styles/\(scene.key)/static/\(lon + Double(i % 4 - 2) * 0.004),\(lat + Double(i / 4 - 2) * 0.003),\(zoom)/1024x768.png"
        }
        return try measure(renderers: 2, paths: paths).cold
    }

    private func measure(renderers: Int, paths: [String]) throws -> (cold: Result, warm: Result) {
        let port = try LoopbackPort.free()
        let logs = scratch.appendingPathComponent("serve-\(renderers)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let style = scene.styleURL.hasPrefix("file://") ? URL(string: scene.styleURL)!.path : scene.styleURL
        let server = try ChildProcess(name: "serve", executable: ChildProcess.sibling("mapwire"),
                                      arguments: ["serve", "--port", "\(port)", "--renderers", "\(renderers)", "--style", style, "--id", scene.key,
                                                  "--run-dir", logs.appendingPathComponent("run").path]
                                          + scene.rewrites.flatMap { ["--rewrite", $0] },
                                      standardOutput: .file(logs.appendingPathComponent("serve.out").path),
                                      standardError: .file(logs.appendingPathComponent("serve.err").path))
        defer { server.stop(grace: 10) }
        let deadline = monotonicSeconds() + 120
        while SimpleHTTP.get(port: port, path: "/health") != 200 {
            guard monotonicSeconds() < deadline, server.isRunning else { throw ServeBenchmarkError(description: "mapwire serve did not become ready (\(logs.path))") }
            usleep(100_000)
        }
        return (burst(port: port, paths: paths), burst(port: port, paths: paths))
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
    static func get(port: Int, path: String) -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return 0 }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else { return 0 }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            if head.count < 64 { head += buffer[0..<n] }
        }
        // "HTTP/1.1 200 OK"
        let line = String(decoding: head.prefix(16), as: UTF8.self).split(separator: " ")
        return line.count >= 2 ? Int(line[1]) ?? 0 : 0
    }
}
