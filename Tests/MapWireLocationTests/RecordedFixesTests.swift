import Foundation
import Testing
@testable import MapWireLocation

@Suite struct RecordedFixesTests {
    func write(_ text: String, _ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mwloc-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func missingFileSaysSo() {
        #expect { try RecordedFixes.load(.gpx(path: "/nonexistent/track.gpx")) } throws: {
            "\($0)" == "cannot read GPX file /nonexistent/track.gpx: no such file"
        }
    }

    @Test func brokenGPXSaysWhereItBroke() throws {
        let path = try write("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">\n<ele>3</trkseg>", "broken.gpx")
        #expect { try RecordedFixes.load(.gpx(path: path)) } throws: {
            "\($0)".hasPrefix("cannot read GPX file \(path): malformed XML at line")
        }
    }

    @Test func nmeaWithGarbageKeepsTheGoodSentencesAndCountsTheRest() throws {
        let good = NMEAWriter.log([LocationFix(latitude: 46.5, longitude: 13.75, altitude: 900, timestamp: Date(timeIntervalSince1970: 1_700_000_000))])
        let text = "garbage\r\n$GPRMC,broken*00\r\n" + good + "\u{FF}\u{FE}binary\r\n"
        let recorded = try RecordedFixes.load(.nmea(path: try write(text, "log.nmea")))
        #expect(recorded.fixes.count == 1)
        #expect(recorded.notes.count == 1)
        #expect(recorded.notes[0].contains("skipped 3 sentence(s)"), "\(recorded.notes)")
    }

    @Test func nmeaWithoutAnyFixIsAFailure() throws {
        let path = try write("hello\nworld\n", "empty.nmea")
        #expect { try RecordedFixes.load(.nmea(path: path)) } throws: {
            "\($0)".hasPrefix("no position fixes in NMEA file \(path) (skipped 2 sentence(s)")
        }
    }

    @Test func routeIsDrivenFromNow() throws {
        let path = try write(#"{"type":"LineString","coordinates":[[13.4,52.5],[13.401,52.5]]}"#, "r.geojson")
        let now = Date(timeIntervalSince1970: 1_000)
        let recorded = try RecordedFixes.load(.route(path: path), routeSpeed: 20, routeInterval: 1, now: now)
        #expect(recorded.fixes.first?.timestamp == now)
        #expect(recorded.fixes.count == 5)  // 67.8 m at 20 m/s: 0, 20, 40, 60 m and the end
        #expect(recorded.fixes.last?.longitude == 13.401)
        #expect { try RecordedFixes.load(.route(path: try write("{}", "bad.geojson"))) } throws: {
            "\($0)".contains("malformed GeoJSON")
        }
    }

    @Test func writtenNMEAReadsBackTheSameFixes() {
        let fixes = (0..<5).map { i in
            LocationFix(latitude: -33.85 - Double(i) * 0.0003, longitude: 151.2 + Double(i) * 0.0004, altitude: 40 + Double(i),
                        horizontalAccuracy: 4.5, course: 120, speed: 3.5, timestamp: Date(timeIntervalSince1970: 1_700_000_000 + Double(i)))
        }
        let (read, skipped) = NMEAReader.read(NMEAWriter.log(fixes))
        #expect(skipped.isEmpty)
        #expect(read.count == 5)
        for (a, b) in zip(read, fixes) {
            #expect(abs(a.latitude - b.latitude) < 1e-7 && abs(a.longitude - b.longitude) < 1e-7)
            #expect(a.altitude == b.altitude && a.timestamp == b.timestamp && a.course == b.course)
            #expect(abs(a.speed! - 3.5) < 1e-3)
            #expect(abs(a.horizontalAccuracy! - 4.5) < 1e-9)
        }
    }
}
