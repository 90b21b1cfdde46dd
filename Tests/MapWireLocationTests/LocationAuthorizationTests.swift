import Testing
@testable import MapWireLocation

@Suite struct LocationAuthorizationTests {
    private let withAccuracy = LocationFix(latitude: 46, longitude: 14, horizontalAccuracy: 5)
    private let withoutAccuracy = LocationFix(latitude: 46, longitude: 14)

    @Test func anUnusableSourceIsDenied() {
        #expect(LocationAuthorization(.unusable) == .init(status: .denied, accuracy: .reduced))
    }

    @Test func fixesWithAnAccuracyFigureAreFullAndWithoutAreReduced() {
        #expect(LocationAuthorization(.delivering(withAccuracy)) == .init(status: .authorizedWhenInUse, accuracy: .full))
        #expect(LocationAuthorization(.delivering(withoutAccuracy)) == .init(status: .authorizedWhenInUse, accuracy: .reduced))
    }

    @Test func theTrackerSaysTheFirstAndEveryChangeButNoRepeat() {
        var tracker = LocationAuthorizationTracker()
        let states: [LocationSourceState] = [.unusable, .unusable, .delivering(withAccuracy), .delivering(withAccuracy),
                                             .delivering(withoutAccuracy), .unusable, .delivering(withAccuracy)]
        let said = states.compactMap { tracker.observe($0)?.description }
        #expect(said == ["denied reduced", "authorized-when-in-use full", "authorized-when-in-use reduced",
                         "denied reduced", "authorized-when-in-use full"])
        #expect(tracker.last == .init(status: .authorizedWhenInUse, accuracy: .full))
    }

    @Test func theNamesAreTheSeedsInKebabCase() {
        #expect(LocationAuthorization.Status.allCases.map(\.rawValue)
            == ["not-determined", "restricted", "denied", "authorized-always", "authorized-when-in-use"])
        #expect(LocationAuthorization.Accuracy.allCases.map(\.rawValue) == ["full", "reduced"])
    }
}
