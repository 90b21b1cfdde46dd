import ArgumentParser
import Foundation
import MapWireBus
import MapWireClient
import MapWireDemo
import MapWireProcess
import MapWireProtocol

struct UpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "up",
        abstract: "Start the core and chosen plugins, load a style, and stop them all on SIGINT/SIGTERM.",
        discussion: """
            Without --style it loads the bundled demo town. With --exit-when it exits at the first \
            map-idle (or map-loaded): 0 when the map has all its data, 1 with the failures listed when the \
            style, a source or a tile failed to load, judged by where each load stands then (a load the core \
            tried again and got, such as a style answered 429 and then 200, is no failure; sprite and glyph \
            failures are listed as warnings). It exits 1 at once on a style that will not load (missing, not \
            valid: no retry is coming) and on a renderer's map-loading-error (a frame nobody drew). It supervises the \
            plugins: one that exits or hangs (declared gone by the core) is restarted after a backoff \
            (100 ms, doubling, at most 2 s); after --max-restarts restarts within --restart-window seconds \
            it reports a give-up and keeps retrying, the wait doubling from 2 s to at most 30 s. Each plugin \
            process (two loaders are two) has its own count; each restart and give-up is published as a \
            plugin-supervision event.
            """)

    enum ExitPoint: String, ExpressibleByArgument, CaseIterable { case idle, loaded }

    /// The topics `LoadFailures` reads, decoded only with --exit-when.
    static let outcomeTopics: Set<String> = ["resource-request", "map-will-start-loading", "render-frame-finished"]

    /// What `up` starts without --plugins (PROTOCOL.md 11).
    static let defaultPlugins = ["loader", "renderer"]

    @Option(help: "The style to load: a URL or a path (default: the bundled demo).")
    var style: String?

    @OptionGroup var runDirectory: RunDirectoryOptions

    @OptionGroup var launch: LaunchOptions

    @Option(help: "Exit at the first map-idle or map-loaded.")
    var exitWhen: ExitPoint?

    @Option(help: "Give up (exit 1) when --exit-when has not happened after this many seconds.")
    var timeout: Double = 120

    @Option(help: "Before loading the style, wait until this many other subscribers (monitors) are connected.")
    var waitSubscribers = 0

    @Flag(help: "Print every event as it comes, as `mapwire monitor` does.")
    var printEvents = false

    @Option(help: "Report a give-up on a plugin process after this many restarts within --restart-window seconds (it is still retried, more slowly).")
    var maxRestarts = 5

    @Option(help: "The window (seconds) in which --max-restarts restarts make the supervisor give up.")
    var restartWindow: Double = 10

    @Option(help: "The first restart waits this long (ms); each further one in the window twice as long, at most 20 times this.")
    var restartBackoffMs = 100

    func run() throws {
        let plugins = try launch.pluginNames(default: Self.defaultPlugins)
        let trap = SignalTrap()
        let dir = RunDirectory.resolve(runDirectory.path)
        let launcher: MapLauncher
        do { launcher = try MapLauncher(directory: dir, plugins: plugins, options: launch, interrupt: trap.flag, announce: Output.line) }
        catch let error as LaunchError {
            MonitorCommand.warn("mapwire up: \(error)")
            throw ExitCode(2)
        }
        defer { launcher.stop() }

        let subscriber = try EventSubscriber(endpoint: dir.eventsEndpoint)
        _ = try subscriber.waitUntilWelcomed(timeoutMilliseconds: 5000)
        let client = try ControlClient(endpoint: dir.controlEndpoint)
        try waitForSubscribers(client, trap: trap)
        try launcher.configure(client, options: launch)
        let styleURL = try style.map(StyleLocation.url) ?? DemoData.write(to: URL(fileURLWithPath: dir.path + "/demo", isDirectory: true)).absoluteString
        try client.run(.setStyleUri(.with { $0.uri = styleURL }))
        Output.line("style: \(styleURL)")

        let started = monotonicMillis()
        var events = 0
        var failures = LoadFailures()
        let supervisorSocket = try SupervisorSocket(directory: dir)
        let supervisor = Supervisor(schedule: RestartSchedule(maxRestarts: maxRestarts, windowMillis: Int64(restartWindow * 1000),
                                                              baseMillis: Int64(max(1, restartBackoffMs))))
        while !trap.flag.isStopped {
            if let core = launcher.core, !core.isRunning {
                MonitorCommand.warn("mapwire up: the core exited (\(core.exitDescription)); stopping")
                throw ExitCode(1)
            }
            let report = { (report: Mapwire_V1_PluginSupervision) in
                do { try client.run(.reportSupervision(.with { $0.report = report })) }
                catch { MonitorCommand.warn("mapwire up: could not report to the core: \(error)") }
            }
            supervisor.tick(launcher: launcher, report: report)
            supervisorSocket.handlePending { role in try supervisor.restartNow(role: role, launcher: launcher, report: report) }
            if exitWhen != nil, Double(monotonicMillis() - started) / 1000 > timeout {
                MonitorCommand.warn("mapwire up: no map-\(exitWhen!.rawValue) within \(timeout) s")
                throw ExitCode(1)
            }
            guard case .event(let event)? = try subscriber.nextLazy(timeoutMilliseconds: 100) else { continue }
            events += 1
            let topic = event.topic
            // Only the payloads this loop reads are decoded: a map load publishes thousands of other events.
            if printEvents || topic == "plugin-gone" || topic == "map-loading-error" || topic == "style-warning" || (exitWhen != nil && Self.outcomeTopics.contains(topic)),
               let envelope = subscriber.decode(event) {
                if printEvents, let line = MonitorCommand.text(envelope) { Output.line(line) }
                if let payload = envelope.payload { failures.apply(payload) }
                if case .pluginGone(let gone) = envelope.payload { supervisor.pluginGone(gone, launcher: launcher) }
                if case .styleWarning(let warning) = envelope.payload { MonitorCommand.warn("style-warning: \(warning.message)") }
                if case .mapLoadingError(let error) = envelope.payload {
                    MonitorCommand.warn("map-loading-error (\(error.type.documentedName)): \(error.message)")
                    // A style nothing will load, or frames no renderer drew: the map will not be drawn as asked.
                    if exitWhen != nil, error.type == .renderer || (error.type == .style && failures.styleFailedForGood != nil) {
                        throw ExitCode(1)
                    }
                    if error.type == .style, exitWhen != nil { MonitorCommand.warn("mapwire up: the core will ask for the style again (PROTOCOL.md 7.8)") }
                }
            }
            if topic == "map-\(exitWhen?.rawValue ?? "-")" {
                Output.line("\(topic) after \(events) events, \(monotonicMillis() - started) ms")
                for failure in failures.failures {
                    MonitorCommand.warn("mapwire up: \(failure.isFatal ? "failed" : "warning"): \(failure.line)")
                }
                let fatal = failures.fatal
                guard fatal.isEmpty else {
                    MonitorCommand.warn("mapwire up: \(topic) without \(fatal.count) of the map's resources")
                    throw ExitCode(1)
                }
                return
            }
        }
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
}
