import Testing
import MapWireLocation

@Suite struct LocationSourceSpecTests {
    @Test func fileSources() throws {
        #expect(try LocationSourceSpec(parsing: "gpx:/data/a b.gpx") == .gpx(path: "/data/a b.gpx"))
        #expect(try LocationSourceSpec(parsing: "nmea:log.nmea") == .nmea(path: "log.nmea"))
        #expect(try LocationSourceSpec(parsing: "route:r.geojson") == .route(path: "r.geojson"))
    }

    @Test func gpsdWithAndWithoutPort() throws {
        #expect(try LocationSourceSpec(parsing: "gpsd://127.0.0.1:29470") == .gpsd(host: "127.0.0.1", port: 29470))
        #expect(try LocationSourceSpec(parsing: "gpsd://localhost") == .gpsd(host: "localhost", port: 2947))
        #expect(LocationSourceSpec.gpsd(host: "h", port: 1).description == "gpsd://h:1")
    }

    @Test func mistakesSayWhatToWrite() {
        #expect(throws: LocationSpecError.unknownKind("kml:x")) { try LocationSourceSpec(parsing: "kml:x") }
        #expect(throws: LocationSpecError.unknownKind("track.gpx")) { try LocationSourceSpec(parsing: "track.gpx") }
        #expect(throws: LocationSpecError.missingPath("gpx:")) { try LocationSourceSpec(parsing: "gpx:") }
        #expect(throws: LocationSpecError.badGPSD("gpsd://host:port")) { try LocationSourceSpec(parsing: "gpsd://host:port") }
        #expect(throws: LocationSpecError.badGPSD("gpsd://:2947")) { try LocationSourceSpec(parsing: "gpsd://:2947") }
        #expect(LocationSpecError.unknownKind("x").description.contains("gpsd://HOST[:PORT]"))
    }
}
