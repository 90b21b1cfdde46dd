import MapEngine

/// When a failed load is tried again (PROTOCOL.md 7.8), by the reason of its last failure and how many
/// attempts in a row failed: MapLibre Native's schedule. Pure: a count in, a delay out.
///
/// - `server`: after 1 s three times, then 2^(n−3) s (2, 4, 8, …).
/// - `connection`: after 2^(n−1) s (1, 2, 4, …).
/// - `rate-limit`: after the server's `retry_after_ms`, else 5 s.
/// - anything else (`not-found`, `other`, `in-offline-mode`): never by the clock.
///
/// No delay is longer than `maxBackoffMillis` (a resource still wanted is tried at least every five
/// minutes, for as long as it is wanted), and a server's wait is honoured up to `maxRetryAfterMillis`.
enum RetrySchedule {
    static let maxBackoffMillis: Int64 = 300_000
    static let maxRetryAfterMillis: Int64 = 3_600_000
    static let rateLimitDefaultMillis: Int64 = 5_000

    /// Milliseconds to wait after the `failures`-th failure in a row (1 for the first), nil for never.
    static func delayMillis(after reason: ErrorReason, failures: Int, retryAfterMillis: UInt32? = nil) -> Int64? {
        let n = max(1, failures)
        switch reason {
        case .server:
            return n <= 3 ? 1_000 : backoff(exponent: n - 3)
        case .connection:
            return backoff(exponent: n - 1)
        case .rateLimit:
            guard let retryAfterMillis else { return rateLimitDefaultMillis }
            return min(Int64(retryAfterMillis), maxRetryAfterMillis)
        case .notFound, .other, .inOfflineMode, .success, .unspecified:
            return nil
        }
    }

    /// 2^exponent seconds, at most `maxBackoffMillis`.
    private static func backoff(exponent: Int) -> Int64 {
        // 2^9 s is already past the cap: no shift overflows.
        guard exponent < 9 else { return maxBackoffMillis }
        return min(maxBackoffMillis, 1_000 << Int64(exponent))
    }
}
