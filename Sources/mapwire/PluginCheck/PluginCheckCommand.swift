import ArgumentParser
import Foundation
import MapWireBus

struct PluginCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin-check",
        abstract: "Check that a plugin speaks the MapWire protocol: mapwire plugin-check -- COMMAND [ARG…]",
        discussion: """
            Plays the core itself in a private run directory, starts COMMAND with MAPWIRE_RUN_DIR set to it \
            (and any argument {run-dir} replaced by it), then drives the plugin through PROTOCOL.md section 7: \
            hello and welcome, heartbeats both ways, every request its roles take, unknown and malformed \
            messages, goodbye on SIGTERM. Prints a pass/fail table; exits 0 only when every check passes, \
            1 when one fails, 2 when the plugin cannot be started.
            """)

    @Option(help: "Seconds to wait for the plugin's first hello.")
    var helloTimeout: Double = 15

    @Option(help: "The heartbeat interval (ms) the check's welcome gives the plugin.")
    var heartbeatMs: Int = 200

    @Flag(help: "Keep the run directory and the plugin's output log.")
    var keep = false

    @Argument(parsing: .postTerminator, help: "The plugin's command line, after --.")
    var command: [String] = []

    func validate() throws {
        guard !command.isEmpty else { throw ValidationError("give the plugin's command after --, e.g. mapwire plugin-check -- mapwire-loader") }
        guard heartbeatMs >= 50 else { throw ValidationError("--heartbeat-ms must be at least 50") }
    }

    func run() throws {
        // Short and private: ipc socket paths must fit in 107 bytes.
        var template = Array("/tmp/mwcheck-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ValidationError("cannot create a run directory in /tmp") }
        let directory = RunDirectory(path: String(cString: made))
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory.path) } }

        let core: CheckCoreSide
        do { core = try CheckCoreSide(directory: directory) }
        catch { MonitorCommand.warn("plugin-check: cannot bind in \(directory.path): \(error)"); throw ExitCode(2) }
        defer { core.close() }
        core.intervalMillis = Int64(heartbeatMs)

        let plugin: CheckedPlugin
        do { plugin = try CheckedPlugin(command: command, runDirectory: directory.path, logPath: directory.path + "/plugin.log") }
        catch { MonitorCommand.warn("plugin-check: cannot start \(command.joined(separator: " ")): \(error)"); throw ExitCode(2) }
        defer { plugin.stop() }

        Output.line("plugin-check: \(command.joined(separator: " ")) (pid \(plugin.pid)), run directory \(directory.path)")
        let conformance = PluginConformance(core: core, plugin: plugin, helloTimeoutMillis: Int64(helloTimeout * 1000))
        conformance.run()
        plugin.stop()

        CheckReport.table(conformance.results).forEach(Output.line)
        let failed = conformance.results.contains { !$0.passed }
        if failed {
            let tail = plugin.outputTail()
            if !tail.joined().isEmpty {
                Output.line("")
                Output.line("the plugin's last output\(keep ? " (\(plugin.logPath))" : ""):")
                tail.forEach { Output.line("  " + $0) }
            }
            throw ExitCode(1)
        }
    }
}
