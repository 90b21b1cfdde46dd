import MapWireHTTP
import MapWireProtocol
import Testing

/// How long the loader waits for a silent server, and when it refreshes a stale copy again.
@Suite struct ResponseTimeoutsTests {
    static let now: Int64 = 1_000_000_000_000

    @Test func theHeadersAreWaitedForWithinTheCoresAttempt() {
        // 10 s left of the attempt: a tenth kept for the way back.
        #expect(ResponseTimeouts.headerWait(timeoutMilliseconds: 30_000, attemptDeadlineUnixNanos: Self.now + 10_000_000_000,
                                            nowUnixNanos: Self.now) == 9_000)
        // 1 s left: at least 200 ms kept.
        #expect(ResponseTimeouts.headerWait(timeoutMilliseconds: 30_000, attemptDeadlineUnixNanos: Self.now + 1_000_000_000,
                                            nowUnixNanos: Self.now) == 800)
        // The loader's own limit when it is the shorter.
        #expect(ResponseTimeouts.headerWait(timeoutMilliseconds: 3_000, attemptDeadlineUnixNanos: Self.now + 10_000_000_000,
                                            nowUnixNanos: Self.now) == 3_000)
    }

    @Test func withoutADeadlineOrWithAnAttemptAlreadyOverTheLoadersLimitHolds() {
        #expect(ResponseTimeouts.headerWait(timeoutMilliseconds: 30_000, attemptDeadlineUnixNanos: 0, nowUnixNanos: Self.now) == 30_000)
        #expect(ResponseTimeouts.headerWait(timeoutMilliseconds: 30_000, attemptDeadlineUnixNanos: Self.now - 5, nowUnixNanos: Self.now) == 30_000)
        #expect(ResponseTimeouts.headerWait(timeoutMilliseconds: 30_000, attemptDeadlineUnixNanos: Self.now + 600_000_000,
                                            nowUnixNanos: Self.now) == 30_000)
    }

    @Test func aTurnedAwayRefreshIsTriedAgainOnTheServersWordOrABackoff() {
        #expect(RevalidationRetry.delayMillis(after: .rateLimit, failures: 1, retryAfterMillis: 1_000) == 1_000)
        #expect(RevalidationRetry.delayMillis(after: .rateLimit, failures: 1, retryAfterMillis: nil) == 5_000)
        #expect(RevalidationRetry.delayMillis(after: .rateLimit, failures: 1, retryAfterMillis: 86_400_000) == 300_000)
        #expect((1...4).map { RevalidationRetry.delayMillis(after: .server, failures: $0, retryAfterMillis: nil) } == [1_000, 2_000, 4_000, 8_000])
        #expect(RevalidationRetry.delayMillis(after: .connection, failures: 7, retryAfterMillis: nil) == 64_000)
        #expect(RevalidationRetry.delayMillis(after: .connection, failures: RevalidationRetry.attempts, retryAfterMillis: nil) == nil)
        #expect(RevalidationRetry.delayMillis(after: .notFound, failures: 1, retryAfterMillis: nil) == nil)
        #expect(RevalidationRetry.delayMillis(after: .other, failures: 1, retryAfterMillis: nil) == nil)
    }
}
