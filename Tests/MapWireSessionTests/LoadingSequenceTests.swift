import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// The Mapbox MapEvents reference's loading sequence through a fake loader, with no renderer: frames finish undrawn.
@Suite struct LoadingSequenceTests {
    @Test func aStyleURIGoesToTheLoaderAsAFirstAttemptWithItsDeadline() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let reply = try #require(h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL })))
        #expect(reply.ok)
        let load = try #require(loader.loads.first)
        #expect(load.loadResource.request.url == Fixture.styleURL)
        #expect(load.loadResource.request.kind == .style)
        #expect(load.attempt == 1)
        // 30 s over 3 attempts: the first attempt ends 10 s after the wall clock passed in.
        #expect(load.deadlineUnixNanos == h.time.unixNanos + 10_000 * 1_000_000)
        #expect(h.topics == ["map-will-start-loading"])
    }

    @Test func theWholeSequenceRunsToMapLoadedAndMapIdle() {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        loader.answerAllLoads()
        h.advance(until: { h.topics.contains("map-idle") })
        let topics = h.topics.filter { !$0.hasPrefix("camera") }
        #expect(topics.prefix(2) == ["map-will-start-loading", "resource-request"])
        #expect(topics.contains("style-loaded"))
        let styleData = h.events("style-data-loaded").compactMap { if case .styleDataLoaded(let e) = $0 { e.type } else { nil } }
        #expect(styleData == [.style, .sprite, .sources])
        #expect(h.events("source-data-loaded").count >= 2)
        #expect(topics.suffix(5) == ["render-frame-started", "render-frame-finished", "map-loaded", "did-finish-rendering-map", "map-idle"])
        #expect(h.events("render-frame-finished").last?.renderFinished?.renderMode == .full)
    }

    @Test func eventsAreNumberedInOrderFromOne() {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        loader.answerAllLoads()
        #expect(h.published.map(\.sequence) == Array(1...UInt64(h.published.count)))
    }

    @Test func loadsWaitForALoaderAndGoOutWhenOneSaysHello() throws {
        let h = SessionHarness()
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        h.advance(5_000)
        #expect(h.state.pendingRequests == 1)
        let loader = h.plugin("loader", roles: ["loader"])
        let load = try #require(loader.loads.first)
        #expect(load.loadResource.request.url == Fixture.styleURL)
        #expect(load.attempt == 1)
    }

    @Test func aLoadNobodyAnswersFailsAtItsDeadlineAsAStyleError() throws {
        let h = SessionHarness { $0.requestTimeoutMilliseconds = 300; $0.requestRetries = 0 }
        let silent = h.plugin("silent", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        #expect(silent.loads.count == 1)
        h.advance(299)
        #expect(!h.topics.contains("map-loading-error"))
        h.advance(1)
        #expect(h.topics.suffix(3) == ["resource-request", "map-loading-error", "map-did-fail-loading"])
        guard case .resourceRequest(let r) = h.events("resource-request").last else { Issue.record("no resource-request"); return }
        #expect(r.response.error.reason == .other)
        #expect(r.response.error.message.contains("no answer within 300 ms"))
        #expect(h.state.counters.requestsTimedOut == 1)
    }

    /// A load that timed out because no loader was there to take it fails as any load does, and is asked
    /// again when a loader registers: the map is not left without what nobody tried to load.
    @Test func aLoadNoLoaderTookIsAskedAgainWhenOneRegisters() throws {
        let h = SessionHarness { $0.requestTimeoutMilliseconds = 300; $0.requestRetries = 0 }
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        h.advance(300)
        guard case .resourceRequest(let r) = h.events("resource-request").last else { Issue.record("no resource-request"); return }
        #expect(r.response.error.message.contains("no loader plugin took it within 300 ms"), "\(r.response.error.message)")
        #expect(h.state.loadPhase == "failed")
        let loader = h.plugin("loader", roles: ["loader"])
        let load = try #require(loader.loads.first)
        #expect(load.loadResource.request.url == Fixture.styleURL)
        loader.answerAllLoads()
        #expect(h.state.loadPhase == "loaded" && h.state.sourceIds == ["v"])
    }

    @Test func aLoaderErrorFailsTheLoadWithItsMessage() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        loader.reply(try #require(loader.loads.first), .error(.with { $0.message = "disk on fire" }))
        guard case .mapLoadingError(let e) = h.events("map-loading-error").last else { Issue.record("no error"); return }
        #expect(e.message.contains("the loader plugin failed: disk on fire"))
    }

    @Test func aCancelledLoadIsCancelledAtItsLoader() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let first = try #require(loader.loads.first)
        h.command(.setStyleUri(.with { $0.uri = "https://s.test/other.json" }))
        let cancel = try #require(loader.requests.last { if case .cancel = $0.kind { true } else { false } })
        #expect(cancel.cancel.requestID == first.id)
        // Its answer, arriving anyway, is a late reply.
        loader.answerLoad(first)
        #expect(h.state.counters.lateRepliesDropped == 1)
    }
}
