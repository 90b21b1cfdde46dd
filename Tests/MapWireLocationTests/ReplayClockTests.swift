import Foundation
import Testing
@testable import MapWireLocation

@Suite struct ReplayClockTests {
    func fix(_ t: TimeInterval?) -> LocationFix {
        LocationFix(latitude: 0, longitude: 0, timestamp: t.map { Date(timeIntervalSince1970: $0) })
    }

    @Test func realTimingIsScaledBySpeed() {
        let fixes = [fix(100), fix(104), fix(110)]
        #expect(ReplayClock().delays(for: fixes) == [0, 4, 6])
        #expect(ReplayClock(speedFactor: 2).delays(for: fixes) == [0, 2, 3])
        #expect(ReplayClock(speedFactor: 0.5).delays(for: fixes) == [0, 8, 12])
    }

    @Test func untimedFixesUseTheFixedInterval() {
        let fixes = [fix(nil), fix(nil), fix(5), fix(nil)]
        #expect(ReplayClock().delays(for: fixes) == [0, 1, 1, 1])
        #expect(ReplayClock(speedFactor: 4).delays(for: fixes) == [0, 0.25, 0.25, 0.25])
    }

    @Test func backwardsTimeDoesNotWaitNegatively() {
        #expect(ReplayClock().delays(for: [fix(10), fix(5), fix(7)]) == [0, 0, 2])
        #expect(ReplayClock().delays(for: []).isEmpty)
    }
}

@Suite struct ReplayClockFixtureTests {
    /// The mixed file: 291 untimed points then 5 timed ones, replayed at 2x.
    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func partlyTimedTrack() throws {
        let dir = try #require(SharedFixtures.gpxDirectory)
        let fixes = try GPXReader.read(contentsOf: dir.appendingPathComponent("cerknicko-without-times.gpx")).fixes
        let delays = ReplayClock(speedFactor: 2).delays(for: fixes)
        #expect(delays.count == 296)
        // 16:22:52 → :23:02 → :23:24 → :23:35 → :23:49, halved.
        #expect(Array(delays.suffix(4)) == [5, 11, 5.5, 7])
        #expect(delays[1] == 0.5)
    }
}
