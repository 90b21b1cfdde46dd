import Foundation
import MapWireJSON

/// One line of gpsd's JSON protocol, as far as a location provider cares.
public enum GPSDReport: Equatable, Sendable {
    /// A TPV (time-position-velocity) report with a 2D or 3D fix.
    case fix(LocationFix)
    /// A TPV report without a fix (mode 0 or 1): the receiver lost the sky.
    case noFix
    /// A SKY report: satellites used in the solution and seen.
    case sky(used: Int, visible: Int)
    /// VERSION, DEVICES, WATCH and the other classes: nothing to do.
    case other(String)

    /// Parses one line; nil for a line that is not a JSON object with a class (logged and skipped).
    public static func parse(_ line: String) -> GPSDReport? {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let kind = object["class"] as? String
        else { return nil }
        switch kind {
        case "TPV": return tpv(object)
        case "SKY":
            let satellites = object["satellites"] as? [[String: Any]] ?? []
            let used = FoundationJSON.int(object["uSat"]) ?? satellites.filter { FoundationJSON.bool($0["used"]) == true }.count
            return .sky(used: used, visible: FoundationJSON.int(object["nSat"]) ?? satellites.count)
        default: return .other(kind)
        }
    }

    private static func tpv(_ o: [String: Any]) -> GPSDReport {
        guard let mode = FoundationJSON.int(o["mode"]), mode >= 2,
              let lat = number(o["lat"]), let lon = number(o["lon"]),
              LocationFix.isValid(latitude: lat, longitude: lon)
        else { return .noFix }
        // gpsd 3.20+ reports altMSL and altHAE; older ones only alt (MSL).
        let altitude = mode >= 3 ? number(o["altMSL"]) ?? number(o["alt"]) : nil
        // eph is the horizontal 95 % error; epx/epy are per axis (older gpsd). Either is "accuracy".
        let accuracy = number(o["eph"]) ?? [number(o["epx"]), number(o["epy"])].compactMap { $0 }.max()
        return .fix(LocationFix(
            latitude: lat, longitude: lon, altitude: altitude, horizontalAccuracy: accuracy,
            // TPV has no heading (that comes from a compass, in ATT reports); track is the course.
            course: number(o["track"]), speed: number(o["speed"]),
            timestamp: (o["time"] as? String).flatMap(ISO8601Time.parse)))
    }

    /// A finite number; a JSON `true` is none (and, unlike an `is Bool` test, 0 and 1 are numbers).
    private static func number(_ value: Any?) -> Double? { FoundationJSON.double(value) }
}
