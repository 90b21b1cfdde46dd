import Foundation

/// Parses the timestamps GPX files actually contain.
///
/// Why not one `ISO8601DateFormatter`: real files mix "Z", "+02:00", fractional seconds of
/// any length ("47.8Z", "52.2073437Z") and no zone at all ("2013-01-01T12:00:00"). The
/// fraction is cut out and added back by hand (formatters disagree on more than 3 digits),
/// and a missing zone is read as UTC, which is what the GPX spec mandates anyway.
enum ISO8601Time {
    static func parse(_ text: String) -> Date? {
        var s = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let t = s.firstIndex(of: "T") else { return nil }
        var fraction = 0.0
        if let dot = s[t...].firstIndex(of: ".") {
            let digitsEnd = s[s.index(after: dot)...].firstIndex { !$0.isNumber } ?? s.endIndex
            guard let f = Double("0" + s[dot..<digitsEnd]) else { return nil }
            fraction = f
            s.removeSubrange(dot..<digitsEnd)
        }
        if !hasZone(s) { s += "Z" }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: s).map { $0.addingTimeInterval(fraction) }
    }

    /// A zone is "Z" or a ±hh:mm suffix after the time part.
    private static func hasZone(_ s: String) -> Bool {
        if s.hasSuffix("Z") || s.hasSuffix("z") { return true }
        guard let t = s.firstIndex(of: "T") else { return false }
        return s[t...].contains("+") || s[t...].contains("-")
    }
}
