import CSpawn
import Foundation

/// A child started so that it dies with this process (`ChildProcess(..., diesWithParent: true)`): the
/// kernel sends it SIGKILL when the thread that started it ends, whatever ended us (SIGKILL included),
/// so nothing is left running behind a launcher that was killed. Foundation's `Process` cannot ask
/// for that (posix_spawn has no such attribute), hence the fork and exec of `CSpawn`.
final class TiedChild: @unchecked Sendable {
    // @unchecked Sendable: `pid` never changes; `status` is written once by the reaper thread and read
    // by anyone, always while holding `condition`.

    let pid: Int32
    private let condition = NSCondition()
    private var status: Int32?

    /// `descriptors`: the child's standard input, output and error, open in this process (closed by the caller).
    init(executable: URL, arguments: [String], descriptors: (Int32, Int32, Int32)) throws {
        let path = executable.path
        guard access(path, X_OK) == 0 else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "cannot run \(path): \(String(cString: strerror(errno)))"])
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let pid = argv.withUnsafeBufferPointer { pointers in
            mapwire_spawn_tied_to_parent(path, pointers.baseAddress, descriptors.0, descriptors.1, descriptors.2, SIGKILL)
        }
        guard pid > 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "cannot start \(path): \(String(cString: strerror(errno)))"])
        }
        self.pid = pid
        // One thread per child, blocked in waitpid until it ends: Foundation reaps only its own children.
        let reaper = Thread { [condition] in
            let waited = mapwire_wait_for_child(pid)
            condition.lock()
            self.status = waited < 0 ? 127 << 8 : waited
            condition.broadcast()
            condition.unlock()
        }
        reaper.name = "reaper-\(pid)"
        reaper.start()
    }

    var isRunning: Bool { waitStatus == nil }

    /// The raw wait status once it ended.
    private var waitStatus: Int32? {
        condition.lock()
        defer { condition.unlock() }
        return status
    }

    /// The exit status or the signal that ended it; nil while it runs.
    var termination: (status: Int32, bySignal: Bool)? {
        guard let status = waitStatus else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? ((status >> 8) & 0xff, false) : (signal, true)
    }

    /// Waits until it ended or `deadline` passed (nil: however long it takes); true when it ended.
    @discardableResult
    func wait(until deadline: Date?) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while status == nil {
            if let deadline { guard condition.wait(until: deadline) else { break } } else { condition.wait() }
        }
        return status != nil
    }
}
