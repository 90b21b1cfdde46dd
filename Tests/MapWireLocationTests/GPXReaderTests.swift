import Foundation
import Testing
@testable import MapWireLocation

@Suite struct GPXReaderTests {
    @Test func timedTrackWithExtensions() throws {
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
              <metadata><time>2000-01-01T00:00:00Z</time></metadata>
              <trk><trkseg>
                <trkpt lat="48.1" lon="11.5"><ele>520.5</ele><time>2024-05-01T10:00:00Z</time><hdop>2</hdop>
                  <extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>3.5</gpxtpx:speed>
                  <gpxtpx:course>90</gpxtpx:course></gpxtpx:TrackPointExtension></extensions></trkpt>
                <trkpt lat="48.2" lon="11.6"><time>2024-05-01T10:00:01.5+00:00</time></trkpt>
              </trkseg><trkseg/></trk>
            </gpx>
            """
        let doc = try GPXReader.read(string: gpx)
        #expect(doc.trackSegments.map(\.count) == [2, 0])
        let first = doc.fixes[0]
        #expect(first.latitude == 48.1 && first.longitude == 11.5)
        #expect(first.altitude == 520.5)
        #expect(first.speed == 3.5 && first.course == 90)
        #expect(first.horizontalAccuracy == 2 * GPXReader.metresPerHDOP)
        let dt = try #require(doc.fixes[1].timestamp).timeIntervalSince(try #require(first.timestamp))
        #expect(abs(dt - 1.5) < 1e-6)
        #expect(doc.fixes[1].altitude == nil && doc.fixes[1].speed == nil)
    }

    @Test func untimedRoute() throws {
        let doc = try GPXReader.read(string: """
            <gpx><rte><rtept lat="1" lon="2"/><rtept lat="3" lon="4"></rtept></rte></gpx>
            """)
        #expect(doc.routes.map(\.count) == [2])
        #expect(doc.fixes.map(\.latitude) == [1, 3])
        #expect(doc.fixes.allSatisfy { $0.timestamp == nil })
    }

    @Test func tracksArePreferredOverRoutes() throws {
        let doc = try GPXReader.read(string: """
            <gpx><rte><rtept lat="1" lon="1"/></rte><trk><trkseg><trkpt lat="2" lon="2"/></trkseg></trk></gpx>
            """)
        #expect(doc.fixes.map(\.latitude) == [2])
    }

    @Test func byteOrderMarkIsAccepted() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(#"<gpx><wpt lat="5" lon="6"/></gpx>"#.utf8)
        #expect(try GPXReader.read(data: data).fixes.count == 1)
    }

    @Test func malformedXML() {
        #expect(throws: LocationSourceError.self) {
            try GPXReader.read(string: "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkseg></gpx>")
        }
        do {
            _ = try GPXReader.read(string: "<gpx><trk>")
            Issue.record("expected an error")
        } catch let error as LocationSourceError {
            guard case .malformedXML = error else { Issue.record("got \(error)"); return }
        } catch { Issue.record("got \(error)") }
    }

    @Test func noPoints() {
        #expect(throws: LocationSourceError.noPoints) {
            try GPXReader.read(string: "<gpx><trk><trkseg></trkseg></trk></gpx>")
        }
    }

    @Test(arguments: [
        (#"lat="91" lon="0""#, "91", "0"), (#"lat="0" lon="-181""#, "0", "-181"),
        (#"lat="abc" lon="0""#, "abc", "0"),
    ])
    func badCoordinates(attributes: String, lat: String, lon: String) {
        do {
            _ = try GPXReader.read(string: "<gpx><trk><trkseg><trkpt \(attributes)/></trkseg></trk></gpx>")
            Issue.record("expected badCoordinate")
        } catch let LocationSourceError.badCoordinate(la, lo, _) {
            #expect(la == lat && lo == lon)
        } catch { Issue.record("got \(error)") }
    }

    @Test func missingCoordinate() {
        #expect(throws: LocationSourceError.badCoordinate(latitude: "1", longitude: nil, line: 1)) {
            try GPXReader.read(string: #"<gpx><wpt lat="1"/></gpx>"#)
        }
    }
}
