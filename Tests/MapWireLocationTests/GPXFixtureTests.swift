import Foundation
import Testing
@testable import MapWireLocation

/// Every file in shared/fixtures/gpx, with counts and end points read off the files by hand.
@Suite struct GPXFixtureTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var file: String
        var count: Int
        var first: (Double, Double)
        var last: (Double, Double)
        /// How many of the points carry a <time>.
        var timed: Int
        var description: String { file }
    }

    static let expectations: [Expectation] = [
        .init(file: "Mojstrovka.gpx", count: 184, first: (46.434981, 13.748273), last: (46.435231, 13.748253), timed: 184),
        .init(file: "cerknicko-jezero.gpx", count: 296, first: (45.772175035, 14.357659249),
              last: (45.790873384, 14.304442042), timed: 296),
        // Same track with times stripped from all but the last 5 points: a mixed file.
        .init(file: "cerknicko-without-times.gpx", count: 296, first: (45.772175035, 14.357659249),
              last: (45.790873384, 14.304442042), timed: 5),
        // Has 5 rtepts too; the single trkpt wins because tracks are preferred.
        .init(file: "gpx1.1_with_all_fields.gpx", count: 1, first: (10.1, -20.2), last: (10.1, -20.2), timed: 1),
        .init(file: "route.gpx", count: 55, first: (45.2787641494, 13.726695478),
              last: (45.2787783011, 13.7266552448), timed: 0),
        .init(file: "track-with-empty-segment.gpx", count: 9, first: (50.7772126, 6.0819695),
              last: (50.7776715, 6.0827203), timed: 9),
        .init(file: "track_with_speed.gpx", count: 3, first: (52.330848, 5.541371), last: (52.331014, 5.541333), timed: 3),
        // BOM and a lone waypoint: the fallback when there is no track or route.
        .init(file: "unicode_with_bom.gpx", count: 1, first: (43.309634, 3.515386), last: (43.309634, 3.515386), timed: 1),
    ]

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage), arguments: expectations)
    func fixture(_ e: Expectation) throws {
        let dir = try #require(SharedFixtures.gpxDirectory)
        let fixes = try GPXReader.read(contentsOf: dir.appendingPathComponent(e.file)).fixes
        #expect(fixes.count == e.count)
        let first = try #require(fixes.first), last = try #require(fixes.last)
        #expect(first.latitude == e.first.0 && first.longitude == e.first.1)
        #expect(last.latitude == e.last.0 && last.longitude == e.last.1)
        #expect(fixes.filter { $0.timestamp != nil }.count == e.timed)
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func everyFixtureFileIsCovered() throws {
        let dir = try #require(SharedFixtures.gpxDirectory)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".gpx") }
        #expect(Set(files) == Set(Self.expectations.map(\.file)))
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func detailsOfSelectedFixtures() throws {
        let dir = try #require(SharedFixtures.gpxDirectory)
        let speed = try GPXReader.read(contentsOf: dir.appendingPathComponent("track_with_speed.gpx")).fixes
        #expect(speed.map(\.speed) == [1.2, 2.2, 3.2])
        #expect(speed.map(\.altitude) == [48.962041, 58.166437, 53.381747])
        let empty = try GPXReader.read(contentsOf: dir.appendingPathComponent("track-with-empty-segment.gpx"))
        #expect(empty.trackSegments.map(\.count) == [9, 0])
        let all = try GPXReader.read(contentsOf: dir.appendingPathComponent("gpx1.1_with_all_fields.gpx"))
        #expect(all.routes.flatMap { $0 }.count == 5)
        #expect(all.waypoints.count == 2)
        #expect(all.fixes[0].altitude == 11.1)
        #expect(all.fixes[0].horizontalAccuracy == 101 * GPXReader.metresPerHDOP)
        // "2013-01-01T12:00:04" has no zone: read as UTC.
        #expect(all.fixes[0].timestamp == Date(timeIntervalSince1970: 1_357_041_604))
    }
}
