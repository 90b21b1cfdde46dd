import Foundation

/// The plugin process under check: started with MAPWIRE_RUN_DIR set to the checker's run directory
/// (and `{run-dir}` in its arguments replaced by it), its output kept in a log file.
final class CheckedPlugin {
    let process = Process()
    let logPath: String

    init(command: [String], runDirectory: String, logPath: String) throws {
        self.logPath = logPath
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        // env finds the program on PATH and execs it, so the pid is the plugin's own.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command.map { $0.replacingOccurrences(of: "{run-dir}", with: runDirectory) }
        var environment = ProcessInfo.processInfo.environment
        environment["MAPWIRE_RUN_DIR"] = runDirectory
        process.environment = environment
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// How it ended, once it has: "exit status N" or "killed by signal N".
    var ending: String {
        guard !process.isRunning else { return "still running" }
        return process.terminationReason == .uncaughtSignal
            ? "killed by signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
    }

    func signal(_ number: Int32) {
        if process.isRunning { kill(process.processIdentifier, number) }
    }

    /// Waits up to `seconds` for the process to end; true when it has.
    func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        return !process.isRunning
    }

    /// Stops it for good: SIGTERM, then SIGKILL after a grace period.
    func stop() {
        guard process.isRunning else { return }
        signal(SIGTERM)
        if !waitForExit(seconds: 3) { signal(SIGKILL) }
        process.waitUntilExit()
    }

    /// The last lines the plugin printed.
    func outputTail(lines: Int = 12) -> [String] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        return Array(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).suffix(lines))
    }
}
