import Foundation

extension ChildProcess {
    /// A program that ran to its end within its deadline and failed, or did not end in time.
    public struct RunFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs a program to its end (a test's helper script, a converter): its standard error goes to a
    /// temporary file, read once it has ended so a program that keeps the stream open cannot hang us.
    /// Throws `RunFailure` with that text when it exits non-zero, and kills it (by pid) after `timeout`.
    public static func runToEnd(_ executable: String, _ arguments: [String], timeout: TimeInterval = 120) throws {
        let errors = FileManager.default.temporaryDirectory
            .appendingPathComponent("mapwire-run-\(getpid())-\(UUID().uuidString).stderr")
        defer { try? FileManager.default.removeItem(at: errors) }
        let command = ([executable] + arguments).joined(separator: " ")
        let child = try ChildProcess(name: executable, executable: URL(fileURLWithPath: executable), arguments: arguments,
                                     standardOutput: .discarded, standardError: .file(errors.path))
        guard child.waitForExit(timeout: timeout) else {
            child.stop(grace: 0)
            throw RunFailure(description: "\(command) did not finish within \(Int(timeout)) s")
        }
        guard child.termination?.status == 0, child.termination?.bySignal == false else {
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw RunFailure(description: "\(command) \(child.exitDescription): \(text)")
        }
    }
}
