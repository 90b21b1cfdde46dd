import Foundation

/// What the sentences of one epoch told us so far; becomes a fix once it has a position.
struct Epoch: Sendable {
    /// The raw hhmmss.ss field, compared as text so "120000.00" and "120000.00" match exactly.
    var time: String
    var date: DateComponents?
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var horizontalAccuracy: Double?
    var speed: Double?
    var course: Double?

    init(time: String) { self.time = time }

    func fix(referenceDate: DateComponents?) -> LocationFix? {
        guard let latitude, let longitude else { return nil }  // VTG alone is not a fix
        return LocationFix(
            latitude: latitude, longitude: longitude, altitude: altitude, horizontalAccuracy: horizontalAccuracy,
            course: course, speed: speed, timestamp: timestamp(date ?? referenceDate))
    }

    private func timestamp(_ day: DateComponents?) -> Date? {
        guard var c = day, time.count >= 6,
              let h = Int(time.prefix(2)), let m = Int(time.dropFirst(2).prefix(2)),
              let seconds = Double(time.dropFirst(4))
        else { return nil }
        c.hour = h
        c.minute = m
        c.second = 0
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: c)?.addingTimeInterval(seconds)
    }

    /// RMC's ddmmyy. Two-digit years: 80–99 are 19xx, the rest 20xx (GPS began in 1980).
    static func date(ddmmyy s: String) -> DateComponents? {
        guard s.count == 6, let d = Int(s.prefix(2)), let m = Int(s.dropFirst(2).prefix(2)),
              let y = Int(s.suffix(2)), (1...31).contains(d), (1...12).contains(m)
        else { return nil }
        return DateComponents(year: y >= 80 ? 1900 + y : 2000 + y, month: m, day: d)
    }
}
