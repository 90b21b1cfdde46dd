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
        discussion: "Starts its own processes in a private run directory, loads the style, waits for a full frame, writes it, and stops them. Their output goes to a log in that folder; a failure names the process that ended and its last log line. SIGINT or SIGTERM stops them all and removes the folder (exit 1).")

    @Option(help: "The style: a URL or a path (default: the bundled demo).")
    var style: String?

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @OptionGroup var launch: LaunchOptions

    @Option(help: "Seconds to wait for the map to load and draw.")
    var timeout: Double = 120

    func run() throws {
        let plugins = try launch.pluginNames(default: UpCommand.defaultPlugins)
        // SIGINT/SIGTERM end the waits below, so the defers stop the children and remove the folder.
        let trap = SignalTrap()
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mapwire-snapshot-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dir = RunDirectory(path: scratch.appendingPathComponent("run").path)
        let logs = scratch.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let launcher: MapLauncher
        do { launcher = try MapLauncher(directory: dir, plugins: plugins, options: launch, interrupt: trap.flag, logFolder: logs) { _ in } }
        catch let error as LaunchError {
            MonitorCommand.warn("mapwire snapshot: \(error)")
            throw ExitCode(trap.flag.isStopped ? 1 : 2)
        }
        defer { launcher.stop() }
        // The real cause when the answer cannot come: a signal, or a child that ended (with its last log line).
        let abandon = { () -> String? in
            if trap.flag.isStopped { return "interrupted by a signal; stopped the core and plugins" }
            return launcher.children.first { !$0.isRunning }.map(launcher.cause)
        }
        let reply: Mapwire_V1_CommandReply
        do {
            let client = try ControlClient(endpoint: dir.controlEndpoint)
            try launcher.configure(client, options: launch)
            let styleURL = try style.map(StyleLocation.url)
                ?? DemoData.write(to: scratch.appendingPathComponent("demo", isDirectory: true)).absoluteString
            try client.run(.setStyleUri(.with { $0.uri = styleURL }), abandonIf: abandon)
            reply = try client.run(.snapshot(.with { $0.returnImage = true }), timeoutMilliseconds: Int(timeout * 1000), abandonIf: abandon)
        } catch {
            MonitorCommand.warn("mapwire snapshot: \(abandon() ?? "\(error)")")
            throw ExitCode(1)
        }
        let path = URL(fileURLWithPath: output).standardizedFileURL
        try reply.snapshot.png.write(to: path)
        Output.line("\(path.path): \(reply.snapshot.width)x\(reply.snapshot.height)")
    }
}
