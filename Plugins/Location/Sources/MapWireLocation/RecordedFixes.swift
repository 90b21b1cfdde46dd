import Foundation

/// The fixes of a file source (GPX, NMEA, route), read whole before the replay starts, and what the
/// reader had to say about them.
public struct RecordedFixes: Sendable {
    public var fixes: [LocationFix]
    /// Lines worth logging: sentences skipped and why, segments that were empty.
    public var notes: [String]

    /// Why reading failed, in words a user can act on.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads `spec`'s file; `routeSpeed` (m/s) and `routeInterval` (s) drive a route, starting `now`.
    public static func load(
        _ spec: LocationSourceSpec, routeSpeed: Double = 10, routeInterval: Double = 1, now: Date = Date()
    ) throws(Failure) -> RecordedFixes {
        switch spec {
        case .gpsd: throw Failure(description: "\(spec) is a live source, not a file")
        case .gpx(let path):
            let data = try read(path, kind: "GPX")
            do {
                let document = try GPXReader.read(data: data)
                let empty = document.trackSegments.filter(\.isEmpty).count
                return RecordedFixes(fixes: document.fixes, notes: empty > 0 ? ["\(empty) empty track segment(s) in \(path)"] : [])
            } catch {
                throw Failure(description: "cannot read GPX file \(path): \(error)")
            }
        case .nmea(let path):
            let data = try read(path, kind: "NMEA")
            // NMEA is ASCII; a stray non-UTF-8 byte spoils one sentence (its checksum fails), not the file.
            let (fixes, skipped) = NMEAReader.read(String(decoding: data, as: UTF8.self))
            let notes = skipped.isEmpty ? [] : ["skipped \(skipped.values.reduce(0, +)) sentence(s) in \(path): "
                + skipped.sorted { $0.key.label < $1.key.label }.map { "\($0.key.label) \($0.value)" }.joined(separator: ", ")]
            guard !fixes.isEmpty else {
                throw Failure(description: "no position fixes in NMEA file \(path)" + (notes.first.map { " (\($0))" } ?? ""))
            }
            return RecordedFixes(fixes: fixes, notes: notes)
        case .route(let path):
            let data = try read(path, kind: "route")
            do {
                let route = try RouteSimulator(geoJSON: data)
                return RecordedFixes(fixes: route.fixes(speed: routeSpeed, interval: routeInterval, start: now), notes: [])
            } catch {
                throw Failure(description: "cannot read route file \(path): \(error)")
            }
        }
    }

    private static func read(_ path: String, kind: String) throws(Failure) -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "\(error.localizedDescription)" : "no such file"
            throw Failure(description: "cannot read \(kind) file \(path): \(reason)")
        }
    }
}
