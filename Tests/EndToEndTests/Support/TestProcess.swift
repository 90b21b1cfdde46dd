import Foundation
import MapWireProcess
import MapWireTesting

/// A process a test started, its output kept in files of the test's run directory. It is stopped by
/// its process id (SIGTERM, then SIGKILL), never by name.
final class TestProcess: Sendable {
    let name: String
    let child: ChildProcess
    let stdoutPath: String
    let stderrPath: String

    init(_ executable: String, _ arguments: [String], in directory: URL, name: String? = nil) throws {
        let name = name ?? URL(fileURLWithPath: executable).lastPathComponent
        self.name = name
        let base = directory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(6))")
        stdoutPath = base.path + ".out"
        stderrPath = base.path + ".err"
        // The test's own cache folder: a loader's default cache (and any other XDG cache) stays in the
        // test's directory, never in the user's ~/.cache.
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("xdg-cache").path
        child = try ChildProcess(name: name, executable: URL(fileURLWithPath: executable), arguments: arguments,
                                 environment: environment, standardOutput: .file(stdoutPath), standardError: .file(stderrPath))
    }

    var pid: Int32 { child.pid }
    var isRunning: Bool { child.isRunning }
    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Waits for the process to exit by itself; its exit status (or ending signal), nil when it is still
    /// running after `timeout`.
    func wait(timeout: TimeInterval) -> Int32? {
        guard child.waitForExit(timeout: timeout) else { return nil }
        return child.termination?.status
    }

    /// Waits until standard error (or output) contains `text`.
    func waitFor(_ text: String, inStderr: Bool = true, timeout: TimeInterval = 10) -> Bool {
        waitUntil(timeout: timeout) { (inStderr ? stderr : stdout).contains(text) }
    }

    func signal(_ number: Int32) { child.signal(number) }

    /// SIGTERM (repeated: a process still starting may not handle it yet), then SIGKILL after `grace` seconds.
    func stop(grace: TimeInterval = 3) { child.stop(grace: grace) }
}
