import ArgumentParser
import Foundation
import MapWireBus
import MapWireClient
import MapWireDemo
import MapWireProcess
import MapWireProtocol

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render a style to a PNG once, through a real core, loader and renderer.",
        discussion: """
            Starts its own processes in a private run directory, loads the style, waits for a full frame, writes \
            it, and stops them. Their output goes to a log in that folder; their warnings (a style's bad \
            expression, a timeout) are shown as `mapwire up` shows them, and a failure names the process that \
            ended and its last log line. When the style, a source or a tile failed to load (as it stands when the \
            frame is drawn: a load the core tried again and got is no failure), it lists the failures and exits 1 \
            without writing the PNG, unless --allow-failures; sprite and glyph failures are listed as warnings. \
            SIGINT, SIGTERM or SIGHUP stops the children and removes the folder (exit 1); the children die with \
            the snapshot however it ends, SIGKILL included (only the folder is then left behind).
            """)

    @Option(help: "The style: a URL or a path (default: the bundled demo).")
    var style: String?

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @OptionGroup var launch: LaunchOptions

    @Option(help: "Seconds to wait for the map to load and draw.")
    var timeout: Double = 120

    @Flag(help: "Write the PNG and exit 0 even when some of the map's data failed to load (the failures are still listed).")
    var allowFailures = false

    func run() throws {
        let plugins = try launch.pluginNames(default: UpCommand.defaultPlugins)
        // SIGINT/SIGTERM/SIGHUP end the waits below, so the defers stop the children and remove the folder.
        let trap = SignalTrap(signals: [SIGINT, SIGTERM, SIGHUP])
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mapwire-snapshot-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dir = RunDirectory(path: scratch.appendingPathComponent("run").path)
        let logs = scratch.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let warnings = ChildLogWarnings(folder: logs, children: ["core"] + plugins.filter { !$0.isEmpty })
        defer { warnings.newLines().forEach(MonitorCommand.warn) }
        let launcher: MapLauncher
        do {
            launcher = try MapLauncher(directory: dir, plugins: plugins, options: launch, interrupt: trap.flag, logFolder: logs,
                                       childrenDieWithUs: true) { _ in }
        } catch let error as LaunchError {
            MonitorCommand.warn("mapwire snapshot: \(error)")
            throw ExitCode(trap.flag.isStopped ? 1 : 2)
        }
        defer { launcher.stop() }
        // The real cause when the answer cannot come: a signal, or a child that ended (with its last log line).
        let abandon = { () -> String? in
            warnings.newLines().forEach(MonitorCommand.warn)
            if trap.flag.isStopped { return "interrupted by a signal; stopped the core and plugins" }
            return launcher.children.first { !$0.isRunning }.map(launcher.cause)
        }
        let outcome: LoadOutcomeWatcher
        let reply: Mapwire_V1_CommandReply
        do {
            outcome = try LoadOutcomeWatcher(directory: dir)
            let client = try ControlClient(endpoint: dir.controlEndpoint)
            try launcher.configure(client, options: launch)
            let styleURL = try style.map(StyleLocation.url)
                ?? DemoData.write(to: scratch.appendingPathComponent("demo", isDirectory: true)).absoluteString
            try client.run(.setStyleUri(.with { $0.uri = styleURL }), abandonIf: abandon)
            reply = try outcome.snapshot(client, deadline: monotonicMillis() + Int64(timeout * 1000), abandonIf: abandon)
        } catch {
            MonitorCommand.warn("mapwire snapshot: \(abandon() ?? "\(error)")")
            throw ExitCode(1)
        }
        for warning in outcome.styleWarnings { MonitorCommand.warn("mapwire snapshot: style warning: \(warning)") }
        for failure in outcome.failures.failures {
            MonitorCommand.warn("mapwire snapshot: \(failure.isFatal ? "failed" : "warning"): \(failure.line)")
        }
        let fatal = outcome.failures.fatal
        if !fatal.isEmpty, !allowFailures {
            MonitorCommand.warn("mapwire snapshot: \(fatal.count) of the map's resources failed to load; no PNG written (--allow-failures writes it)")
            throw ExitCode(1)
        }
        let path = URL(fileURLWithPath: output).standardizedFileURL
        try reply.snapshot.png.write(to: path)
        Output.line("\(path.path): \(reply.snapshot.width)x\(reply.snapshot.height)")
    }
}
