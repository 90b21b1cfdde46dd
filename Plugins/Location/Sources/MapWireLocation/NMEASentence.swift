import Foundation

/// Why a line of NMEA text did not contribute to a fix.
public enum NMEASkipReason: String, Error, Sendable, Hashable, CaseIterable {
    /// No `*hh` suffix: without it corruption on a serial line cannot be detected.
    case missingChecksum
    case badChecksum
    /// A valid sentence we do not use (GSV, GSA, ...).
    case unknownSentence
    /// Right type, but fields missing or not numbers.
    case malformed
    /// A VTG before any RMC/GGA: it carries no time, so there is no epoch to attach it to.
    case noEpoch
    /// The receiver said it has no fix (RMC status V, GGA quality 0, VTG mode N).
    case noFix

    /// The reason as logs and errors print it ("bad-checksum").
    public var label: String {
        rawValue.reduce(into: "") { out, c in out += c.isUppercase ? "-" + c.lowercased() : String(c) }
    }
}

/// One checksum-verified sentence split into fields: "$GPRMC,a,b*hh" → type "RMC", fields [a, b].
struct NMEASentence {
    /// The three-letter formatter without the talker ("GP", "GN", ...), so GNRMC reads like GPRMC.
    var type: String
    var fields: [String]

    static func parse(_ line: String) -> Result<NMEASentence, NMEASkipReason> {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.first == "$" || trimmed.first == "!" else { return .failure(.malformed) }
        guard let star = trimmed.lastIndex(of: "*") else { return .failure(.missingChecksum) }
        let body = trimmed[trimmed.index(after: trimmed.startIndex)..<star]
        let given = trimmed[trimmed.index(after: star)...]
        guard given.count == 2, let expected = UInt8(given, radix: 16) else { return .failure(.badChecksum) }
        guard checksum(body) == expected else { return .failure(.badChecksum) }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let address = parts.first, address.count >= 3 else { return .failure(.malformed) }
        return .success(NMEASentence(type: String(address.suffix(3)), fields: Array(parts.dropFirst())))
    }

    /// XOR of every byte between `$` and `*`.
    static func checksum<S: StringProtocol>(_ body: S) -> UInt8 {
        body.utf8.reduce(0, ^)
    }

    func field(_ i: Int) -> String { i < fields.count ? fields[i] : "" }

    func number(_ i: Int) -> Double? { Double(field(i)) }

    /// "ddmm.mmmm" + hemisphere → signed degrees. Why by hand: minutes, not decimal degrees.
    func coordinate(_ i: Int, hemisphere h: Int, degreeDigits: Int) -> Double? {
        let text = field(i)
        guard text.count > degreeDigits, let deg = Double(text.prefix(degreeDigits)),
              let min = Double(text.dropFirst(degreeDigits)), min < 60 else { return nil }
        let value = deg + min / 60
        switch field(h) {
        case "N", "E": return value
        case "S", "W": return -value
        default: return nil
        }
    }
}
