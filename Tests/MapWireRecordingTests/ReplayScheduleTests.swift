import Testing
@testable import MapWireRecording

struct ReplayScheduleTests {
    @Test func gapsAreDividedBySpeed() {
        #expect(ReplaySchedule.offsets(publishTimes: [100, 100, 1_100, 3_100], speed: 1) == [0, 0, 1_000, 3_000])
        #expect(ReplaySchedule.offsets(publishTimes: [100, 1_100, 3_100], speed: 2) == [0, 500, 1_500])
    }

    @Test func anEventStampedEarlierThanTheOneBeforeIsNotDueEarlier() {
        #expect(ReplaySchedule.offsets(publishTimes: [100, 500, 300, 600], speed: 1) == [0, 400, 400, 500])
    }

    @Test func emptyIsEmpty() { #expect(ReplaySchedule.offsets(publishTimes: [], speed: 1).isEmpty) }
}
