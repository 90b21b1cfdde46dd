import Testing
@testable import MapWireLocation

@Suite struct LocationFixTests {
    @Test func coordinateRanges() {
        #expect(LocationFix.isValid(latitude: 90, longitude: -180))
        #expect(!LocationFix.isValid(latitude: 90.1, longitude: 0))
        #expect(!LocationFix.isValid(latitude: 0, longitude: 180.5))
        #expect(!LocationFix.isValid(latitude: .nan, longitude: 0))
    }
}
