import ArgumentParser
import Foundation
import MapWireBus
import MapWireDemo
import MapWirePluginKit
import MapWireProtocol

struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render a style to a PNG once, through a real core, loader and renderer.",
        discussion: "Starts its own processes in a private run directory, loads the style, waits for a full frame, writes it, and stops them.")

    @Option(help: "The style: a URL or a path (default: the bundled demo).")
    var style: String?

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @OptionGroup var launch: LaunchOptions

    @Option(help: "Seconds to wait for the map to load and draw.")
    var timeout: Double = 120

    func run() throws {
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mapwire-snapshot-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dir = RunDirectory(path: scratch.appendingPathComponent("run").path)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let plugins = try launch.pluginNames(default: UpCommand.defaultPlugins)
        let launcher = try MapLauncher(directory: dir, plugins: plugins, options: launch) { _ in }
        defer { launcher.stop() }
        let client = try ControlClient(endpoint: dir.controlEndpoint)
        try launcher.configure(client, options: launch)
        let styleURL = try style.map(StyleLocation.url)
            ?? DemoData.write(to: scratch.appendingPathComponent("demo", isDirectory: true)).absoluteString
        try client.run(.setStyleUri(.with { $0.uri = styleURL }))
        let reply: Mapwire_V1_CommandReply
        do { reply = try client.run(.snapshot(.with { $0.returnImage = true }), timeoutMilliseconds: Int(timeout * 1000)) }
        catch {
            MonitorCommand.warn("mapwire snapshot: \(error)")
            throw ExitCode(1)
        }
        let path = URL(fileURLWithPath: output).standardizedFileURL
        try reply.snapshot.png.write(to: path)
        Output.line("\(path.path): \(reply.snapshot.width)x\(reply.snapshot.height)")
    }
}
