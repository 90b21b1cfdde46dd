import Foundation

/// CPU time of a process and of the machine, from /proc.
enum ProcessCPU {
    /// utime + stime of a process, all its threads, in seconds (/proc/PID/stat); 0 when it cannot be read.
    static func seconds(_ pid: Int32) -> Double {
        // utime (14) and stime (15) are at 11 and 12 of the fields from the state (3) on.
        guard let fields = statFields("/proc/\(pid)/stat"), fields.count > 12,
              let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Minor page faults of a process so far, all its threads (`minflt`, /proc/PID/stat); 0 when it cannot be read.
    static func minorFaults(_ pid: Int32) -> Double {
        // minflt (10) is at 7 of the fields from the state (3) on.
        guard let fields = statFields("/proc/\(pid)/stat"), fields.count > 7 else { return 0 }
        return Double(fields[7]) ?? 0
    }

    /// The fields of a process's or thread's `stat` file from the third (its state) on: those after the
    /// command name, which is in parentheses and may hold spaces. Nil when it cannot be read.
    static func statFields(_ path: String) -> [Substring]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }
}

extension ProcessCPU {
    /// The machine's idle (idle + iowait) and steal time so far, in CPU seconds (/proc/stat, first line).
    static func machine() -> (idle: Double, steal: Double) {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = text.split(separator: "\n").first, line.hasPrefix("cpu ") else { return (0, 0) }
        // cpu user nice system idle iowait irq softirq steal …
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ticks.count > 7 else { return (0, 0) }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ((ticks[3] + ticks[4]) / hz, ticks[7] / hz)
    }
}

/// The 1-minute load average, for the notes.
enum ProcessLoad {
    static func now() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").first.map(String.init) ?? "?"
    }
}

/// A thread's time on a CPU and runnable but waiting for one, in seconds, from the scheduler's own
/// nanosecond counts (/proc/…/schedstat: run time, run-queue wait, time slices). A thread that is not
/// running has them exact; the count of one that is was last brought up to date at its last tick or switch.
struct ThreadSchedule: Sendable {
    var running = 0.0
    var waiting = 0.0

    /// The main thread of process `pid` (the core's loop, a plugin's handler); zero when it cannot be read.
    static func mainThread(_ pid: Int32) -> ThreadSchedule { read("/proc/\(pid)/task/\(pid)/schedstat") }

    /// The main thread of process `pid` once it is no longer running (asleep, waiting on its poll), so that
    /// its counts are exact; as it is after 100 ms at most.
    static func mainThreadAtRest(_ pid: Int32) -> ThreadSchedule {
        let deadline = DispatchTime.now().uptimeNanoseconds + 100_000_000
        while DispatchTime.now().uptimeNanoseconds < deadline, isRunning(pid) { sched_yield() }
        return mainThread(pid)
    }

    /// True while the main thread of `pid` is running or runnable (state R in /proc/PID/task/PID/stat).
    private static func isRunning(_ pid: Int32) -> Bool {
        ProcessCPU.statFields("/proc/\(pid)/task/\(pid)/stat")?.first == "R"
    }

    /// Every thread of process `pid` but its main thread, together (libzmq's I/O thread, mostly).
    static func otherThreads(_ pid: Int32) -> ThreadSchedule {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.filter { $0 != "\(pid)" }.reduce(ThreadSchedule()) { $0 + read("/proc/\(pid)/task/\($1)/schedstat") }
    }

    /// The calling thread. Its run time from its CPU-time clock: schedstat's count of a running thread
    /// lags by up to a scheduler tick (4 ms), as long as a whole 60-byte loop on a fast run.
    static func current() -> ThreadSchedule {
        var schedule = read("/proc/thread-self/schedstat")
        var now = timespec()
        if clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0 { schedule.running = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 }
        return schedule
    }

    static func read(_ path: String) -> ThreadSchedule {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return ThreadSchedule() }
        let nanos = text.split(separator: " ").prefix(2).compactMap { Double($0) }
        guard nanos.count == 2 else { return ThreadSchedule() }
        return ThreadSchedule(running: nanos[0] / 1e9, waiting: nanos[1] / 1e9)
    }

    static func - (after: ThreadSchedule, before: ThreadSchedule) -> ThreadSchedule {
        ThreadSchedule(running: after.running - before.running, waiting: after.waiting - before.waiting)
    }

    static func + (a: ThreadSchedule, b: ThreadSchedule) -> ThreadSchedule {
        ThreadSchedule(running: a.running + b.running, waiting: a.waiting + b.waiting)
    }
}
