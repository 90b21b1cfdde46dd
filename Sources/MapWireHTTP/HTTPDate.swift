import MapWireCalendar

/// Reads the three date formats HTTP/1.1 allows (RFC 9110 5.6.7): IMF-fixdate / RFC 1123
/// ("Sun, 06 Nov 1994 08:49:37 GMT"), RFC 850 ("Sunday, 06-Nov-94 08:49:37 GMT") and asctime
/// ("Sun Nov  6 08:49:37 1994"). Unix seconds, or nil for anything else. Writing is `RFC1123.format`.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func parse(_ text: String) -> Int64? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if words.count == 6, words[0].hasSuffix(","), words[5].uppercased() == "GMT" {
            // RFC 1123: weekday, day month year time GMT
            return make(day: words[1], month: words[2], year: words[3], time: words[4])
        }
        if words.count == 4, words[0].hasSuffix(","), words[3].uppercased() == "GMT" {
            // RFC 850: weekday, dd-mon-yy time GMT; two-digit years more than 50 years ahead are in the past.
            let parts = words[1].split(separator: "-").map(String.init)
            guard parts.count == 3, parts[2].count == 2, let yy = Int64(parts[2]) else { return nil }
            return make(day: parts[0], month: parts[1], year: String(yy < 70 ? 2000 + yy : 1900 + yy), time: words[2])
        }
        if words.count == 5 {
            // asctime: weekday month day time year
            return make(day: words[2], month: words[1], year: words[4], time: words[3])
        }
        return nil
    }

    private static func make(day: String, month: String, year: String, time: String) -> Int64? {
        guard let d = Int64(day), let y = Int64(year), year.count == 4,
              let m = months.firstIndex(of: month.lowercased()) else { return nil }
        let clock = time.split(separator: ":").map { Int64($0) }
        guard clock.count == 3, let h = clock[0], let min = clock[1], let s = clock[2],
              (0..<24).contains(h), (0..<60).contains(min), (0...60).contains(s) else { return nil }
        let date = CivilDate(year: y, month: Int64(m + 1), day: d)
        guard date.isValid else { return nil }
        return date.daysSinceEpoch * 86_400 + h * 3600 + min * 60 + s
    }
}
