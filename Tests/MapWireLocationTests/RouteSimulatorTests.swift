import Foundation
import Testing
@testable import MapWireLocation

@Suite struct RouteSimulatorTests {
    /// Along the equator one degree of longitude is 2πR/360 ≈ 111 195 m, which keeps expectations exact.
    let metresPerDegree = 2 * Double.pi * Geodesy.earthRadius / 360

    @Test func haversineAndBearing() {
        #expect(abs(Geodesy.distance((0, 0), (0, 1)) - metresPerDegree) < 1e-6)
        #expect(abs(Geodesy.bearing((0, 0), (0, 1)) - 90) < 1e-9)
        #expect(abs(Geodesy.bearing((0, 0), (1, 0)) - 0) < 1e-9)
        #expect(abs(Geodesy.bearing((0, 0), (0, -1)) - 270) < 1e-9)
    }

    @Test func drivesAtSpeedAndEndsOnLastPoint() throws {
        // East 0.01° then north 0.01° (≈1112 m each).
        let json = #"{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[0.01,0],[0.01,0.01]]}}"#
        let sim = try RouteSimulator(geoJSON: Data(json.utf8))
        let start = Date(timeIntervalSince1970: 1_000)
        let fixes = sim.fixes(speed: 100, interval: 2, start: start)  // 200 m per fix
        let total = 0.02 * metresPerDegree
        #expect(fixes.count == Int((total / 200).rounded(.up)) + 1)
        #expect(fixes.first?.latitude == 0 && fixes.first?.longitude == 0)
        let last = try #require(fixes.last)
        #expect(last.latitude == 0.01 && last.longitude == 0.01)
        #expect(abs(try #require(last.timestamp).timeIntervalSince(start) - total / 100) < 1e-6)
        // Consecutive fixes (except into the corner and the shorter final hop) are 200 m apart.
        let d = Geodesy.distance((fixes[1].latitude, fixes[1].longitude), (fixes[2].latitude, fixes[2].longitude))
        #expect(abs(d - 200) < 1e-3)
        #expect(fixes[1].timestamp == start.addingTimeInterval(2))
        #expect(abs(try #require(fixes[1].course) - 90) < 1e-6)
        #expect(abs(try #require(last.course) - 0) < 1e-6)
        #expect(fixes.allSatisfy { $0.speed == 100 })
    }

    @Test func plainLineStringWithAltitudeAndNoStart() throws {
        let json = #"{"type":"LineString","coordinates":[[10,50,100],[10,50.001,200]]}"#
        let fixes = try RouteSimulator(geoJSON: Data(json.utf8)).fixes(speed: 1000, interval: 1)
        #expect(fixes.count == 2)  // 111 m at 1 km/s: start and end
        #expect(fixes.map(\.altitude) == [100, 200])
        #expect(fixes.allSatisfy { $0.timestamp == nil })
    }

    @Test func singleVertexIsOneStationaryFix() throws {
        let fixes = try RouteSimulator(geoJSON: Data(#"{"type":"LineString","coordinates":[[1,2]]}"#.utf8))
            .fixes(speed: 5, interval: 1)
        #expect(fixes == [LocationFix(latitude: 2, longitude: 1, speed: 0)])
    }

    @Test func rejectsWhatIsNotALine() {
        for json in [#"{"type":"Point","coordinates":[0,0]}"#, "nope", #"{"type":"LineString","coordinates":[[0]]}"#] {
            #expect(throws: LocationSourceError.self) { try RouteSimulator(geoJSON: Data(json.utf8)) }
        }
        #expect(throws: LocationSourceError.noPoints) {
            try RouteSimulator(geoJSON: Data(#"{"type":"LineString","coordinates":[]}"#.utf8))
        }
        #expect(throws: LocationSourceError.self) {
            try RouteSimulator(geoJSON: Data(#"{"type":"LineString","coordinates":[[0,95],[0,0]]}"#.utf8))
        }
    }
}
