import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// report-location-authorization: the core publishes did-change-location-manager-authorization (MGLMapViewDelegate)
/// when the reported authorization changes, never for a repeat.
@Suite struct LocationAuthorizationTests {
    private func quietHarness() -> SessionHarness {
        SessionHarness { $0.heartbeatIntervalMilliseconds = 100_000_000 }
    }

    private func report(_ h: SessionHarness, _ status: Mapwire_V1_LocationAuthorizationStatus,
                        _ accuracy: Mapwire_V1_LocationAccuracyAuthorization) -> Mapwire_V1_CommandReply? {
        h.command(.reportLocationAuthorization(.with { $0.status = status; $0.accuracy = accuracy }))
    }

    private func published(_ h: SessionHarness) -> [Mapwire_V1_DidChangeLocationManagerAuthorization] {
        h.events("did-change-location-manager-authorization").compactMap {
            if case .didChangeLocationManagerAuthorization(let e) = $0 { e } else { nil }
        }
    }

    @Test func aChangeIsPublishedAndARepeatIsNot() throws {
        let h = quietHarness()
        #expect(report(h, .authorizedWhenInUse, .full)?.ok == true)
        #expect(report(h, .authorizedWhenInUse, .full)?.ok == true)
        #expect(report(h, .authorizedWhenInUse, .reduced)?.ok == true)
        #expect(report(h, .denied, .reduced)?.ok == true)
        #expect(report(h, .denied, .reduced)?.ok == true)
        #expect(report(h, .authorizedWhenInUse, .full)?.ok == true)
        let seen = published(h).map { "\($0.status) \($0.accuracy)" }
        #expect(seen == ["authorizedWhenInUse full", "authorizedWhenInUse reduced", "denied reduced", "authorizedWhenInUse full"])
        // get-state shows the last one.
        #expect(h.state.locationAuthorization.status == .authorizedWhenInUse)
        #expect(h.state.locationAuthorization.accuracy == .full)
    }

    @Test func aMissingOrUnknownStatusOrAccuracyIsRefused() throws {
        let h = quietHarness()
        #expect(!h.state.hasLocationAuthorization)
        let noStatus = try #require(report(h, .unspecified, .full))
        #expect(!noStatus.ok)
        #expect(noStatus.errorCode == .invalidArgument)
        #expect(noStatus.error.contains("needs a status"))
        let noAccuracy = try #require(report(h, .denied, .unspecified))
        #expect(!noAccuracy.ok)
        #expect(noAccuracy.error.contains("full or reduced"))
        let unknown = try #require(report(h, .UNRECOGNIZED(42), .full))
        #expect(!unknown.ok)
        #expect(published(h).isEmpty)
        // A refusal does not count as the last report: the first valid one is still a change.
        #expect(report(h, .notDetermined, .reduced)?.ok == true)
        #expect(published(h).count == 1)
    }
}
