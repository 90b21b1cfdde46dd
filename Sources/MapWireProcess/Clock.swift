import Foundation

/// Wall-clock time in nanoseconds since the Unix epoch, as the protocol's timestamps use.
public func unixNanosNow() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}

/// Monotonic milliseconds, for timers and deadlines.
public func monotonicMillis() -> Int64 {
    Int64(monotonicNanos() / 1_000_000)
}

/// Monotonic nanoseconds, for short spans (a batch of replies).
public func monotonicNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
