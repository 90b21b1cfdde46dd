import Foundation
import Testing
@testable import MapWireLocation

@Suite struct ISO8601TimeTests {
    @Test func formsSeenInGPXFiles() throws {
        let base = try #require(ISO8601Time.parse("2013-01-01T12:00:00Z"))
        #expect(base.timeIntervalSince1970 == 1_357_041_600)
        // No zone means UTC.
        #expect(ISO8601Time.parse("2013-01-01T12:00:00") == base)
        #expect(ISO8601Time.parse("2013-01-01T14:00:00+02:00") == base)
        let frac = try #require(ISO8601Time.parse("2013-01-01T12:00:00.25Z"))
        #expect(abs(frac.timeIntervalSince(base) - 0.25) < 1e-6)
        let long = try #require(ISO8601Time.parse("2013-01-01T12:00:00.2073437Z"))
        #expect(abs(long.timeIntervalSince(base) - 0.2073437) < 1e-6)
        #expect(ISO8601Time.parse("yesterday") == nil)
    }

    @Test func zonesWithoutColonOrWestOfUTCAndImpossibleDays() throws {
        let base = try #require(ISO8601Time.parse("2013-01-01T12:00:00Z"))
        #expect(ISO8601Time.parse("2013-01-01T14:00:00+0200") == base)
        #expect(ISO8601Time.parse("2012-12-31T23:30:00-12:30") == base)
        #expect(ISO8601Time.parse("2013-02-29T12:00:00Z") == nil)
        #expect(ISO8601Time.parse("2013-01-01T12:00:00+2") == nil)
        #expect(ISO8601Time.parse("1969-12-31T23:59:59Z")?.timeIntervalSince1970 == -1)
    }
}
