import Foundation
import MapWireCalendar
import Testing

@Suite struct CivilDateTests {
    @Test func knownDays() {
        #expect(CivilDate(daysSinceEpoch: 0) == CivilDate(year: 1970, month: 1, day: 1))
        #expect(CivilDate(daysSinceEpoch: -1) == CivilDate(year: 1969, month: 12, day: 31))
        #expect(CivilDate(daysSinceEpoch: 11_016) == CivilDate(year: 2000, month: 2, day: 29))
        #expect(CivilDate(daysSinceEpoch: -719_468) == CivilDate(year: 0, month: 3, day: 1))
        #expect(CivilDate(year: 2024, month: 3, day: 1).daysSinceEpoch == 19_783)
        #expect(CivilDate(year: 1900, month: 3, day: 1).daysSinceEpoch - CivilDate(year: 1900, month: 2, day: 28).daysSinceEpoch == 1)
    }

    @Test func roundTripsOverCenturiesBothSidesOfTheEpoch() {
        for days in stride(from: Int64(-800_000), through: 800_000, by: 37) {
            #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
    }

    @Test func agreesWithFoundationsGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // From 1600 on: before 1582 Foundation's calendar is Julian, not proleptic Gregorian.
        for days in stride(from: Int64(-135_000), through: 200_000, by: 997) {
            let c = calendar.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date == CivilDate(year: Int64(c.year!), month: Int64(c.month!), day: Int64(c.day!)))
            #expect(date.weekday == c.weekday! - 1)
        }
    }

    @Test func validity() {
        #expect(CivilDate(year: 2024, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2023, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 1900, month: 2, day: 29).isValid)
        #expect(CivilDate(year: 2000, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2024, month: 4, day: 31).isValid)
        #expect(!CivilDate(year: 2024, month: 13, day: 1).isValid)
    }

    @Test func utcTimeSplitsNegativeInstantsDownwards() {
        let t = UTCTime(unixNanos: -1)
        #expect(t.date == CivilDate(year: 1969, month: 12, day: 31))
        #expect(t.hour == 23 && t.minute == 59 && t.second == 59 && t.nanosecond == 999_999_999)
        let u = UTCTime(unixSeconds: 784_111_777)
        #expect(u.date == CivilDate(year: 1994, month: 11, day: 6) && u.hour == 8 && u.minute == 49 && u.second == 37)
        #expect(u.unixSeconds == 784_111_777)
        #expect(u.date.weekday == 0)
    }
}
