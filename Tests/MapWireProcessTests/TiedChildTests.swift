import Foundation
import MapWireProcess
import MapWireTesting
import Synchronization
import Testing

/// Children started with `diesWithParent`: the kernel kills them when the thread that started them
/// ends (PR_SET_PDEATHSIG), and otherwise they behave as any other child.
@Suite struct TiedChildTests {
    private let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func aTiedChildReportsItsExitAndItsOutput() throws {
        let child = try ChildProcess(name: "echo", executable: shell, arguments: ["-c", "echo tied; exit 4"],
                                     standardOutput: .pipe, diesWithParent: true)
        #expect(child.waitForExit(timeout: 10))
        #expect(child.termination?.status == 4 && child.termination?.bySignal == false)
        let output = try child.standardOutput?.readToEnd() ?? Data()
        #expect(String(decoding: output, as: UTF8.self) == "tied\n")
    }

    @Test func aTiedChildIsStoppedByItsPid() throws {
        let child = try ChildProcess(name: "sleeper", executable: shell, arguments: ["-c", "exec sleep 30"], diesWithParent: true)
        #expect(child.isRunning)
        child.stop()
        #expect(child.exitDescription == "killed by signal 15")
    }

    /// The starting thread ends (as the launcher's main thread does when the process is killed): the
    /// child is killed with SIGKILL, although nobody stopped it.
    /// What the starting thread hands back.
    final class Started: Sendable {
        let child = Mutex<ChildProcess?>(nil)
    }

    @Test func aTiedChildDiesWhenTheThreadThatStartedItEnds() throws {
        let started = Started()
        let thread = Thread {
            let child = try? ChildProcess(name: "orphan", executable: URL(fileURLWithPath: "/bin/sh"),
                                          arguments: ["-c", "exec sleep 30"], diesWithParent: true)
            // The thread ends only once the child runs `sleep`: it asked for its death signal before its exec.
            // Ended earlier, the kernel hands the child to another thread of this process before it asks, and
            // no signal ever comes (the launcher starts its children from the main thread, which lives as long
            // as the process).
            if let child {
                _ = waitUntil { ((try? String(contentsOfFile: "/proc/\(child.pid)/cmdline", encoding: .utf8)) ?? "").hasPrefix("sleep") }
            }
            started.child.withLock { $0 = child }
        }
        thread.start()
        _ = waitUntil { started.child.withLock { $0 } != nil }
        let orphan = try #require(started.child.withLock { $0 })
        #expect(orphan.waitForExit(timeout: 10), "the child outlived the thread that started it")
        #expect(orphan.exitDescription == "killed by signal 9")
    }

    @Test func aProgramThatIsNotThereIsAnError() {
        #expect(throws: (any Error).self) {
            _ = try ChildProcess(name: "absent", executable: URL(fileURLWithPath: "/nonexistent/program"), arguments: [], diesWithParent: true)
        }
    }
}
