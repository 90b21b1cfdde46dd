import MapWireProcess
import Testing

/// The supervisor's restart schedule, on a hand-advanced clock.
@Suite struct RestartScheduleTests {
    let schedule = RestartSchedule(maxRestarts: 5, windowMillis: 10_000, baseMillis: 100)

    @Test func waitsDoubleWithinTheBudget() {
        var slot = RestartSchedule.Slot()
        var now: Int64 = 0
        var waits: [Int64] = []
        for _ in 0..<5 {
            let decision = schedule.childEnded(&slot, atMillis: now)
            #expect(!decision.gaveUp)
            waits.append(decision.restartAtMillis - now)
            now = decision.restartAtMillis + 10   // it crashes 10 ms after each start
        }
        #expect(waits == [100, 200, 400, 800, 1600])
    }

    @Test func aSpentBudgetIsReportedOnceAndRetriedWithACappedBackoff() {
        var slot = RestartSchedule.Slot()
        var now: Int64 = 0
        var decisions: [RestartSchedule.Decision] = []
        var waits: [Int64] = []
        for _ in 0..<12 {
            let decision = schedule.childEnded(&slot, atMillis: now)
            decisions.append(decision)
            waits.append(decision.restartAtMillis - now)
            now = decision.restartAtMillis + 10
        }
        #expect(decisions.filter(\.gaveUp).count == 1, "one give-up per streak")
        #expect(decisions.firstIndex(where: \.gaveUp) == 5)
        #expect(decisions[5].recentRestarts == 5)
        // After the budget: from the cap (2 s) doubling to the retry cap (30 s), never stopping.
        #expect(Array(waits[5...]) == [2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000])
    }

    @Test func aChildThatStaysUpAWindowStartsAFreshStreak() {
        var slot = RestartSchedule.Slot()
        var now: Int64 = 0
        for _ in 0..<6 {
            now = schedule.childEnded(&slot, atMillis: now).restartAtMillis + 10
        }
        // It has given up once; now the child runs 10 s before it ends again.
        let later = schedule.childEnded(&slot, atMillis: now + 20_000)
        #expect(!later.gaveUp)
        #expect(later.recentRestarts == 0)
        #expect(later.restartAtMillis - (now + 20_000) == 100)
    }

    @Test func restartsOutsideTheWindowDoNotCount() {
        var slot = RestartSchedule.Slot()
        // Four quick crashes, then a crash every 4 s: the window (10 s) never holds five.
        var now: Int64 = 0
        for _ in 0..<4 { now = schedule.childEnded(&slot, atMillis: now).restartAtMillis + 10 }
        var gaveUp = false
        for _ in 0..<10 {
            now += 4_000
            let decision = schedule.childEnded(&slot, atMillis: now)
            gaveUp = gaveUp || decision.gaveUp
            now = decision.restartAtMillis + 3_000
        }
        #expect(!gaveUp)
    }

    @Test func slotsAreIndependent() {
        var first = RestartSchedule.Slot(), second = RestartSchedule.Slot()
        var now: Int64 = 0
        for _ in 0..<5 { now = schedule.childEnded(&first, atMillis: now).restartAtMillis + 10 }
        let other = schedule.childEnded(&second, atMillis: now)
        #expect(!other.gaveUp && other.recentRestarts == 0 && other.restartAtMillis - now == 100)
        #expect(schedule.childEnded(&first, atMillis: now).gaveUp)
    }
}
