import Foundation
import MapWireClient
import MapWireLocation
import MapWireProtocol

/// What the location tests share: fixes read back from events, a free loopback port, gpsfake.
enum LocationTestSupport {
    static var gpsfake: String? {
        ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var gpsdTestsCanRun: Bool { Binaries.available && gpsfake != nil }

    /// Collects events until `done` holds for the whole log so far, or `timeout` passes.
    static func collect(_ events: EventSubscriber, timeout: TimeInterval, until done: (EventLog) -> Bool) throws -> EventLog {
        var log = EventLog()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !done(log) {
            if case .event(let topic, let envelope)? = try events.next(timeoutMilliseconds: 50) { log.events.append((topic, envelope)) }
        }
        return log
    }

    static func updates(_ log: EventLog) -> [Mapwire_V1_UserLocation] {
        log.payloads { if case .userLocationUpdated(let e) = $0 { e.location } else { nil } }
    }

    static func failures(_ log: EventLog) -> [String] {
        log.payloads { if case .didFailToLocateUser(let e) = $0 { e.error } else { nil } }
    }

    /// A port nothing listens on right now (the kernel's pick, released again).
    static func freeLoopbackPort() -> UInt16 {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// The children of a process (gpsfake's gpsd), from /proc.
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// A straight walk north-east from (lat, lon), one fix a second: an NMEA log of it replays for gpsfake.
    static func walk(count: Int, latitude: Double = 46.05, longitude: Double = 14.5) -> [LocationFix] {
        (0..<count).map { i in
            let step = Double(i)
            let altitude: Double = 300 + Double(i % 7)
            let time = Date(timeIntervalSince1970: 1_790_000_000 + step)
            return LocationFix(latitude: latitude + step * 0.00009, longitude: longitude + step * 0.00013,
                               altitude: altitude, horizontalAccuracy: 4.5, course: 45, speed: 12.5, timestamp: time)
        }
    }

    static func nanos(_ date: Date?) -> Int64? {
        date.map { Int64(($0.timeIntervalSince1970 * 1e9).rounded()) }
    }

    /// Metres between two points (equirectangular: the tests' tracks span a few hundred metres).
    static func metres(_ a: (lat: Double, lon: Double), _ b: (lat: Double, lon: Double)) -> Double {
        let k = 111_320.0
        let dx = (b.lon - a.lon) * k * cos((a.lat + b.lat) / 2 * .pi / 180)
        let dy = (b.lat - a.lat) * k
        return (dx * dx + dy * dy).squareRoot()
    }
}

extension String {
    /// How many times `text` occurs (not overlapping), e.g. a log line in a process's output.
    func occurrences(of text: String) -> Int {
        components(separatedBy: text).count - 1
    }
}
