import ArgumentParser
import Foundation
import MapWireClient
import MapWireProcess
import MapWireBus
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

    @Flag(help: "Start the benchmark core, mapwire-core-bench (mapwire-core with the benchmark commands).")
    var benchCore = false

    @Flag(help: "Start offline: loads ask the loaders' cache only (`mapwire send network online` goes back online).")
    var offline = false

    @Option(help: "The loaders' cache file (passed to every loader as --cache PATH).")
    var cache: String?

    @Option(help: "An argument passed to every loader as it is (repeatable), e.g. --loader-argument=--cache-size=0.")
    var loaderArgument: [String] = []

    /// The launch options of `--offline` and `--cache PATH`, for commands that take them on their own
    /// (render-tests, bench).
    static func networkArguments(offline: Bool, cache: String?) -> [String] {
        (offline ? ["--offline"] : []) + (cache.map { ["--cache", absolutePath($0)] } ?? [])
    }

    /// A path as the user typed it, resolved against this working directory: a child started elsewhere
    /// (or a second command) finds the same file.
    static func absolutePath(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// The core's arguments these options set (besides --run-dir).
    var coreArguments: [String] {
        (heartbeatMs.map { ["--heartbeat-ms", "\($0)"] } ?? []) + (offline ? ["--offline"] : [])
    }
}

/// A core and its plugins started as child processes, stopped (children last-first) by `stop()`.
final class MapLauncher {
    let directory: RunDirectory
    private(set) var children: [ChildProcess] = []
    private let options: LaunchOptions
    /// Set by a signal: the waits for the core and the plugins give up (LaunchError.interrupted).
    private let interrupt: StopFlag?
    /// With a folder, each child's output goes to NAME.log in it (see `lastLogLine`), not to ours.
    private let logFolder: URL?
    /// Whether the kernel kills the children when this process ends, however it ends (a SIGKILL too).
    private let childrenDieWithUs: Bool

    /// Starts the core in `directory` and waits until it answers, then the plugins. `coreArguments`:
    /// more for the core (`mapwire serve`'s --tcp and keys). `childrenDieWithUs`: the children get
    /// SIGKILL from the kernel when this process ends (make the launcher on the main thread then:
    /// `ChildProcess`'s `diesWithParent`).
    init(directory: RunDirectory, plugins: [String], options: LaunchOptions, interrupt: StopFlag? = nil, logFolder: URL? = nil,
         coreArguments extraCoreArguments: [String] = [], childrenDieWithUs: Bool = false, announce: (String) -> Void) throws {
        self.directory = directory
        self.options = options
        self.interrupt = interrupt
        self.logFolder = logFolder
        self.childrenDieWithUs = childrenDieWithUs
        if let note = try directory.prepare() { announce(note) }
        let core = try ChildProcess(name: "core", executable: ChildProcess.sibling(options.benchCore ? "mapwire-core-bench" : "mapwire-core"),
                                    arguments: ["--run-dir", directory.path] + options.coreArguments + extraCoreArguments,
                                    standardOutput: Self.output("core", logFolder), standardError: Self.output("core", logFolder),
                                    diesWithParent: childrenDieWithUs)
        children.append(core)
        guard waitForCore(core) else {
            stop()
            if interrupt?.isStopped == true { throw LaunchError.interrupted }
            throw LaunchError.coreDidNotStart(cause: cause(core))
        }
        announce("core: pid \(core.pid), control \(directory.controlEndpoint), events \(directory.eventsEndpoint)")
        for name in plugins where !name.isEmpty {
            do {
                let child = try Self.startPlugin(name, directory: directory, options: options, logFolder: logFolder,
                                                 diesWithParent: childrenDieWithUs)
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
        while monotonicMillis() < deadline, interrupt?.isStopped != true {
            let registered = (try? client.run(.ping(.init()), timeoutMilliseconds: 1000).pong.pluginRoles) ?? []
            if roles.allSatisfy(registered.contains) { return }
            if !exited.isEmpty { break }
            usleep(10_000)
        }
        let ended = children.first { !$0.isRunning }
        let why = ended.map(cause) ?? "they did not register within 10 s"
        stop()
        if interrupt?.isStopped == true { throw LaunchError.interrupted }
        throw LaunchError.pluginsDidNotRegister(roles, cause: why)
    }

    /// Why a child is not there: how it ended and, with a log folder, its last log line.
    func cause(_ child: ChildProcess) -> String {
        let ended = child.isRunning ? "is still running" : child.termination?.bySignal == true ? "was \(child.exitDescription)" : child.exitDescription
        let what = child.name == "core" ? "the core" : "the \(child.name)"
        guard let line = lastLogLine(of: child) else { return "\(what) (pid \(child.pid)) \(ended)" }
        return "\(what) (pid \(child.pid)) \(ended); its last log line: \(line)"
    }

    /// The last non-empty line a child wrote, when its output goes to the log folder.
    func lastLogLine(of child: ChildProcess) -> String? {
        guard let logFolder,
              let text = try? String(contentsOf: logFolder.appendingPathComponent("\(child.name).log"), encoding: .utf8) else { return nil }
        return text.split(whereSeparator: \.isNewline).last.map(String.init)
    }

    private static func output(_ name: String, _ logFolder: URL?) -> ChildProcess.Output {
        logFolder.map { .file($0.appendingPathComponent("\(name).log").path) } ?? .inherited
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
        let fresh = try Self.startPlugin(old.name, directory: directory, options: options, logFolder: logFolder,
                                         diesWithParent: childrenDieWithUs)
        if let index = children.firstIndex(where: { $0 === old }) { children[index] = fresh } else { children.append(fresh) }
        return fresh
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

    private func waitForCore(_ core: ChildProcess) -> Bool {
        let deadline = monotonicMillis() + 10_000
        while monotonicMillis() < deadline, core.isRunning, interrupt?.isStopped != true {
            if ControlClient.coreAnswers(at: directory.controlEndpoint, timeoutMilliseconds: 200) { return true }
        }
        return false
    }

    private static func startPlugin(_ name: String, directory dir: RunDirectory, options: LaunchOptions, logFolder: URL?,
                                    diesWithParent: Bool) throws -> ChildProcess {
        let child = { (executable: String, arguments: [String]) throws -> ChildProcess in
            try ChildProcess(name: name, executable: ChildProcess.sibling(executable), arguments: arguments,
                             standardOutput: output(name, logFolder), standardError: output(name, logFolder), diesWithParent: diesWithParent)
        }
        switch name {
        case "loader":
            var arguments = ["--run-dir", dir.path]
            for rule in options.rewrite { arguments += ["--rewrite", rule] }
            if let config = options.loaderConfig { arguments += ["--config", config] }
            if let delay = options.loaderDelayMs { arguments += ["--delay-ms", "\(delay)"] }
            if let cache = options.cache { arguments += ["--cache", LaunchOptions.absolutePath(cache)] }
            arguments += options.loaderArgument
            return try child("mapwire-loader", arguments)
        case "renderer":
            return try child("mapwire-renderer", ["--run-dir", dir.path])
        case "loadstatus":
            return try child("mapwire-loadstatus", ["--run-dir", dir.path])
        case "location":
            guard let source = options.location else { throw ValidationError("the location plugin needs --location SOURCE") }
            // Tracking is set before the first fix arrives, so the map follows the source from its start.
            try startTracking(dir, options: options)
            var arguments = ["--run-dir", dir.path, "--source", source]
            if let speed = options.locationSpeed { arguments += ["--speed", "\(speed)"] }
            return try child("mapwire-location", arguments)
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
    static func role(of plugin: String) -> String {
        plugin == "loadstatus" ? PluginRole.loadStatus : plugin
    }
}

enum LaunchError: Error, CustomStringConvertible {
    case coreDidNotStart(cause: String)
    case pluginsDidNotRegister([String], cause: String)
    /// SIGINT or SIGTERM came while waiting for the core or the plugins.
    case interrupted

    var description: String {
        switch self {
        case .coreDidNotStart(let cause): "the core did not start: \(cause)"
        case .pluginsDidNotRegister(let roles, let cause): "the plugins (\(roles.joined(separator: ", "))) did not register with the core: \(cause)"
        case .interrupted: "interrupted by a signal while starting"
        }
    }
}
