import MapWireProtocol

/// When a background refresh of a stale cached copy, turned away by the server for now, is tried again:
/// after the server's `Retry-After` for a 429 (5 s when it gave none), after 1, 2, 4, … s for a 5xx or
/// a failed connection, at most `maxDelayMillis` and `attempts` times in all. A refresh that failed for
/// good (404, anything else) is not tried again: the copy stays until a map load finds it stale again.
/// A background refresh has no core behind it to retry it (PROTOCOL.md 7.8 is for the map's loads).
public enum RevalidationRetry {
    public static let attempts = 8
    public static let maxDelayMillis: Int64 = 300_000
    public static let rateLimitDefaultMillis: Int64 = 5_000

    /// Milliseconds to wait after the `failures`-th failed refresh in a row, nil for no more tries.
    public static func delayMillis(after reason: Mapwire_V1_ErrorReason, failures: Int, retryAfterMillis: UInt32?) -> Int64? {
        guard failures < attempts else { return nil }
        switch reason {
        case .rateLimit:
            return min(retryAfterMillis.map(Int64.init) ?? rateLimitDefaultMillis, maxDelayMillis)
        case .server, .connection:
            return min(maxDelayMillis, 1_000 << Int64(min(max(failures, 1) - 1, 9)))
        default:
            return nil
        }
    }
}
