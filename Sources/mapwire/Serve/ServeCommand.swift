import ArgumentParser
import Foundation
import Logging
import MapWireBus
import MapWireDemo
import MapWireProcess
import MapWireProtocol
import MapWireServe

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve raster tiles, static images and TileJSON over HTTP, in tileserver-gl's URL forms.",
        discussion: """
            Runs a core per style with a loader and --renderers renderers (supervised as `mapwire up` \
            does) and answers /styles/{id}/{z}/{x}/{y}[@2x|@3x].{png|jpg|webp}, \
            /styles/{id}/static/{lon},{lat},{zoom}[@{bearing}[,{pitch}]]/{w}x{h}[@2x].png (and the \
            minlon,minlat,maxlon,maxlat and auto forms), /styles/{id}.json (TileJSON), \
            /styles/{id}/style.json, /health (503 until every style loaded) and /metrics (Prometheus). \
            Each image is drawn by the style's core as a view at its own camera (render-view), spread \
            over its renderers. Without --style it serves the bundled demo as "demo".
            """)

    @Option(help: "A style to serve: a URL or a path (repeatable; default: the bundled demo).")
    var style: [String] = []

    @Option(help: "The id of each --style in the URLs, in the same order (default: the file name without extension).")
    var id: [String] = []

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

    @Option(help: "Memory for rendered images (MiB).")
    var cacheMemoryMb = 64

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
        let ids = styleIDs
        guard Set(ids).count == ids.count else { throw ValidationError("two styles have the same id: \(ids)") }
        for name in ids where name.isEmpty || name.contains("/") || name.contains(".") {
            throw ValidationError("a style id has no '/' or '.': \"\(name)\"")
        }
    }

    var styleIDs: [String] {
        guard !style.isEmpty else { return ["demo"] }
        guard id.isEmpty else { return id }
        return style.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    }

    func run() async throws {
        let trap = SignalTrap()
        let base = runDir.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mapwire-serve-\(UUID().uuidString.prefix(8))")
        let plan = ServeLaunchPlan(base: base, styles: zip(styleIDs, style.isEmpty ? [nil] : style.map(Optional.some)).map { ($0, $1) },
                                   renderers: renderers, cache: cache, rewrite: rewrite, tcp: tcpPlan)
        let launched: [ServeLaunchPlan.Launched]
        do { launched = try await ServeSupervision.start(plan, stop: trap.flag) }
        catch {
            MonitorCommand.warn("mapwire serve: \(error)")
            throw ExitCode(trap.flag.isStopped ? 1 : 2)
        }
        // A style given as a URL: style.json serves the document itself, fetched as the loader fetches it,
        // its relative URLs made absolute (a redirect to it when it cannot be fetched).
        var documents: [String: Data] = [:]
        for style in launched where style.json == nil {
            do { documents[style.id] = ClientStyle.reachable(try await ClientStyle.fetch(style.styleURL, rewrites: rewrite), base: style.styleURL) }
            catch { MonitorCommand.warn("mapwire serve: \(style.id): style.json redirects to \(style.styleURL): \(error)") }
        }
        let metrics = ServeMetrics()
        let styles = launched.map {
            ServedStyle(id: $0.id, location: $0.styleURL, json: $0.json ?? documents[$0.id], controlEndpoint: $0.controlEndpoint,
                        eventsEndpoint: $0.eventsEndpoint)
        }
        let hubs = Dictionary(uniqueKeysWithValues: styles.map { ($0.id, LiveHub(style: $0)) })
        let feeds = styles.map { style in Task { await hubs[style.id]!.run(eventsEndpoint: style.eventsEndpoint) } }
        let responder = ServeResponder(styles: styles,
                                       settings: .init(maxSize: maxSize, renderTimeoutMilliseconds: renderTimeoutMs,
                                                       cacheBytes: cacheMemoryMb << 20),
                                       metrics: metrics, liveViewHTML: LiveViewPage.html(styles: styles.map(\.id)))
        var logger = Logger(label: "mapwire-serve")
        logger.logLevel = .warning
        let host = bind, port = port
        let server = Task {
            try await ServeHTTPServer.run(responder: responder, hubs: hubs, host: host, port: port, logger: logger) { bound in
                Output.line("serving \(styles.map(\.id).joined(separator: ", ")) on http://\(host):\(bound)/")
            }
        }
        let refresher = Task {
            while !Task.isCancelled {
                for style in styles { await style.refresh(metrics: metrics) }
                try? await Task.sleep(for: .milliseconds(500))
            }
        }
        // SIGINT/SIGTERM, or a core that ended: the server stops, then the cores and plugins.
        while !trap.flag.isStopped, !ServeSupervision.failed(launched) {
            try? await Task.sleep(for: .milliseconds(100))
            if server.isCancelled { break }
        }
        server.cancel()
        refresher.cancel()
        for feed in feeds { feed.cancel() }
        _ = try? await server.value
        for style in styles { style.bridge.stop() }
        let failure = ServeSupervision.failure(launched)
        ServeSupervision.stop(launched)
        if runDir == nil { try? FileManager.default.removeItem(at: base) }
        if let failure {
            MonitorCommand.warn("mapwire serve: \(failure); stopped")
            throw ExitCode(1)
        }
    }
}
