@testable import MapWireHTTP
import Testing

/// The body watchdog as a step function: stalls by window, progress reported as bytes grow.
@Suite struct BodyWatchTests {
    let rule = StallRule(windowMilliseconds: 3_000, minimumBytes: 1_024)

    @Test func aSteadyBodyIsReportedEachSecondItGrewAndAStoppedOneStallsAtItsWindowsEnd() {
        var watch = BodyWatch(stall: rule, expected: 20_000, progressIntervalMilliseconds: 1_000)
        var step: BodyWatch.Step
        #expect(watch.nextWakeMilliseconds == 1_000)
        step = watch.step(received: 4_096)
        #expect(step == .progress(4_096))
        step = watch.step(received: 8_192)
        #expect(step == .progress(8_192))
        // The window's end: 12 KiB in it, more than the rule asks.
        step = watch.step(received: 12_288)
        #expect(step == .progress(12_288))
        // Then nothing comes: no progress, and the window after it stalls.
        step = watch.step(received: 12_288)
        #expect(step == .nothing)
        step = watch.step(received: 12_288)
        #expect(step == .nothing)
        step = watch.step(received: 12_500)
        #expect(step == .stalled(BodyStalled(received: 12_500, expected: 20_000, rule: rule, inLastWindow: 212)))
    }

    @Test func withoutProgressTheWatchWakesOncePerWindow() {
        var watch = BodyWatch(stall: rule, progressIntervalMilliseconds: nil)
        var step: BodyWatch.Step
        #expect(watch.nextWakeMilliseconds == 3_000)
        step = watch.step(received: 5_000)
        #expect(step == .nothing)
        step = watch.step(received: 5_100)
        #expect(step == .stalled(BodyStalled(received: 5_100, expected: nil, rule: rule, inLastWindow: 100)))
    }

    @Test func anIntervalLongerThanTheWindowStillChecksEachWindow() {
        var watch = BodyWatch(stall: rule, progressIntervalMilliseconds: 10_000)
        var step: BodyWatch.Step
        #expect(watch.nextWakeMilliseconds == 3_000)
        step = watch.step(received: 2_000)
        #expect(step == .progress(2_000))
    }
}
