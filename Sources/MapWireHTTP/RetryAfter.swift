import Foundation

/// How long a server that answered 429 asked us to wait, in milliseconds: `Retry-After` (delay seconds
/// or an HTTP date), else `x-rate-limit-reset` (unix seconds, as Mapbox sends). Nil when neither says;
/// the core then uses its own delay. Past dates give 0.
enum RetryAfter {
    static func milliseconds(retryAfter: String?, rateLimitReset: String?, now: Int64) -> UInt32? {
        if let value = retryAfter?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Int64(value), seconds >= 0 { return clamp(seconds) }
            if let date = HTTPDate.parse(value) { return clamp(date - now) }
        }
        if let value = rateLimitReset?.trimmingCharacters(in: .whitespaces), let reset = Int64(value) {
            return clamp(reset - now)
        }
        return nil
    }

    /// Seconds to milliseconds, never negative, at most a day (a hostile header cannot park a load forever).
    private static func clamp(_ seconds: Int64) -> UInt32 {
        UInt32(min(max(seconds, 0), 86_400) * 1000)
    }
}
