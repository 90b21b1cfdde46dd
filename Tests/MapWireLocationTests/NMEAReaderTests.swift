import Foundation
import Testing
@testable import MapWireLocation

/// Builds "$<body>*hh" with a correct checksum, so tests state sentences by their fields.
func nmea(_ body: String) -> String {
    let sum = body.utf8.reduce(UInt8(0), ^)
    return "$" + body + "*" + String(format: "%02X", sum)
}

@Suite struct NMEAReaderTests {
    @Test func checksumOfKnownSentence() {
        // Widely published example sentence with its receiver-computed checksum.
        let line = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
        #expect(nmea("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") == line)
        let (fixes, skipped) = NMEAReader.read(line)
        #expect(skipped.isEmpty)
        #expect(fixes.count == 1)
    }

    @Test func epochAssemblesRMCGGAVTG() throws {
        let log = [
            nmea("GPRMC,120000.00,A,4807.038,N,01131.000,E,10.0,84.4,230394,003.1,W"),
            nmea("GPGGA,120000.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            nmea("GPVTG,85.0,T,,M,10.0,N,36.0,K,A"),
            nmea("GNRMC,120001.50,A,4807.100,S,01131.100,W,0.0,,230394,,"),
        ].joined(separator: "\r\n")
        let (fixes, skipped) = NMEAReader.read(log)
        #expect(skipped.isEmpty)
        try #require(fixes.count == 2)
        let a = fixes[0]
        #expect(abs(a.latitude - (48 + 7.038 / 60)) < 1e-9)
        #expect(abs(a.longitude - (11 + 31.0 / 60)) < 1e-9)
        #expect(a.altitude == 545.4)
        #expect(a.horizontalAccuracy == 0.9 * GPXReader.metresPerHDOP)
        // VTG came last in the epoch: its 36 km/h = 10 m/s and 85° win over RMC's values.
        #expect(abs(try #require(a.speed) - 10) < 1e-9)
        #expect(a.course == 85)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let expected = utc.date(from: DateComponents(year: 1994, month: 3, day: 23, hour: 12))
        #expect(a.timestamp == expected)
        let b = fixes[1]
        #expect(b.latitude < 0 && b.longitude < 0)
        #expect(b.speed == 0 && b.course == nil && b.altitude == nil)
        #expect(b.timestamp == expected?.addingTimeInterval(1.5))
    }

    @Test func rmcSpeedIsConvertedFromKnots() throws {
        let (fixes, _) = NMEAReader.read(nmea("GPRMC,081836,A,3751.65,S,14507.36,E,000.0,360.0,130998,011.3,E")
            + "\n" + nmea("GPRMC,081837,A,3751.65,S,14507.36,E,020.0,045.0,130998,011.3,E"))
        try #require(fixes.count == 2)
        #expect(abs(try #require(fixes[1].speed) - 20 * 1852 / 3600) < 1e-9)
        #expect(fixes[1].course == 45)
        #expect(fixes[1].altitude == nil)
    }

    @Test func badAndUnknownSentencesAreSkippedAndCounted() {
        let good = nmea("GPRMC,120000,A,4807.038,N,01131.000,E,1.0,10.0,010124,,")
        var corrupted = good
        corrupted.replace("4807", with: "4808")  // checksum no longer matches
        let log = [
            good,
            corrupted,
            "$GPRMC,120001,A,4807.038,N,01131.000,E,1.0,10.0,010124,,",  // no *hh
            nmea("GPGSV,3,1,11,03,03,111,00,04,15,270,00,06,01,010,00,13,06,292,00"),
            nmea("GPRMC,120002,V,,,,,,,010124,,"),  // receiver has no fix
            nmea("GPGGA,120003,4807.038,N,01131.000,E,0,00,,,M,,M,,"),  // quality 0
            nmea("GPGGA,120004,48xx.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            nmea("GPGGA,120005,9107.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),  // lat 91°
            "garbage",
        ].joined(separator: "\n")
        let (fixes, skipped) = NMEAReader.read(log)
        #expect(fixes.count == 1)
        #expect(skipped[.badChecksum] == 1)
        #expect(skipped[.missingChecksum] == 1)
        #expect(skipped[.unknownSentence] == 1)
        #expect(skipped[.noFix] == 2)
        #expect(skipped[.malformed] == 3)
    }

    @Test func sameInstantWrittenDifferentlyIsOneEpoch() throws {
        let log = [
            nmea("GPVTG,10.0,T,,M,1.0,N,1.852,K,A"),  // before any timed sentence
            nmea("GPGGA,101500,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),
            nmea("GPRMC,101500.000,A,4807.038,N,01131.000,E,2.0,20.0,010124,,"),
            nmea("GPGGA,101501,4807.038,N,01131.000,E,1,08,0.9,546.0,M,46.9,M,,"),
            nmea("GPGGA,2515xx,4807.038,N,01131.000,E,1,08,0.9,546.0,M,46.9,M,,"),  // bad time
        ].joined(separator: "\n")
        let (fixes, skipped) = NMEAReader.read(log)
        #expect(skipped == [.noEpoch: 1, .malformed: 1])
        try #require(fixes.count == 2)
        #expect(fixes[0].altitude == 545.4 && fixes[0].course == 20)
        // The second GGA-only epoch keeps the date the RMC gave.
        #expect(fixes[1].timestamp == Date(timeIntervalSince1970: 1_704_104_101))
        #expect(fixes[1].speed == nil)
    }

    @Test func ggaOnlyUsesReferenceDateOrNone() throws {
        let line = nmea("GPGGA,000010,0000.000,N,00000.000,E,1,08,1.0,0,M,0,M,,")
        #expect(NMEAReader.read(line).fixes.first?.timestamp == nil)
        var reader = NMEAReader(referenceDate: DateComponents(year: 2024, month: 1, day: 1))
        #expect(reader.feed(line).isEmpty)
        let fix = try #require(reader.finish().first)
        #expect(fix.timestamp == Date(timeIntervalSince1970: 1_704_067_210))
    }
}
