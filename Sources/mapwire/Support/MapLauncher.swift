import ArgumentParser
import Foundation
import MapWireProcess
import MapWireBus
import MapWirePluginKit
import MapWireProtocol

/// Options for commands that start their own core and plugins (`up`, `snapshot`, `render-tests`).
struct LaunchOptions: ParsableArguments {
    @Option(help: "Comma-separated plugins to start: loader, renderer, loadstatus, location, or none (default: loader,renderer).")
    var plugins: String?

    @Option(help: "The location plugin's source: gpx:FILE, nmea:FILE, route:FILE or gpsd://HOST[:PORT] (starts the location plugin).")
    var location: String?

    @Option(help: "Replay speed of a recorded --location (2 = twice as fast).")
    var locationSpeed: Double?

    @Option(help: "How the camera tracks the --location: none, follow, follow-with-heading or follow-with-course.")
    var trackingMode = "follow"

    @Option(help: "Loader URL rewrite FROM=TO (repeatable), e.g. mapbox://fonts/mapbox/=file:///srv/glyphs/")
    var rewrite: [String] = []

    @Option(help: "Loader configuration file (JSON with \"rewrites\").")
    var loaderConfig: String?

    @Option(help: "Camera centre LON,LAT set before the style loads (negative numbers after '=': --center=-87.6,41.9).")
    var center: String?

    @Option(help: "Camera zoom set before the style loads.")
    var zoom: Double?

    @Option(help: "Camera bearing (degrees) set before the style loads.")
    var bearing: Double?

    @Option(help: "Camera pitch (degrees) set before the style loads.")
    var pitch: Double?

    @Option(help: "Viewport size WIDTHxHEIGHT.")
    var size: String?

    @Option(help: "Device pixels per logical pixel (1 or 2 picks the @1x or @2x sprite).")
    var pixelRatio: Double?

    @Option(help: "The core's heartbeat interval in ms (a plugin silent for 3 intervals is declared gone).")
    var heartbeatMs: Int?

    @Option(help: "The loader waits this many ms before each answer (a slow network, for chaos tests).")
    var loaderDelayMs: Int?

    @Flag(help: "Start the core with --enable-bench (the benchmark commands).")
    var enableBench = false
}

/// A core and its plugins started as child processes, stopped (children last-first) by `stop()`.
final class MapLauncher {
    let directory: RunDirectory
    private(set) var children: [ChildProcess] = []
    private let options: LaunchOptions

    /// Starts the core in `directory` and waits until it answers, then the plugins.
    init(directory: RunDirectory, plugins: [String], options: LaunchOptions, announce: (String) -> Void) throws {
        self.directory = directory
        self.options = options
        try directory.prepare()
        let core = try ChildProcess(name: "core", executable: ChildProcess.sibling("mapwire-core"),
                                    arguments: ["--run-dir", directory.path] + (options.heartbeatMs.map { ["--heartbeat-ms", "\($0)"] } ?? [])
                                        + (options.enableBench ? ["--enable-bench"] : []))
        children.append(core)
        guard Self.waitForCore(directory, core: core) else {
            stop()
            throw LaunchError.coreDidNotStart
        }
        announce("core: pid \(core.pid), control \(directory.controlEndpoint), events \(directory.eventsEndpoint)")
        for name in plugins where !name.isEmpty {
            do {
                let child = try Self.startPlugin(name, directory: directory, options: options)
                children.append(child)
                announce("plugin \(name): pid \(child.pid)")
            } catch {
                stop()
                throw error
            }
        }
        try waitForRegistration(of: plugins.filter { !$0.isEmpty }.map(Self.role(of:)))
    }

    /// Waits until every started plugin has said hello, so the first command finds them.
    private func waitForRegistration(of roles: [String]) throws {
        let client = try ControlClient(endpoint: directory.controlEndpoint)
        let deadline = monotonicMillis() + 10_000
        while monotonicMillis() < deadline {
            let registered = (try? client.run(.ping(.init()), timeoutMilliseconds: 1000).pong.pluginRoles) ?? []
            if roles.allSatisfy(registered.contains) { return }
            if !exited.isEmpty { break }
            usleep(10_000)
        }
        stop()
        throw LaunchError.pluginsDidNotRegister(roles)
    }

    func stop() {
        children.reversed().forEach { $0.stop() }
        children = []
    }

    deinit { stop() }

    /// The names of children that have exited.
    var exited: [String] { children.filter { !$0.isRunning }.map(\.name) }

    /// The core, started first.
    var core: ChildProcess? { children.first }

    /// The plugin processes (every child but the core).
    var plugins: [ChildProcess] { Array(children.dropFirst()) }

    /// Starts the plugin `old` ran again, in its place.
    func restart(_ old: ChildProcess) throws -> ChildProcess {
        let fresh = try Self.startPlugin(old.name, directory: directory, options: options)
        if let index = children.firstIndex(where: { $0 === old }) { children[index] = fresh } else { children.append(fresh) }
        return fresh
    }

    /// Stops watching a child that was given up on.
    func forget(_ child: ChildProcess) {
        children.removeAll { $0 === child }
    }

    /// Applies --size, --pixel-ratio and the camera options.
    func configure(_ client: ControlClient, options: LaunchOptions) throws {
        if options.size != nil || options.pixelRatio != nil {
            let (w, h) = try parseSize(options.size ?? "512x512")
            try client.run(.setSize(.with { $0.width = w; $0.height = h; $0.pixelRatio = options.pixelRatio ?? 0 }))
        }
        guard options.center != nil || options.zoom != nil || options.bearing != nil || options.pitch != nil else { return }
        let lngLat = try options.center.map(parseCenter)
        try client.run(.setCamera(.with {
            if let lngLat { $0.center = lngLat }
            if let zoom = options.zoom { $0.zoom = zoom }
            if let bearing = options.bearing { $0.bearing = bearing }
            if let pitch = options.pitch { $0.pitch = pitch }
        }))
    }

    private static func waitForCore(_ dir: RunDirectory, core: ChildProcess) -> Bool {
        let deadline = monotonicMillis() + 10_000
        while monotonicMillis() < deadline, core.isRunning {
            if ControlClient.coreAnswers(at: dir.controlEndpoint, timeoutMilliseconds: 200) { return true }
        }
        return false
    }

    private static func startPlugin(_ name: String, directory dir: RunDirectory, options: LaunchOptions) throws -> ChildProcess {
        switch name {
        case "loader":
            var arguments = ["--run-dir", dir.path]
            for rule in options.rewrite { arguments += ["--rewrite", rule] }
            if let config = options.loaderConfig { arguments += ["--config", config] }
            if let delay = options.loaderDelayMs { arguments += ["--delay-ms", "\(delay)"] }
            return try ChildProcess(name: name, executable: ChildProcess.sibling("mapwire-loader"), arguments: arguments)
        case "renderer":
            return try ChildProcess(name: name, executable: ChildProcess.sibling("mapwire-renderer"), arguments: ["--run-dir", dir.path])
        case "loadstatus":
            return try ChildProcess(name: name, executable: ChildProcess.sibling("mapwire-loadstatus"), arguments: ["--run-dir", dir.path])
        case "location":
            guard let source = options.location else { throw ValidationError("the location plugin needs --location SOURCE") }
            // Tracking is set before the first fix arrives, so the map follows the source from its start.
            try startTracking(dir, options: options)
            var arguments = ["--run-dir", dir.path, "--source", source]
            if let speed = options.locationSpeed { arguments += ["--speed", "\(speed)"] }
            return try ChildProcess(name: name, executable: ChildProcess.sibling("mapwire-location"), arguments: arguments)
        default:
            throw ValidationError("unknown plugin \"\(name)\" (known: loader, renderer, loadstatus, location)")
        }
    }

    /// Shows the user's location and sets --tracking-mode (none only shows it).
    private static func startTracking(_ dir: RunDirectory, options: LaunchOptions) throws {
        guard let mode = Mapwire_V1_UserTrackingMode(documentedName: options.trackingMode), mode != .unspecified else {
            throw ValidationError("--tracking-mode must be none, follow, follow-with-heading or follow-with-course")
        }
        let client = try ControlClient(endpoint: dir.controlEndpoint)
        _ = try client.run(.setShowsUserLocation(.with { $0.shows = true }))
        _ = try client.run(.setTrackingMode(.with { $0.mode = mode }))
    }

    /// The role a plugin registers with (PROTOCOL.md), which is what the core's ping lists.
    private static func role(of plugin: String) -> String {
        plugin == "loadstatus" ? "load-status" : plugin
    }
}

enum LaunchError: Error, CustomStringConvertible {
    case coreDidNotStart
    case pluginsDidNotRegister([String])

    var description: String {
        switch self {
        case .coreDidNotStart: "the core did not start (see its message above)"
        case .pluginsDidNotRegister(let roles): "the plugins (\(roles.joined(separator: ", "))) did not register with the core (see their messages above)"
        }
    }
}
