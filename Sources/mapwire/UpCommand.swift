import ArgumentParser
import Foundation
import MapWireBus
import MapWireDemo
import MapWirePluginKit
import MapWireProtocol

struct UpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "up",
        abstract: "Start the core and chosen plugins, load a style, and stop them all on SIGINT/SIGTERM.",
        discussion: """
            Without --style it loads the bundled demo town. With --exit-when it exits 0 at the first \
            map-idle (or map-loaded), and 1 with the error on a fatal map-loading-error.
            """)

    enum ExitPoint: String, ExpressibleByArgument, CaseIterable { case idle, loaded }

    @Option(help: "The style to load: a URL or a path (default: the bundled demo).")
    var style: String?

    @Option(help: "Comma-separated plugins to start: loader.")
    var plugins = "loader"

    @OptionGroup var runDirectory: RunDirectoryOptions

    @Option(help: "Exit at the first map-idle or map-loaded.")
    var exitWhen: ExitPoint?

    @Option(help: "Give up (exit 1) when --exit-when has not happened after this many seconds.")
    var timeout: Double = 120

    @Option(help: "Loader URL rewrite FROM=TO (repeatable), e.g. mapbox://fonts/mapbox/=file:///srv/glyphs/")
    var rewrite: [String] = []

    @Option(help: "Loader configuration file (JSON with \"rewrites\").")
    var loaderConfig: String?

    @Option(help: "Camera centre LON,LAT set before the style loads.")
    var center: String?

    @Option(help: "Camera zoom set before the style loads.")
    var zoom: Double?

    @Option(help: "Camera bearing set before the style loads.")
    var bearing: Double?

    @Option(help: "Camera pitch set before the style loads.")
    var pitch: Double?

    @Option(help: "Viewport size WIDTHxHEIGHT.")
    var size: String?

    @Option(help: "Before loading the style, wait until this many other subscribers (monitors) are connected.")
    var waitSubscribers = 0

    @Flag(help: "Print every event as it comes, as `mapwire monitor` does.")
    var printEvents = false

    func run() throws {
        let trap = SignalTrap()
        let dir = RunDirectory.resolve(runDirectory.path)
        try dir.prepare()
        var children: [ChildProcess] = []
        defer { children.reversed().forEach { $0.stop() } }

        let core = try ChildProcess(name: "core", executable: "mapwire-core", arguments: ["--run-dir", dir.path])
        children.append(core)
        guard waitForCore(dir, core: core) else {
            MonitorCommand.warn("mapwire up: the core did not start (see its message above)")
            throw ExitCode(2)
        }
        Output.line("core: pid \(core.pid), control \(dir.controlEndpoint), events \(dir.eventsEndpoint)")
        for name in plugins.split(separator: ",").map(String.init) where !name.isEmpty {
            let child = try startPlugin(name, runDirectory: dir)
            children.append(child)
            Output.line("plugin \(name): pid \(child.pid)")
        }

        let subscriber = try EventSubscriber(endpoint: dir.eventsEndpoint)
        _ = try subscriber.waitUntilWelcomed(timeoutMilliseconds: 5000)
        let client = try ControlClient(endpoint: dir.controlEndpoint)
        try waitForSubscribers(client, trap: trap)
        try configureCamera(client)
        let styleURL = try style.map(StyleLocation.url) ?? DemoData.write(to: URL(fileURLWithPath: dir.path + "/demo", isDirectory: true)).absoluteString
        try client.run(.setStyleUri(.with { $0.uri = styleURL }))
        Output.line("style: \(styleURL)")

        let started = monotonicMillis()
        var events = 0
        while !trap.flag.isStopped {
            guard children.allSatisfy(\.isRunning) else {
                let dead = children.filter { !$0.isRunning }.map(\.name).joined(separator: ", ")
                MonitorCommand.warn("mapwire up: \(dead) exited; stopping")
                throw ExitCode(1)
            }
            if exitWhen != nil, Double(monotonicMillis() - started) / 1000 > timeout {
                MonitorCommand.warn("mapwire up: no map-\(exitWhen!.rawValue) within \(timeout) s")
                throw ExitCode(1)
            }
            guard case .event(let topic, let envelope)? = try subscriber.next(timeoutMilliseconds: 100) else { continue }
            events += 1
            if printEvents, let line = MonitorCommand.text(envelope) { Output.line(line) }
            if case .mapLoadingError(let error) = envelope.payload {
                MonitorCommand.warn("map-loading-error (\(error.type.documentedName)): \(error.message)")
                if error.type == .style, exitWhen != nil { throw ExitCode(1) }
            }
            if topic == "map-\(exitWhen?.rawValue ?? "-")" {
                Output.line("\(topic) after \(events) events, \(monotonicMillis() - started) ms")
                return
            }
        }
    }

    private func waitForCore(_ dir: RunDirectory, core: ChildProcess) -> Bool {
        let deadline = monotonicMillis() + 10_000
        while monotonicMillis() < deadline, core.isRunning {
            if ControlClient.coreAnswers(at: dir.controlEndpoint, timeoutMilliseconds: 200) { return true }
        }
        return false
    }

    /// Waits until `--wait-subscribers` others (besides this command's own) listen to the events.
    private func waitForSubscribers(_ client: ControlClient, trap: SignalTrap) throws {
        guard waitSubscribers > 0 else { return }
        Output.line("waiting for \(waitSubscribers) subscriber(s) on \(RunDirectory.resolve(runDirectory.path).eventsEndpoint)")
        let deadline = monotonicMillis() + Int64(timeout * 1000)
        while !trap.flag.isStopped, monotonicMillis() < deadline {
            if try client.run(.ping(.init())).pong.subscribers >= waitSubscribers + 1 { return }
            usleep(20_000)
        }
        MonitorCommand.warn("mapwire up: \(waitSubscribers) subscriber(s) did not connect")
        throw ExitCode(1)
    }

    private func startPlugin(_ name: String, runDirectory dir: RunDirectory) throws -> ChildProcess {
        switch name {
        case "loader":
            var arguments = ["--run-dir", dir.path]
            for rule in rewrite { arguments += ["--rewrite", rule] }
            if let loaderConfig { arguments += ["--config", loaderConfig] }
            return try ChildProcess(name: name, executable: "mapwire-loader", arguments: arguments)
        default:
            throw ValidationError("unknown plugin \"\(name)\" (known: loader)")
        }
    }

    private func configureCamera(_ client: ControlClient) throws {
        if let size {
            let (w, h) = try parseSize(size)
            try client.run(.setSize(.with { $0.width = w; $0.height = h }))
        }
        guard center != nil || zoom != nil || bearing != nil || pitch != nil else { return }
        let lngLat = try center.map(parseCenter)
        try client.run(.setCamera(.with {
            if let lngLat { $0.center = lngLat }
            if let zoom { $0.zoom = zoom }
            if let bearing { $0.bearing = bearing }
            if let pitch { $0.pitch = pitch }
        }))
    }
}
