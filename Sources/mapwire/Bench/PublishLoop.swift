/// A publisher's timed send loop, the core's bench-publish or the raw publisher's: its events, its wall
/// time, and over it the sending thread's schedule and that of the process's other threads (libzmq's I/O
/// thread). The two publishers' loops are compared through the same measures.
struct PublishLoop: Sendable {
    var events = 0
    var seconds = 0.0
    var thread = ThreadSchedule()
    var otherThreads = ThreadSchedule()
    /// Minor page faults of the publishing process over the loop: libzmq allocates each queued message, and
    /// pages the allocator handed back fault in again.
    var pageFaults = 0.0

    /// Events per second of wall time; 0 when the loop was not timed.
    var rate: Double { Self.perSecond(events, seconds) }
    /// Events per second its thread was on a CPU; 0 when that was not read (no /proc).
    var rateOnCPU: Double { Self.perSecond(events, thread.running) }
    /// The shares of its wall time its thread spent on a CPU, and runnable but waiting for one.
    var onCPUShare: Double { thread.running / max(seconds, 1e-12) }
    var waitingShare: Double { thread.waiting / max(seconds, 1e-12) }
    /// The other threads' CPU seconds per event.
    var otherThreadsPerEvent: Double { otherThreads.running / Double(max(1, events)) }
    var pageFaultsPerThousandEvents: Double { 1000 * pageFaults / Double(max(1, events)) }

    private static func perSecond(_ events: Int, _ seconds: Double) -> Double { seconds > 0 ? Double(events) / seconds : 0 }
}
