import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWireDemo
import MapWireProcess
import MapWireProtocol
import MapWireServe
import MapWireServeInput
import Synchronization

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve raster tiles, static images and TileJSON over HTTP, in tileserver-gl's URL forms.",
        discussion: """
            Runs a core per style with a loader and --renderers renderers (supervised as `mapwire up` \
            does) and answers /styles/{id}/{z}/{x}/{y}[@2x|@3x].{png|jpg|webp}, \
            /styles/{id}/static/{lon},{lat},{zoom}[@{bearing}[,{pitch}]]/{w}x{h}[@2x].png (and the \
            minlon,minlat,maxlon,maxlat and auto forms), /styles/{id}.json (TileJSON), \
            /styles/{id}/style.json, /health and /health/ready (200 once every style settled and one is \
            ready, each style's state), /health/live, /metrics (Prometheus) and, from this host only, \
            POST /admin/reload. Each image is drawn by the style's core as a view at its own camera \
            (render-view), spread over its renderers; an image drawn without data it needed is 502 or \
            503, never 200. Without --style it serves the bundled demo as "demo". SIGHUP reloads the \
            styles without a restart. Exit status: 0 after SIGINT or SIGTERM (a clean stop), 2 when it \
            cannot start (a port in use, a missing style file, a core that does not start), 64 for an \
            option it does not take, 1 when a core fails.
            """)

    @Option(help: "A style to serve: a URL or a path (repeatable; default: the bundled demo).")
    var style: [String] = []

    @Option(help: "The id of each --style in the URLs, in the same order (default: the file name without extension).")
    var id: [String] = []

    @Option(help: "Where TileJSON centres a style and its live view starts: [ID=]LON,LAT (repeatable; without ID: every style). Negative numbers after '=': --center=-87.6,41.9.")
    var center: [String] = []

    @Option(help: "The zoom of --center, as a style's \"zoom\" (512 px tiles): [ID=]Z (repeatable; without ID: every style).")
    var zoom: [String] = []

    @Option(help: "The TCP port (0: any free port, printed).")
    var port = 8080

    @Option(help: "The address to listen on.")
    var bind = "127.0.0.1"

    @Option(help: "Renderer processes per style.")
    var renderers = 2

    @Option(help: "The loaders' cache file (SQLite), shared by every style.")
    var cache: String?

    @Option(name: .customLong("run-dir"), help: "The folder for the cores' run directories (one per style; default: a private temporary folder).")
    var runDir: String?

    @Option(help: "The largest static image side in device px.")
    var maxSize = 2048

    @Option(help: "How long a tile or image may take to load and draw (ms) before the answer is 503.")
    var renderTimeoutMs = 30_000

    @Option(help: "Images per style that wait for a renderer; past them a request is answered 503 at once (load shedding).")
    var maxQueue = 64

    @Option(help: "How long a client may take to send a request's head (ms) before the answer is 408 and the connection closes.")
    var requestHeadTimeoutMs = 10_000

    @Option(help: "How long a connection may be idle (ms), between requests, before it is closed (longer than clients keep one for reuse).")
    var idleTimeoutMs = 75_000

    @Option(help: "Memory for rendered images (MiB).")
    var cacheMemoryMb = 64

    @Option(help: "An origin whose pages may open the live view (its WebSocket drives the map), e.g. https://maps.example.com; * for any (repeatable; default: the server's own origin only).")
    var allowOrigin: [String] = []

    @Option(help: "Loader URL rewrite FROM=TO (repeatable), e.g. mapbox://fonts/mapbox/=file:///srv/glyphs/")
    var rewrite: [String] = []

    @Option(help: "Let renderers on other hosts join over CurveZMQ TCP: the first style's core listens on HOST:PORT (events PORT+1), the next on PORT+2, ...")
    var tcp: String?

    @Option(help: "With --tcp: the cores' key pair file (from `mapwire keygen`).")
    var serverKey: String?

    @Option(help: "With --tcp: the file of renderer public keys (one Z85 key a line) the cores admit.")
    var allowKeys: String?

    /// --tcp HOST:PORT with its keys.
    var tcpPlan: (host: String, port: Int, serverKey: String, allowKeys: String)? {
        guard let tcp, let colon = tcp.lastIndex(of: ":"), let port = Int(tcp[tcp.index(after: colon)...]),
              let serverKey, let allowKeys else { return nil }
        let host = String(tcp[..<colon]).replacingOccurrences(of: "tcp://", with: "")
        return (host, port, serverKey, allowKeys)
    }

    func validate() throws {
        guard renderers >= (tcp == nil ? 1 : 0), renderers <= 64 else {
            throw ValidationError("--renderers is 1 to 64 (0 with --tcp: every renderer joins from another host)")
        }
        if tcp != nil {
            guard tcpPlan != nil else { throw ValidationError("--tcp is HOST:PORT and needs --server-key and --allow-keys") }
            guard let port = tcpPlan?.port, port > 0, port + 2 * styleIDs.count <= 65535 else { throw ValidationError("--tcp's port is out of range") }
        }
        guard id.isEmpty || id.count == style.count else { throw ValidationError("give one --id per --style, or none") }
        guard maxSize >= 64 else { throw ValidationError("--max-size is at least 64") }
        guard (0...65535).contains(port) else { throw ValidationError("--port is 0 to 65535") }
        guard maxQueue >= 0 else { throw ValidationError("--max-queue is 0 or more") }
        guard requestHeadTimeoutMs >= 100, idleTimeoutMs >= 100 else { throw ValidationError("--request-head-timeout-ms and --idle-timeout-ms are at least 100") }
        let ids = styleIDs
        guard Set(ids).count == ids.count else { throw ValidationError("two styles have the same id: \(ids)") }
        for name in ids where name.isEmpty || name.contains("/") || name.contains(".") {
            throw ValidationError("a style id has no '/' or '.': \"\(name)\"")
        }
        let badOrigins = OriginPolicy.invalid(allowOrigin)
        guard badOrigins.isEmpty else { throw ValidationError("--allow-origin is * or http(s)://HOST[:PORT]: \(badOrigins.joined(separator: ", "))") }
        _ = try cameras()
    }

    var styleIDs: [String] {
        guard !style.isEmpty else { return ["demo"] }
        guard id.isEmpty else { return id }
        return style.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    }

    /// Each style's --center and --zoom (an ID= prefix names the style; none: every style).
    func cameras() throws -> [String: StyleCamera] {
        let ids = styleIDs
        var cameras = Dictionary(uniqueKeysWithValues: ids.map { ($0, StyleCamera()) })
        func targets(_ value: String, _ option: String) throws -> ([String], String) {
            guard let equals = value.firstIndex(of: "="), !value[..<equals].contains(",") else { return (ids, value) }
            let id = String(value[..<equals])
            guard ids.contains(id) else { throw ValidationError("\(option) \(value): no style has the id \"\(id)\"") }
            return ([id], String(value[value.index(after: equals)...]))
        }
        for value in center {
            let (names, text) = try targets(value, "--center")
            switch StyleCamera.center(text) {
            case .success(let coordinate): for name in names { cameras[name]?.center = coordinate }
            case .failure(let failure): throw ValidationError(failure.message)
            }
        }
        for value in zoom {
            let (names, text) = try targets(value, "--zoom")
            switch StyleCamera.zoom(text) {
            case .success(let level): for name in names { cameras[name]?.zoom = level }
            case .failure(let failure): throw ValidationError(failure.message)
            }
        }
        return cameras
    }

    func run() async throws {
        // Everything that can be refused is refused before a core starts.
        for path in style where !path.contains("://") && !FileManager.default.fileExists(atPath: path) {
            MonitorCommand.warn("mapwire serve: the style file \(path) does not exist")
            throw ExitCode(2)
        }
        if port != 0, let refusal = ListenCheck.refusal(host: bind, port: port) {
            MonitorCommand.warn("mapwire serve: \(refusal)")
            throw ExitCode(2)
        }
        let trap = SignalTrap()
        let reloadSignal = ReloadSignal()
        let base = runDir.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mapwire-serve-\(UUID().uuidString.prefix(8))")
        let cameras = try cameras()
        let given: [String?] = style.isEmpty ? [nil] : style.map(Optional.some)
        let plan = ServeLaunchPlan(base: base, styles: zip(styleIDs, given).map { .init(id: $0, given: $1, camera: cameras[$0] ?? StyleCamera()) },
                                   renderers: renderers, cache: cache, rewrite: rewrite, tcp: tcpPlan)
        let generations: ServeGenerations
        do {
            generations = try await ServeGenerations(settings: .init(plan: plan, maxWaiting: maxQueue, renderTimeoutMilliseconds: renderTimeoutMs),
                                                     interrupt: trap.flag)
        } catch {
            MonitorCommand.warn("mapwire serve: \(error)")
            if runDir == nil { try? FileManager.default.removeItem(at: base) }
            // Interrupted while starting: a clean stop; anything else: it could not start.
            throw ExitCode(trap.flag.isStopped ? 0 : 2)
        }
        let metrics = ServeMetrics()
        let hubs = await generations.makeHubs()
        let registry = generations.registry
        let styleFolders = style.filter { !$0.contains("://") }.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        let responder = ServeResponder(styles: registry,
                                       settings: .init(maxSize: maxSize, renderTimeoutMilliseconds: renderTimeoutMs,
                                                       cacheBytes: cacheMemoryMb << 20),
                                       metrics: metrics, liveViewHTML: LiveViewPage.html(styles: registry.ids),
                                       paths: .standard(styleFolders + [base.path] + (cache.map { [$0] } ?? [])),
                                       reload: { await generations.reload(metrics: metrics) })
        var logger = Logger(label: "mapwire-serve")
        logger.logLevel = .critical
        let host = bind, port = port, origins = OriginPolicy(allowed: allowOrigin)
        var limits = ConnectionWatch.Limits()
        limits.headTimeoutMilliseconds = Int64(requestHeadTimeoutMs)
        limits.idleTimeoutMilliseconds = Int64(idleTimeoutMs)
        let serverEnd = ServerEnd()
        let server = Task {
            do {
                try await ServeHTTPServer.run(responder: responder, hubs: hubs, origins: origins, host: host, port: port, limits: limits,
                                              logger: logger) { bound in
                    Output.line("serving \(registry.ids.joined(separator: ", ")) on http://\(host):\(bound)/")
                }
                serverEnd.record(nil)
            } catch {
                serverEnd.record("\(error)")
            }
        }
        let refresher = Task {
            while !Task.isCancelled {
                await generations.refreshAll(metrics: metrics)
                try? await Task.sleep(for: .milliseconds(500))
            }
        }
        let reloads = Task {
            for await _ in reloadSignal.signals {
                let outcome = await generations.reload(metrics: metrics)
                let styles = outcome.styles.map { "\($0.0): \($0.1)" }.joined(separator: "; ")
                Output.line("reload (SIGHUP): \(outcome.message)\(styles.isEmpty ? "" : " — \(styles)")")
            }
        }
        // SIGINT/SIGTERM (exit 0), a core that ended (1), or the HTTP server that could not run (2).
        var exitCode: Int32 = 0
        var why: String?
        while !trap.flag.isStopped {
            if let failure = await generations.failure {
                (exitCode, why) = (1, failure)
                break
            }
            if let end = serverEnd.ended {
                (exitCode, why) = end.map { (2, "cannot serve on \(host):\(port): \($0)") } ?? (1, "the HTTP server stopped")
                break
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        server.cancel()
        refresher.cancel()
        reloads.cancel()
        await server.value
        await generations.stopAll()
        if runDir == nil { try? FileManager.default.removeItem(at: base) }
        if let why {
            MonitorCommand.warn("mapwire serve: \(why); stopped")
            throw ExitCode(exitCode)
        }
    }
}

/// How the HTTP server's task ended: nil while it runs; then nil inside for a normal end, else the error.
private final class ServerEnd: Sendable {
    private let state = Mutex<String??>(nil)

    func record(_ error: String?) { state.withLock { $0 = .some(error) } }

    var ended: String?? { state.withLock { $0 } }
}
