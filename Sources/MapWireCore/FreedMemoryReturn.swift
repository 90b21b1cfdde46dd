import CMalloc
import Logging

/// Gives the system back the memory the core freed and is not using, once the bus has been quiet for five
/// seconds (no event published, no subscriber leaving), as jemalloc gives back pages unused for ten, and
/// while it stays busy (a map animating) every thirty seconds, so that memory freed in a burst long past is
/// not held for as long as the map moves.
/// glibc is told to keep what is freed (`keepFreedMemory`): each queued event is a message libzmq
/// allocates, a burst's messages sat in fresh pages which glibc handed back as they were freed, and this
/// trimmed half a second after every subscriber left, so each burst faulted its pages in again: a million
/// page faults over one bench bus section, about half the core's publishing time at 1 KiB (BENCHMARKS.md,
/// "The core's memory"). A subscriber that never reads leaves its whole queue (tens of MB) behind when it
/// goes; that goes back too, five quiet seconds later. A quiet second was too short: a subscriber draining
/// a 200,000-event queue keeps the bus busy for longer while the core publishes nothing.
/// The timing is a pure step (`busActive`, `isDue`); the trim is `returnIfDue`.
struct FreedMemoryReturn {
    static let quietMillis: Int64 = 5000
    static let busiestMillis: Int64 = 30_000
    /// Less than this held is not worth the trim's walk over the heap.
    static let worthReturningBytes = 8 << 20
    /// When to look at what is held (monotonic ms), nil when nothing happened since the last look.
    var dueMillis: Int64? { quietDue.map { min($0, latestDue ?? $0) } }
    /// The end of the quiet spell after the last activity, and the latest look after the first since the last.
    private var quietDue: Int64?, latestDue: Int64?

    /// Tells glibc to keep freed memory for the next mallocs; this returns it. Once, at the core's start.
    static func keepFreedMemory() -> Bool { mapwire_malloc_keep_freed() == 1 }

    /// Events were published or a subscriber left: the look waits for a quiet spell after this.
    mutating func busActive(now: Int64) {
        quietDue = now + Self.quietMillis
        latestDue = latestDue ?? now + Self.busiestMillis
    }

    /// True once per quiet spell, when it is up, or once the busy bus has gone thirty seconds without a look.
    mutating func isDue(now: Int64) -> Bool {
        guard let due = dueMillis, now >= due else { return false }
        (quietDue, latestDue) = (nil, nil)
        return true
    }

    /// Whether `heldBytes` freed and kept are worth a trim.
    static func worthReturning(heldBytes: Int) -> Bool { heldBytes >= worthReturningBytes }

    /// Trims when due and enough is held.
    mutating func returnIfDue(now: Int64, logger: Logger) {
        guard isDue(now: now) else { return }
        let held = mapwire_malloc_free_bytes()
        guard Self.worthReturning(heldBytes: held) else { return }
        mapwire_malloc_trim()
        let left = mapwire_malloc_free_bytes()
        logger.debug("returned freed memory to the system after a quiet spell",
                     metadata: ["held-mb": "\(held >> 20)", "held-after-mb": "\(left >> 20)"])
    }
}
