import MapWireCalendar

/// RFC 3339 timestamps in UTC with microseconds, formatted without Foundation's date formatters
/// (the monitor prints one per event).
public enum RFC3339 {
    public static func format(unixNanos: Int64) -> String {
        let t = UTCTime(unixNanos: unixNanos)
        return pad(t.date.year, 4) + "-" + pad(t.date.month, 2) + "-" + pad(t.date.day, 2) + "T" + pad(t.hour, 2) + ":"
            + pad(t.minute, 2) + ":" + pad(t.second, 2) + "." + pad(t.nanosecond / 1_000, 6) + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
