/// A moment in UTC split into its civil date and the time of day, from seconds or nanoseconds since
/// 1970-01-01T00:00:00Z (leap seconds are not counted, as in Unix time).
public struct UTCTime: Equatable, Sendable {
    public var date: CivilDate
    /// 0 ..< 86_400.
    public var secondOfDay: Int64
    /// 0 ..< 1_000_000_000.
    public var nanosecond: Int64

    public init(unixNanos: Int64) {
        let seconds = CivilDate.floorDivide(unixNanos, 1_000_000_000)
        self.init(unixSeconds: seconds)
        nanosecond = unixNanos - seconds * 1_000_000_000
    }

    public init(unixSeconds seconds: Int64) {
        let days = CivilDate.floorDivide(seconds, 86_400)
        date = CivilDate(daysSinceEpoch: days)
        secondOfDay = seconds - days * 86_400
        nanosecond = 0
    }

    /// Seconds since the epoch of midnight on `date` plus `secondOfDay` (the fraction is not included).
    public var unixSeconds: Int64 { date.daysSinceEpoch * 86_400 + secondOfDay }

    public var hour: Int64 { secondOfDay / 3600 }
    public var minute: Int64 { secondOfDay / 60 % 60 }
    public var second: Int64 { secondOfDay % 60 }
}
