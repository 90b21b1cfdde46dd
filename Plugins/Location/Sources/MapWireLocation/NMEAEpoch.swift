import Foundation
import MapWireCalendar

/// What the sentences of one epoch told us so far; becomes a fix once it has a position.
struct Epoch: Sendable {
    /// Seconds since UTC midnight from hhmmss[.ss]. Why a number, not the text: receivers print
    /// "120000" in one sentence and "120000.00" in the next for the same instant.
    var secondsOfDay: Double
    var date: DateComponents?
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var horizontalAccuracy: Double?
    var speed: Double?
    var course: Double?

    init(secondsOfDay: Double) { self.secondsOfDay = secondsOfDay }

    /// "hhmmss" or "hhmmss.sss" → seconds since midnight; nil if malformed.
    static func secondsOfDay(_ time: String) -> Double? {
        guard time.count >= 6, let h = Int(time.prefix(2)), let m = Int(time.dropFirst(2).prefix(2)),
              let s = Double(time.dropFirst(4)), h < 24, m < 60, s < 61  // 60.x: leap second
        else { return nil }
        return Double(h * 3600 + m * 60) + s
    }

    func fix(referenceDate: DateComponents?) -> LocationFix? {
        guard let latitude, let longitude else { return nil }  // VTG alone is not a fix
        return LocationFix(
            latitude: latitude, longitude: longitude, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            course: course, speed: speed, timestamp: timestamp(date ?? referenceDate))
    }

    private func timestamp(_ day: DateComponents?) -> Date? {
        guard let year = day?.year, let month = day?.month, let dayOfMonth = day?.day else { return nil }
        let date = CivilDate(year: Int64(year), month: Int64(month), day: Int64(dayOfMonth))
        return Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400) + secondsOfDay)
    }

    /// RMC's ddmmyy. Two-digit years: 80–99 are 19xx, the rest 20xx (GPS began in 1980).
    static func date(ddmmyy s: String) -> DateComponents? {
        guard s.count == 6, let d = Int(s.prefix(2)), let m = Int(s.dropFirst(2).prefix(2)),
              let y = Int(s.suffix(2)), (1...31).contains(d), (1...12).contains(m)
        else { return nil }
        return DateComponents(year: y >= 80 ? 1900 + y : 2000 + y, month: m, day: d)
    }
}
