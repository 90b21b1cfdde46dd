import Foundation
import MapWireProcess
import Testing

@Suite struct ChildProcessTests {
    private let shell = URL(fileURLWithPath: "/bin/sh")

    private func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)").path
    }

    @Test func anExitStatusIsReported() throws {
        let child = try ChildProcess(name: "exit", executable: shell, arguments: ["-c", "exit 3"])
        #expect(child.waitForExit(timeout: 10))
        #expect(!child.isRunning)
        #expect(child.termination?.status == 3 && child.termination?.bySignal == false)
        #expect(child.exitDescription == "exited with status 3")
    }

    @Test func stopEndsAChildWithSIGTERM() throws {
        let child = try ChildProcess(name: "sleeper", executable: shell, arguments: ["-c", "exec sleep 30"])
        #expect(child.isRunning && child.exitDescription == "running")
        child.stop()
        #expect(child.exitDescription == "killed by signal 15")
    }

    @Test func stopKillsAChildThatIgnoresSIGTERM() throws {
        let ready = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: ready) }
        let child = try ChildProcess(name: "stubborn", executable: shell,
                                     arguments: ["-c", "trap '' TERM; echo ready > \(ready); while :; do sleep 0.05; done"])
        // The trap must be in place before SIGTERM comes, or the default action ends it.
        #expect(waitForFile(ready))
        child.stop(grace: 0.5)
        #expect(child.exitDescription == "killed by signal 9")
    }

    @Test func waitingForARunningChildTimesOut() throws {
        let child = try ChildProcess(name: "sleeper", executable: shell, arguments: ["-c", "exec sleep 30"])
        defer { child.stop() }
        #expect(!child.waitForExit(timeout: 0.05))
        #expect(child.termination == nil)
    }

    @Test func bothStreamsCanShareOneFileAndTheEnvironmentIsPassed() throws {
        let log = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let child = try ChildProcess(name: "talker", executable: shell, arguments: ["-c", "echo out $GREETING; echo err >&2"],
                                     environment: ["GREETING": "hello"], standardOutput: .file(log), standardError: .file(log))
        #expect(child.waitForExit(timeout: 10))
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.split(separator: "\n").sorted() == ["err", "out hello"])
    }

    @Test func aPipeCarriesTheOutput() throws {
        let child = try ChildProcess(name: "echo", executable: shell, arguments: ["-c", "printf piped"], standardOutput: .pipe)
        let data = child.standardOutput?.readDataToEndOfFile() ?? Data()
        child.waitForExit()
        #expect(String(decoding: data, as: UTF8.self) == "piped")
    }

    @Test func aMissingProgramThrows() {
        #expect(throws: (any Error).self) {
            try ChildProcess(name: "missing", executable: URL(fileURLWithPath: "/nonexistent/program"), arguments: [])
        }
    }

    /// Polls for `path` every 10 ms until it exists, up to 10 s.
    private func waitForFile(_ path: String) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: path) { return true }
            usleep(10_000)
        }
        return false
    }
}
