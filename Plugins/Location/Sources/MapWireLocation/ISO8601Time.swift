import Foundation
import MapWireCalendar

/// Parses the timestamps GPX files actually contain: "YYYY-MM-DDThh:mm:ss", then fractional seconds
/// of any length ("47.8", "52.2073437"), then "Z", "±hh:mm", "±hhmm" or no zone at all, which is read
/// as UTC (what the GPX spec mandates anyway). By hand on the one civil-date algorithm: date
/// formatters disagree on more than 3 fraction digits and refuse a missing zone.
enum ISO8601Time {
    static func parse(_ text: String) -> Date? {
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard let year = number(&rest, digits: 4), skip(&rest, "-"), let month = number(&rest, digits: 2), skip(&rest, "-"),
              let day = number(&rest, digits: 2), skip(&rest, "T") || skip(&rest, "t"),
              let hour = number(&rest, digits: 2), skip(&rest, ":"), let minute = number(&rest, digits: 2), skip(&rest, ":"),
              let second = number(&rest, digits: 2)
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid, hour < 24, minute < 60, second < 61 else { return nil }  // 60: a leap second
        var fraction = 0.0
        if skip(&rest, ".") {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
            fraction = value
            rest = rest.dropFirst(digits.count)
        }
        guard let offset = zoneOffset(rest) else { return nil }
        let seconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Seconds east of UTC: nothing or "Z" is 0; "+02:00" and "+0200" are 7200; anything else is nil.
    private static func zoneOffset(_ zone: Substring) -> Int64? {
        var rest = zone
        if rest.isEmpty || rest == "Z" || rest == "z" { return 0 }
        let sign: Int64 = skip(&rest, "+") ? 1 : skip(&rest, "-") ? -1 : 0
        guard sign != 0, let hours = number(&rest, digits: 2) else { return nil }
        _ = skip(&rest, ":")
        guard let minutes = number(&rest, digits: 2), rest.isEmpty, hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static func number(_ text: inout Substring, digits: Int) -> Int64? {
        let head = text.prefix(digits)
        guard head.count == digits, head.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(head) else { return nil }
        text = text.dropFirst(digits)
        return value
    }

    private static func skip(_ text: inout Substring, _ character: Character) -> Bool {
        guard text.first == character else { return false }
        text = text.dropFirst()
        return true
    }
}
