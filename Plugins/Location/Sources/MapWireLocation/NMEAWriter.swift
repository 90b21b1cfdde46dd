import Foundation
import MapWireCalendar

/// Writes fixes as an NMEA 0183 log (an RMC and a GGA sentence per fix): what gpsfake replays into a
/// real gpsd, so a test can compare gpsd's positions with the file source's.
public enum NMEAWriter {
    /// Timed fixes only (NMEA epochs are keyed by time); untimed ones are skipped.
    public static func log(_ fixes: [LocationFix]) -> String {
        var lines: [String] = []
        for fix in fixes {
            guard let time = fix.timestamp else { continue }
            let hundredthsSinceEpoch = Int64((time.timeIntervalSince1970 * 100).rounded(.down))
            let t = UTCTime(unixNanos: hundredthsSinceEpoch * 10_000_000)
            let hms = String(format: "%02lld%02lld%02lld.%02lld", t.hour, t.minute, t.second, t.nanosecond / 10_000_000)
            let date = String(format: "%02lld%02lld%02lld", t.date.day, t.date.month, t.date.year % 100)
            let lat = coordinate(fix.latitude, degreeDigits: 2, positive: "N", negative: "S")
            let lon = coordinate(fix.longitude, degreeDigits: 3, positive: "E", negative: "W")
            let knots = fix.speed.map { String(format: "%.3f", $0 / NMEAReader.metresPerSecondPerKnot) } ?? ""
            let course = fix.course.map { String(format: "%.2f", $0) } ?? ""
            let hdop = fix.horizontalAccuracy.map { String(format: "%.1f", $0 / GPXReader.metresPerHDOP) } ?? ""
            let altitude = fix.altitude.map { String(format: "%.1f", $0) } ?? ""
            lines.append(sentence("GPRMC,\(hms),A,\(lat),\(lon),\(knots),\(course),\(date),,,A"))
            lines.append(sentence("GPGGA,\(hms),\(lat),\(lon),1,08,\(hdop),\(altitude),M,0.0,M,,"))
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// "$BODY*hh".
    public static func sentence(_ body: String) -> String {
        "$" + body + "*" + String(format: "%02X", NMEASentence.checksum(body))
    }

    /// ddmm.mmmmmm (or dddmm.… for longitude) and the hemisphere letter.
    private static func coordinate(_ value: Double, degreeDigits: Int, positive: String, negative: String) -> String {
        let magnitude = abs(value)
        var degrees = Int(magnitude)
        var minutes = ((magnitude - Double(degrees)) * 60 * 1_000_000).rounded() / 1_000_000
        if minutes >= 60 { degrees += 1; minutes -= 60 }
        let d = String(format: "%0\(degreeDigits)d", degrees)
        return d + String(format: "%09.6f", minutes) + "," + (value < 0 ? negative : positive)
    }
}
