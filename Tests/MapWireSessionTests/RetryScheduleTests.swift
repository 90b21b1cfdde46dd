import MapEngine
import Testing
@testable import MapWireSession

/// The retry schedule by reason (PROTOCOL.md 7.8) and the table of loads waiting for a retry: pure, no session.
@Suite struct RetryScheduleTests {
    @Test func serverErrorsWaitOneSecondThreeTimesThenDouble() {
        let delays = (1...7).map { RetrySchedule.delayMillis(after: .server, failures: $0) }
        #expect(delays == [1_000, 1_000, 1_000, 2_000, 4_000, 8_000, 16_000])
    }

    @Test func connectionErrorsBackOffAtOnce() {
        let delays = (1...5).map { RetrySchedule.delayMillis(after: .connection, failures: $0) }
        #expect(delays == [1_000, 2_000, 4_000, 8_000, 16_000])
    }

    @Test func noDelayIsLongerThanTheCapHoweverManyFailures() {
        #expect(RetrySchedule.delayMillis(after: .connection, failures: 9) == 256_000)
        #expect(RetrySchedule.delayMillis(after: .connection, failures: 10) == RetrySchedule.maxBackoffMillis)
        #expect(RetrySchedule.delayMillis(after: .connection, failures: 1_000_000) == RetrySchedule.maxBackoffMillis)
        #expect(RetrySchedule.delayMillis(after: .server, failures: Int.max) == RetrySchedule.maxBackoffMillis)
    }

    @Test func rateLimitsWaitWhatTheServerAskedElseFiveSeconds() {
        #expect(RetrySchedule.delayMillis(after: .rateLimit, failures: 1, retryAfterMillis: 2_500) == 2_500)
        #expect(RetrySchedule.delayMillis(after: .rateLimit, failures: 4, retryAfterMillis: 0) == 0)
        #expect(RetrySchedule.delayMillis(after: .rateLimit, failures: 1) == 5_000)
        #expect(RetrySchedule.delayMillis(after: .rateLimit, failures: 1, retryAfterMillis: .max) == RetrySchedule.maxRetryAfterMillis)
    }

    @Test func otherReasonsAreNeverRetriedByTheClock() {
        for reason in [ErrorReason.notFound, .other, .inOfflineMode, .success, .unspecified] {
            #expect(RetrySchedule.delayMillis(after: reason, failures: 1) == nil)
        }
    }

    @Test func aRetryIsDueAfterItsDelayAndTakenOnce() {
        var table = NetworkRetries()
        #expect(table.failed(7, reason: .server, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 100) == .due(1_100))
        #expect(table.earliestDue == 1_100)
        #expect(table.takeDue(now: 1_099).isEmpty)
        #expect(table.takeDue(now: 1_100) == [7])
        #expect(table.takeDue(now: 5_000).isEmpty, "under way: not taken again")
        #expect(table.earliestDue == nil)
        // The count goes on: the fourth failure in a row waits 2 s.
        table.failed(7, reason: .server, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 0)
        table.failed(7, reason: .server, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 0)
        #expect(table.failed(7, reason: .server, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 0) == .due(2_000))
    }

    @Test func aFailureThatIsNotRetriedForgetsTheLoad() {
        var table = NetworkRetries()
        table.failed(1, reason: .server, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 0)
        #expect(table.failed(1, reason: .notFound, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 0) == nil)
        #expect(table.isEmpty)
    }

    @Test func offlineNothingWaitsForTheClockAndBackOnlineRegularGoesBeforeLow() {
        var table = NetworkRetries()
        table.failed(1, reason: .inOfflineMode, priority: .low, retryAfterMillis: nil, online: false, askedCacheOnly: true, now: 0)
        table.failed(2, reason: .connection, priority: .regular, retryAfterMillis: nil, online: false, askedCacheOnly: true, now: 0)
        table.failed(3, reason: .notFound, priority: .regular, retryAfterMillis: nil, online: false, askedCacheOnly: true, now: 0)
        table.failed(4, reason: .server, priority: .low, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 0)
        table.failed(5, reason: .connection, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 0)
        table.networkLost()
        #expect(table.earliestDue == nil)
        #expect(table.takeDue(now: .max).isEmpty)
        #expect(table.networkBack() == [2, 5, 1, 4])
        // The backoff starts again: the next connection failure waits 1 s.
        #expect(table.failed(5, reason: .connection, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 0) == .due(1_000))
    }

    @Test func inOfflineModeAnsweredOnlineIsAskedAgainAtOnceIfItWasAskedOfflineElseBacksOff() {
        var table = NetworkRetries()
        #expect(table.failed(1, reason: .inOfflineMode, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: true, now: 50) == .due(50))
        #expect(table.failed(2, reason: .inOfflineMode, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 50) == .due(1_050))
        #expect(table.failed(2, reason: .inOfflineMode, priority: .regular, retryAfterMillis: nil, online: true, askedCacheOnly: false, now: 50) == .due(2_050))
    }
}
