import Foundation

/// A process a test started. It is stopped by its process id (SIGTERM, then SIGKILL), never by name.
final class TestProcess: @unchecked Sendable {
    // @unchecked Sendable: `process` is only started in init and then read (isRunning, pid,
    // terminationStatus), which Foundation's Process allows from any thread.
    let name: String
    let process = Process()
    let stdoutPath: String
    let stderrPath: String

    init(_ executable: String, _ arguments: [String], in directory: URL, name: String? = nil) throws {
        self.name = name ?? URL(fileURLWithPath: executable).lastPathComponent
        let base = directory.appendingPathComponent("\(self.name)-\(UUID().uuidString.prefix(6))")
        stdoutPath = base.path + ".out"
        stderrPath = base.path + ".err"
        FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Waits for the process to exit by itself; nil when it is still running after `timeout`.
    func wait(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    /// Waits until standard error (or output) contains `text`.
    func waitFor(_ text: String, inStderr: Bool = true, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (inStderr ? stderr : stdout).contains(text) { return true }
            usleep(10_000)
        }
        return false
    }

    func signal(_ number: Int32) { kill(pid, number) }

    /// SIGTERM (repeated: a process still starting may not handle it yet), then SIGKILL after `grace` seconds.
    func stop(grace: TimeInterval = 3) {
        guard process.isRunning else { return }
        let deadline = Date().addingTimeInterval(grace)
        while process.isRunning, Date() < deadline {
            kill(pid, SIGTERM)
            _ = wait(timeout: 0.2)
        }
        if process.isRunning {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
    }
}
