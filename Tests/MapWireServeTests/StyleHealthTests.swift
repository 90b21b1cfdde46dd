import Foundation
import MapWireProtocol
import MapWireServeInput
import Testing
@testable import MapWireServe

/// A style is starting, ready, or failed for good (404 when its document is missing, else 502).
@Suite struct StyleHealthTests {
    func state(_ phase: String, renderer: Bool = true, error: String? = nil) -> Mapwire_V1_CoreStateSnapshot {
        .with {
            $0.loadPhase = phase
            if renderer { $0.plugins = [.with { $0.roles = [PluginRole.renderer] }] }
            if let error {
                $0.loadStatus = .with { $0.statuses = [.with { $0.target = "map"; $0.status = .failed; $0.error = error }] }
            }
        }
    }

    @Test func readyNeedsTheStyleAndARenderer() {
        #expect(StyleHealth.of(state("loaded")) == .ready)
        #expect(!StyleHealth.of(state("loaded", renderer: false)).isSettled)
        #expect(!StyleHealth.of(state("loading-sources")).isSettled)
        #expect(!StyleHealth.of(state("empty")).isSettled)
    }

    @Test func aMissingStyleIs404AndAnyOtherFailure502() {
        guard case .failed(let missing) = StyleHealth.of(state("failed", error: "could not load the style http://s/x.json: HTTP 404 Not Found: http://s/x.json (not-found)")),
              case .failed(let broken) = StyleHealth.of(state("failed", error: "the style could not be parsed: not JSON")),
              case .failed(let told) = StyleHealth.of(state("failed"), documentMissing: true) else {
            Issue.record("not failed")
            return
        }
        #expect(missing.status == 404 && missing.retryAfterSeconds == nil && missing.message.contains("404"))
        #expect(broken.status == 502 && broken.retryAfterSeconds != nil)
        #expect(told.status == 404)
    }

    @Test func centerAndZoomOptionsAreRangeChecked() {
        #expect((try? StyleCamera.center("13.4,52.5").get()) == Coordinate(longitude: 13.4, latitude: 52.5))
        for bad in ["13.4", "200,0", "0,86", "a,b", "1e308,0", "nan,0"] {
            #expect((try? StyleCamera.center(bad).get()) == nil, "\(bad)")
        }
        #expect((try? StyleCamera.zoom("14.5").get()) == 14.5)
        for bad in ["-1", "25", "inf", "x"] { #expect((try? StyleCamera.zoom(bad).get()) == nil, "\(bad)") }
    }

    @Test func theReplayedLoadStatusOfALateJoinerIsDatedNow() throws {
        let report = Mapwire_V1_LoadStatusReport.with { $0.statuses = [.with { $0.target = "map"; $0.status = .loaded }] }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let line = try #require(LiveHub.replayed(report, now: now).first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let time = try #require(object["time"] as? String)
        #expect(time.hasPrefix("2027-01-15"), "dated now, not 1970: \(time)")
    }
}
