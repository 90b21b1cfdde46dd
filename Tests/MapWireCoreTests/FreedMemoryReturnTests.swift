import Testing
@testable import MapWireCore

/// When the core gives freed memory back: a quiet spell (five seconds) after the last event published or
/// subscriber gone, once per spell, and only when enough is held. Stepped with times passed in.
@Suite struct FreedMemoryReturnTests {
    /// `isDue` mutates (it clears the look it reports), which `#expect` cannot call itself.
    func due(_ freed: inout FreedMemoryReturn, _ now: Int64) -> Bool { freed.isDue(now: now) }

    @Test func nothingIsDueBeforeTheBusWasActive() {
        var freed = FreedMemoryReturn()
        #expect(!due(&freed, 0))
        #expect(!due(&freed, 1_000_000))
    }

    @Test func aQuietSpellAfterTheLastActivityIsDueOnce() {
        var freed = FreedMemoryReturn()
        freed.busActive(now: 10_000)
        #expect(!due(&freed, 14_999))
        #expect(due(&freed, 15_000))
        #expect(!due(&freed, 15_001), "once per quiet spell")
        #expect(!due(&freed, 50_000))
    }

    @Test func burstsOneAfterTheOtherKeepTheirMemory() {
        // A burst every 1.5 s (events, then their subscriber draining them and leaving, as in the bench's bus
        // section): never a quiet spell, never a trim between them for 22.5 s, inside the thirty-second bound.
        var freed = FreedMemoryReturn()
        var now: Int64 = 0
        for _ in 0..<15 {
            freed.busActive(now: now)
            now += 1_500
            #expect(!due(&freed, now))
        }
        // Then quiet: the memory goes back five seconds after the last.
        #expect(!due(&freed, now + 3_499))
        #expect(due(&freed, now + 3_500))
    }

    @Test func aBusThatStaysBusyIsLookedAtEveryThirtySeconds() {
        // A map animating: events every 100 ms, never a quiet spell. Memory freed in a burst long past is looked
        // at thirty seconds after the first activity, then thirty seconds after the next.
        var freed = FreedMemoryReturn()
        var looks: [Int64] = []
        for now in stride(from: Int64(0), through: 65_000, by: 100) {
            if due(&freed, now) { looks.append(now) }
            freed.busActive(now: now)
        }
        #expect(looks == [30_000, 60_000])
    }

    @Test func aSubscriberLeavingAfterTheLastEventMovesTheLook() {
        // A flood to a subscriber that never reads, then it leaves: its queue is freed when it goes, so the
        // look waits for a quiet spell after that, not after the flood.
        var freed = FreedMemoryReturn()
        freed.busActive(now: 0)
        freed.busActive(now: 2_700)
        #expect(!due(&freed, 5_000))
        #expect(due(&freed, 7_700))
    }

    @Test func onlyWhatIsWorthATrimIsReturned() {
        #expect(!FreedMemoryReturn.worthReturning(heldBytes: 0))
        #expect(!FreedMemoryReturn.worthReturning(heldBytes: FreedMemoryReturn.worthReturningBytes - 1))
        #expect(FreedMemoryReturn.worthReturning(heldBytes: FreedMemoryReturn.worthReturningBytes))
    }
}
