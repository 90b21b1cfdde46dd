import Foundation
import MapWireClient
import MapWireFormats
import MapWireProcess
import MapWireTesting
import Synchronization
import Testing

/// Reload without a restart: `POST /admin/reload` (from this host only) and SIGHUP read the styles
/// again and swap new cores in while requests keep coming: none is dropped (measured under load), the
/// new style is drawn at once (no image of the old one is served), the old cores stop, and a style that
/// no longer loads leaves the running one serving.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ServeReloadTests {
    static func style(_ color: String) -> String {
        #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "\#(color)"}}]}"#
    }

    /// The colour in the middle of a tile.
    static func centreColor(_ port: Int, _ path: String) async throws -> (r: UInt8, g: UInt8, b: UInt8) {
        let image = try ImageDecoder.decode(try await HTTPGet.get(port, path).body)
        let i = ((image.height / 2) * image.width + image.width / 2) * 4
        return (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
    }

    @Test func aReloadUnderLoadDropsNoRequestAndServesTheNewStyle() async throws {
        let run = try TestRun()
        let file = run.file("s.json")
        try Self.style("#ff0000").write(to: file, atomically: true, encoding: .utf8)
        let serve = try ServeProcess.start(run, ["--renderers", "1", "--style", file.path, "--id", "s"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "never ready: \(serve.process.stderr)")
        let tile = "/styles/s/3/1/2.png"
        #expect(try await Self.centreColor(serve.port, tile) == (255, 0, 0))
        let firstCore = try ControlClient(endpoint: serve.controlEndpoint(style: "s")).run(.getState(.init())).state.plugins.map { Int32($0.pid) }

        // A load generator: 8 clients asking for 24 tiles over and over (cached, and cold again after each reload).
        let load = LoadGenerator(port: serve.port, paths: (0..<24).map { "/styles/s/5/\(3 + $0 % 6)/\(10 + $0 / 6).png" }, clients: 8)
        load.start()
        #expect(await waitUntilAsync(timeout: 60) { load.count >= 200 }, "the load runs")
        let beforeReload = load.count

        try Self.style("#0000ff").write(to: file, atomically: true, encoding: .utf8)
        let reloadStarted = Date()
        let reply = try await HTTPGet.post(serve.port, "/admin/reload")
        let reloadSeconds = Date().timeIntervalSince(reloadStarted)
        let report = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        #expect(reply.status == 200 && report["ok"] as? Bool == true, "\(String(decoding: reply.body, as: UTF8.self))")
        #expect((report["styles"] as? [String: String])?["s"]?.hasPrefix("reloaded") == true)
        #expect(try await Self.centreColor(serve.port, tile) == (0, 0, 255), "the new style at once, no image of the old one")

        // SIGHUP does the same.
        try Self.style("#00ff00").write(to: file, atomically: true, encoding: .utf8)
        serve.process.signal(SIGHUP)
        #expect(await waitUntilAsync(timeout: 120) { (try? await Self.centreColor(serve.port, tile)).map { $0 == (0, 255, 0) } ?? false },
                "SIGHUP reloaded the style")
        #expect(await waitUntilAsync(timeout: 10) { load.count >= beforeReload + 200 })
        let during = await load.stop()
        #expect(during.failures.isEmpty, "dropped or failed during the reloads: \(during.failures.prefix(10))")
        figure("mapwire serve reloaded twice (POST /admin/reload, then SIGHUP) under 8 clients asking for 24 tiles in a loop (1 renderer, \(ProcessInfo.processInfo.activeProcessorCount) cores): \(during.latencies.count) requests, \(during.failures.count) failed; p50 \(during.percentile(0.5)) ms, p99 \(during.percentile(0.99)) ms, max \(during.percentile(1)) ms; the POST took \(String(format: "%.1f", reloadSeconds)) s (a new core loaded beside the old one)")

        // The first cores stop once they have finished what they drew.
        #expect(await waitUntilAsync(timeout: 60) { firstCore.allSatisfy { kill($0, 0) != 0 } }, "the first generation's processes stopped")
        let health = try #require(try JSONSerialization.jsonObject(with: try await HTTPGet.get(serve.port, "/health").body) as? [String: Any])
        #expect(((health["styles"] as? [String: [String: Any]])?["s"]?["generation"] as? Int) == 3)

        // A style that no longer loads: the running one keeps serving, and the reload says so.
        try "not a style".write(to: file, atomically: true, encoding: .utf8)
        let refused = try await HTTPGet.post(serve.port, "/admin/reload")
        #expect(refused.status == 500 && String(decoding: refused.body, as: UTF8.self).contains("kept generation 3"),
                "\(String(decoding: refused.body, as: UTF8.self))")
        #expect(try await Self.centreColor(serve.port, tile) == (0, 255, 0))
        #expect(serve.process.isRunning)
    }

    @Test(.enabled(if: NetworkNamespace.unavailableReason == nil, "needs root and `ip`"))
    func aReloadFromAnotherHostIsRefused() async throws {
        let run = try TestRun()
        let namespace = try NetworkNamespace(prefix: "mwr", subnet: 214)
        run.onCleanup { namespace.remove() }
        let serve = try ServeProcess.start(run, ["--renderers", "1", "--bind", "0.0.0.0"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "never ready: \(serve.process.stderr)")
        let inside = namespace.command("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "POST",
                                                         "http://\(namespace.hostAddress):\(serve.port)/admin/reload"])
        let curl = try run.startProgram(inside.executable.path, inside.arguments, name: "curl")
        #expect(curl.wait(timeout: 30) == 0)
        #expect(curl.stdout == "403", "from another host: \(curl.stdout)")
        let health = try await HTTPGet.get(serve.port, "/health")
        #expect(String(decoding: health.body, as: UTF8.self).contains("\"generation\":1"), "nothing was reloaded")
    }
}

/// Requests from `clients` loops over `paths` until stopped: every status and latency.
final class LoadGenerator: Sendable {
    struct Figures {
        var latencies: [Int] = []
        var failures: [String] = []

        /// The latency (ms) at quantile `q` (1: the largest).
        func percentile(_ q: Double) -> Int {
            let sorted = latencies.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q))]
        }
    }

    let port: Int
    let paths: [String]
    let clients: Int
    private let figures = Mutex(Figures())
    private let running = Mutex<[Task<Void, Never>]>([])
    private let stopped = Atomic<Bool>(false)

    init(port: Int, paths: [String], clients: Int) {
        self.port = port
        self.paths = paths
        self.clients = clients
    }

    var count: Int { figures.withLock { $0.latencies.count + $0.failures.count } }

    func start() {
        let tasks = (0..<clients).map { client in
            Task(executorPreference: OwnThreads.executor) { [self] in
                var index = client
                while !stopped.load(ordering: .relaxed) {
                    let path = paths[index % paths.count]
                    index += clients
                    let started = ContinuousClock.now
                    let status: String
                    do { status = "\(try await HTTPGet.get(port, path, timeout: 120).status)" } catch { status = "\(error)" }
                    let elapsed = ContinuousClock.now - started
                    let ms = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
                    figures.withLock { $0.latencies.append(ms); if status != "200" { $0.failures.append("\(path): \(status)") } }
                }
            }
        }
        running.withLock { $0 = tasks }
    }

    /// Stops the clients once their requests under way are answered, and returns what they saw.
    func stop() async -> Figures {
        stopped.store(true, ordering: .relaxed)
        for task in running.withLock({ $0 }) { await task.value }
        return figures.withLock { $0 }
    }
}
