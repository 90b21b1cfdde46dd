import CMalloc
import Logging

/// Gives the system back the memory a departed subscriber's queue held (issue 14, finding 12). A
/// subscriber that never reads holds up to the events high-water mark of messages (tens of MB); libzmq
/// frees them when its pipe ends, but glibc keeps freed memory for later mallocs, so the core's RSS
/// stayed up by that much per such subscriber. The pipe ends on libzmq's I/O thread, shortly after the
/// unsubscription reaches the loop: hence the trim a little later, not at once.
struct FreedMemoryReturn {
    static let delayMillis: Int64 = 500
    /// When to trim (monotonic ms), nil when no subscriber left since the last trim.
    private(set) var dueMillis: Int64?

    /// A subscriber left (an unsubscription from the events socket).
    mutating func subscriberLeft(now: Int64) {
        dueMillis = dueMillis ?? now + Self.delayMillis
    }

    /// Trims when due.
    mutating func runIfDue(now: Int64, logger: Logger) {
        guard let due = dueMillis, now >= due else { return }
        dueMillis = nil
        let held = mapwire_malloc_free_bytes()
        mapwire_malloc_trim()
        let left = mapwire_malloc_free_bytes()
        logger.debug("returned freed memory to the system after a subscriber left",
                     metadata: ["held-mb": "\(held >> 20)", "held-after-mb": "\(left >> 20)"])
    }
}
