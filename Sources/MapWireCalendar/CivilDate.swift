/// A day of the proleptic Gregorian calendar, and its count of days since 1970-01-01.
///
/// The conversion works in 400-year eras (146,097 days each) whose years begin on 1 March, so the
/// leap day is the last day of a year and every month length follows from one formula: no tables,
/// no loops, exact for every Int64 day a timestamp can name.
public struct CivilDate: Equatable, Hashable, Sendable {
    public var year: Int64
    /// 1 (January) to 12.
    public var month: Int64
    /// 1 to 31.
    public var day: Int64

    public init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    private static let daysPerEra: Int64 = 146_097
    /// Days from 0000-03-01 (the start of era 0) to 1970-01-01.
    private static let epochShift: Int64 = 719_468

    /// The date `days` days after 1970-01-01 (before it when negative).
    public init(daysSinceEpoch days: Int64) {
        let shifted = days + Self.epochShift
        let era = Self.floorDivide(shifted, Self.daysPerEra)
        let dayOfEra = shifted - era * Self.daysPerEra
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days from 1970-01-01 to this date (negative before it). Out-of-range months and days are not
    /// checked: callers validate what they parse with `isValid`.
    public var daysSinceEpoch: Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = Self.floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * Self.daysPerEra + dayOfEra - Self.epochShift
    }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (4).
        Int(Self.floorModulo(daysSinceEpoch + 4, 7))
    }

    /// Whether month and day name a real day (29 February only in leap years).
    public var isValid: Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= Self.daysInMonth(month, year: year)
    }

    public static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : (a - (b - 1)) / b
    }

    static func floorModulo(_ a: Int64, _ b: Int64) -> Int64 {
        a - floorDivide(a, b) * b
    }
}
