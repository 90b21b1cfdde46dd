import Foundation

/// A process `mapwire up` started and must stop: the core or a plugin.
final class ChildProcess {
    let name: String
    let process = Process()

    /// Starts `executable` (found next to this program) with `arguments`; its output goes to ours.
    init(name: String, executable: String, arguments: [String]) throws {
        self.name = name
        process.executableURL = ChildProcess.sibling(executable)
        process.arguments = arguments
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// How an exited child ended: "killed by signal 9" or "exited with status 1".
    var exitDescription: String {
        guard !process.isRunning else { return "running" }
        return process.terminationReason == .uncaughtSignal
            ? "killed by signal \(process.terminationStatus)" : "exited with status \(process.terminationStatus)"
    }

    /// SIGTERM (again every 200 ms: a child still starting may not handle it yet), then SIGKILL if
    /// it has not exited after `grace` seconds.
    func stop(grace: TimeInterval = 3) {
        guard process.isRunning else { return }
        let deadline = Date().addingTimeInterval(grace)
        var nextTerm = Date()
        while process.isRunning, Date() < deadline {
            if Date() >= nextTerm {
                kill(process.processIdentifier, SIGTERM)
                nextTerm = Date().addingTimeInterval(0.2)
            }
            usleep(10_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The program `name` in the folder of the running executable (SwiftPM puts all products there).
    static func sibling(_ name: String) -> URL {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent(name)
    }
}
