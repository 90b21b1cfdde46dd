import Foundation

/// Turns NMEA 0183 text (GGA, RMC, VTG) into fixes, one per epoch.
///
/// An epoch is the set of sentences a receiver sends for one instant; they share the UTC time
/// field (VTG has none and joins the current epoch). Why assemble rather than emit per sentence:
/// RMC knows speed and date but not altitude, GGA the reverse, and a consumer wants one fix.
public struct NMEAReader: Sendable {
    /// Knots to metres per second (1 kn = 1852 m/h).
    public static let metresPerSecondPerKnot = 1852.0 / 3600.0

    public private(set) var skipped: [NMEASkipReason: Int] = [:]
    public var skippedTotal: Int { skipped.values.reduce(0, +) }

    /// Used for epochs seen before any RMC has given a date (GGA-only logs). Without it and
    /// without an RMC date, fixes carry no timestamp rather than a made-up day.
    public var referenceDate: DateComponents?

    private var epoch: Epoch?

    public init(referenceDate: DateComponents? = nil) {
        self.referenceDate = referenceDate
    }

    /// Reads a whole log; the last epoch is flushed.
    public static func read(_ text: String) -> (fixes: [LocationFix], skipped: [NMEASkipReason: Int]) {
        var reader = NMEAReader()
        var fixes: [LocationFix] = []
        for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            fixes += reader.feed(String(line))
        }
        fixes += reader.finish()
        return (fixes, reader.skipped)
    }

    /// Feeds one line; returns the fix of the previous epoch when this line starts a new one.
    public mutating func feed(_ line: String) -> [LocationFix] {
        let sentence: NMEASentence
        switch NMEASentence.parse(line) {
        case let .failure(reason): return skip(reason)
        case let .success(s): sentence = s
        }
        switch sentence.type {
        case "RMC": return rmc(sentence)
        case "GGA": return gga(sentence)
        case "VTG": return vtg(sentence)
        default: return skip(.unknownSentence)
        }
    }

    /// Flushes the epoch in progress (end of file).
    public mutating func finish() -> [LocationFix] {
        defer { epoch = nil }
        return epoch.flatMap { $0.fix(referenceDate: referenceDate) }.map { [$0] } ?? []
    }

    private mutating func skip(_ reason: NMEASkipReason) -> [LocationFix] {
        skipped[reason, default: 0] += 1
        return []
    }

    /// Starts a new epoch if `time` differs from the current one; returns the finished fix.
    private mutating func enter(secondsOfDay: Double) -> [LocationFix] {
        if let current = epoch, abs(current.secondsOfDay - secondsOfDay) < 0.0005 { return [] }
        let done = finish()
        epoch = Epoch(secondsOfDay: secondsOfDay)
        // Why carry the date: GGA has none, and the next RMC may come after it in the epoch.
        if let date = lastDate { epoch?.date = date }
        return done
    }

    private var lastDate: DateComponents?

    private mutating func rmc(_ s: NMEASentence) -> [LocationFix] {
        guard s.field(1) == "A" else { return skip(s.field(1) == "V" ? .noFix : .malformed) }
        guard let time = Epoch.secondsOfDay(s.field(0)),
              let lat = s.coordinate(2, hemisphere: 3, degreeDigits: 2),
              let lon = s.coordinate(4, hemisphere: 5, degreeDigits: 3),
              LocationFix.isValid(latitude: lat, longitude: lon)
        else { return skip(.malformed) }
        let date = Epoch.date(ddmmyy: s.field(8))
        if date != nil { lastDate = date }
        let out = enter(secondsOfDay: time)
        epoch?.latitude = lat
        epoch?.longitude = lon
        if let date { epoch?.date = date }
        if let kn = s.number(6) { epoch?.speed = kn * Self.metresPerSecondPerKnot }
        if let course = s.number(7) { epoch?.course = course }
        return out
    }

    private mutating func gga(_ s: NMEASentence) -> [LocationFix] {
        guard let quality = Int(s.field(5)) else { return skip(.malformed) }
        guard quality != 0 else { return skip(.noFix) }
        guard let time = Epoch.secondsOfDay(s.field(0)),
              let lat = s.coordinate(1, hemisphere: 2, degreeDigits: 2),
              let lon = s.coordinate(3, hemisphere: 4, degreeDigits: 3),
              LocationFix.isValid(latitude: lat, longitude: lon)
        else { return skip(.malformed) }
        let out = enter(secondsOfDay: time)
        epoch?.latitude = lat
        epoch?.longitude = lon
        if let hdop = s.number(7) { epoch?.horizontalAccuracy = hdop * GPXReader.metresPerHDOP }
        if let alt = s.number(8) { epoch?.altitude = alt }
        return out
    }

    private mutating func vtg(_ s: NMEASentence) -> [LocationFix] {
        // NMEA 2.3+ appends a mode letter; N means "data not valid".
        if s.field(8) == "N" { return skip(.noFix) }
        guard epoch != nil else { return skip(.noEpoch) }
        let speed = s.number(6).map { $0 / 3.6 } ?? s.number(4).map { $0 * Self.metresPerSecondPerKnot }
        guard speed != nil || s.number(0) != nil else { return skip(.malformed) }
        if let speed { epoch?.speed = speed }
        if let course = s.number(0) { epoch?.course = course }
        return []
    }
}
