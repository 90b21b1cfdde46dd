import Foundation
import MapWireProcess

/// The plugin process under check: started with MAPWIRE_RUN_DIR set to the checker's run directory
/// (and `{run-dir}` in its arguments replaced by it), its output kept in a log file.
final class CheckedPlugin {
    let process: ChildProcess
    let logPath: String

    init(command: [String], runDirectory: String, logPath: String) throws {
        self.logPath = logPath
        var environment = ProcessInfo.processInfo.environment
        environment["MAPWIRE_RUN_DIR"] = runDirectory
        // env finds the program on PATH and execs it, so the pid is the plugin's own.
        process = try ChildProcess(
            name: "plugin", executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: command.map { $0.replacingOccurrences(of: "{run-dir}", with: runDirectory) },
            environment: environment, standardOutput: .file(logPath), standardError: .file(logPath))
    }

    var pid: Int32 { process.pid }
    var isRunning: Bool { process.isRunning }

    /// How it ended, once it has: "exited with status N" or "killed by signal N".
    var ending: String { process.isRunning ? "still running" : process.exitDescription }

    func signal(_ number: Int32) { process.signal(number) }

    /// Waits up to `seconds` for the process to end; true when it has.
    func waitForExit(seconds: Double) -> Bool { process.waitForExit(timeout: seconds) }

    /// Stops it for good: SIGTERM, then SIGKILL after a grace period.
    func stop() { process.stop() }

    /// The last lines the plugin printed.
    func outputTail(lines: Int = 12) -> [String] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return Array(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).suffix(lines))
    }
}
