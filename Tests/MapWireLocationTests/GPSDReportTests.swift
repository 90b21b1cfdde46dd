import Foundation
import Testing
@testable import MapWireLocation

/// gpsd JSON lines as gpsd 3.22 prints them (captured from `gpspipe -w` on a gpsfake run).
@Suite struct GPSDReportTests {
    @Test func threeDimensionalTPVBecomesAFullFix() throws {
        let line = #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-21T12:00:13.000Z","ept":0.005,"lat":50.001300000,"lon":14.001950000,"altHAE":296.9000,"altMSL":250.0000,"alt":250.0000,"track":45.0000,"magtrack":49.0426,"magvar":4.0,"speed":5.144,"climb":0.000,"geoidSep":46.900,"eph":17.100}"#
        guard case .fix(let fix)? = GPSDReport.parse(line) else { Issue.record("no fix"); return }
        #expect(fix.latitude == 50.0013 && fix.longitude == 14.00195)
        #expect(fix.altitude == 250)
        #expect(fix.horizontalAccuracy == 17.1)
        #expect(fix.course == 45)
        #expect(fix.speed == 5.144)
        #expect(fix.heading == nil)
        #expect(fix.timestamp == ISO8601Time.parse("2026-11-21T12:00:13Z"))
    }

    @Test func twoDimensionalFixHasNoAltitude() {
        let line = #"{"class":"TPV","mode":2,"lat":-33.5,"lon":151.25,"alt":12.0,"epx":4.0,"epy":6.5}"#
        guard case .fix(let fix)? = GPSDReport.parse(line) else { Issue.record("no fix"); return }
        #expect(fix.altitude == nil)
        #expect(fix.horizontalAccuracy == 6.5)
        #expect(fix.timestamp == nil)
    }

    @Test func noFixModesAndBadCoordinates() {
        #expect(GPSDReport.parse(#"{"class":"TPV","mode":1}"#) == .noFix)
        #expect(GPSDReport.parse(#"{"class":"TPV","mode":0,"lat":1,"lon":2}"#) == .noFix)
        #expect(GPSDReport.parse(#"{"class":"TPV","mode":3,"lat":91,"lon":2}"#) == .noFix)
        #expect(GPSDReport.parse(#"{"class":"TPV","mode":3,"lat":"x","lon":2}"#) == .noFix)
    }

    @Test func skyCountsSatellites() {
        let line = #"{"class":"SKY","satellites":[{"PRN":1,"used":true},{"PRN":2,"used":false},{"PRN":3,"used":true}]}"#
        #expect(GPSDReport.parse(line) == .sky(used: 2, visible: 3))
        #expect(GPSDReport.parse(#"{"class":"SKY","nSat":12,"uSat":7}"#) == .sky(used: 7, visible: 12))
    }

    @Test func otherClassesAndGarbage() {
        #expect(GPSDReport.parse(#"{"class":"VERSION","release":"3.22"}"#) == .other("VERSION"))
        #expect(GPSDReport.parse("not json") == nil)
        #expect(GPSDReport.parse(#"{"no":"class"}"#) == nil)
        #expect(GPSDReport.parse("[1,2]") == nil)
        #expect(GPSDReport.parse("") == nil)
    }
}
