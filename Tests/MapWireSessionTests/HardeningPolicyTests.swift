import Foundation
import MapWireDemo
import MapWireNumerics
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Issue 14: who may answer a request, plugins that never answer, renderers that never keep what they get,
/// frames nobody drew, and bytes the renderer could not use.
@Suite struct HardeningPolicyTests {
    // MARK: Finding 2: any peer could answer any request

    @Test func requestIDsAreNotSmallCountersAndDifferBetweenSeeds() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let id = try #require(loader.loads.first?.id)
        #expect(id > 1 << 32, "a random 64-bit id, not the map's load number")
        var a = RequestIDs(SeededRandom(seed: 1)), b = RequestIDs(SeededRandom(seed: 2))
        #expect(a.next(avoiding: { _ in false }) != b.next(avoiding: { _ in false }))
    }

    @Test func aReplyFromAPeerThatNeverSaidHelloIsRefusedAndCounted() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let load = try #require(loader.loads.first)
        // A rogue peer that somehow knows the id answers first with its own style.
        let rogue = FakePlugin(harness: h, identity: Data("rogue".utf8))
        rogue.reply(load, .resource(.with { $0.data = Data(#"{"version":8,"sources":{},"layers":[]}"#.utf8) }))
        #expect(h.events("style-data-loaded").isEmpty)
        #expect(h.state.counters.repliesRefused == 1)
        #expect(h.log.messages.contains { $0.contains("refused a plugin reply") })
        loader.answerLoad(load)
        #expect(h.state.sourceIds == ["v"], "the real loader's style is used")
    }

    @Test func aRegisteredPluginCannotAnswerARequestSentToAnother() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let other = h.plugin("gesture", roles: ["gesture-delegate"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let load = try #require(loader.loads.first)
        other.answerLoad(load)
        #expect(h.events("style-data-loaded").isEmpty)
        #expect(h.state.counters.repliesRefused == 1)
        #expect(h.state.counters.lateRepliesDropped == 0)
    }

    @Test func aSprayOfGuessedIDsIsAllRefused() {
        let h = SessionHarness()
        _ = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let rogue = FakePlugin(harness: h, identity: Data("rogue".utf8))
        for id in UInt64(1)...199 { rogue.reply(.with { $0.id = id }, .resource(.init())) }
        #expect(h.state.counters.repliesRefused == 199)
        #expect(h.events("style-data-loaded").isEmpty)
        #expect(h.log.messages.filter { $0.contains("refused a plugin reply") }.count <= 8, "logged at powers of two")
    }

    // MARK: Finding 6: a plugin that heartbeats but never answers

    @Test func aPluginThatLetsThreeRequestsInARowTimeOutIsGoneAsUnresponsive() throws {
        let h = SessionHarness { $0.requestTimeoutMilliseconds = 300; $0.requestRetries = 2; $0.heartbeatIntervalMilliseconds = 60_000
            $0.unresponsiveGraceMilliseconds = 0 }
        let silent = h.plugin("silent", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        h.advance(100)
        h.advance(100)
        #expect(h.events("plugin-gone").isEmpty, "two timeouts are not enough")
        silent.heartbeat()
        h.advance(100)
        guard case .pluginGone(let gone)? = h.events("plugin-gone").first else { Issue.record("no plugin-gone"); return }
        #expect(gone.reason == .unresponsive && gone.pluginID == silent.welcome?.pluginID)
        #expect(h.state.counters.pluginsUnresponsive == 1)
        #expect(h.state.plugins.isEmpty)
    }

    @Test func anUnresponsivePluginsRequestsMoveToAnotherOfItsRole() throws {
        let h = SessionHarness { $0.requestTimeoutMilliseconds = 30_000; $0.requestRetries = 5; $0.unresponsiveAfterTimeouts = 2
            $0.heartbeatIntervalMilliseconds = 60_000; $0.unresponsiveGraceMilliseconds = 0 }
        let silent = h.plugin("silent", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let load = try #require(silent.loads.first)
        h.advance(5_000)
        let good = h.plugin("good", roles: ["loader"])
        // The retry went back to the silent loader (it was the only one), which lets it time out again.
        if good.loads.isEmpty { h.advance(5_000) }
        #expect(h.events("plugin-gone").count == 1)
        let moved = try #require(good.loads.first)
        #expect(moved.id == load.id)
        good.answerLoad(moved)
        #expect(h.state.sourceIds == ["v"])
    }

    /// A plugin whose runtime warms up (a JVM): its first answer takes 290 ms against a 50 ms deadline and
    /// the next two miss it too, all within its first seconds: slow once, not gone. The same misses after the
    /// grace period count.
    @Test func aPluginSlowJustAfterItsHelloIsNotThrownOut() throws {
        let h = SessionHarness { $0.heartbeatIntervalMilliseconds = 60_000; $0.requestTimeoutMilliseconds = 50; $0.requestRetries = 0 }
        let slow = h.plugin("warming", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        for _ in 0..<3 {
            let load = try #require(slow.loads.first)
            h.advance(290)
            slow.answerLoad(load)
            h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        }
        #expect(h.events("plugin-gone").isEmpty, "three timeouts in its first second do not count")
        h.advance(10_000)
        slow.heartbeat()
        for _ in 0..<3 {
            h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL + "?again" }))
            h.advance(60)
            slow.heartbeat()
        }
        guard case .pluginGone(let gone)? = h.events("plugin-gone").first else { Issue.record("no plugin-gone after the grace period"); return }
        #expect(gone.reason == .unresponsive)
    }

    @Test func anyAnswerEndsARunOfTimeouts() throws {
        let h = SessionHarness { $0.requestTimeoutMilliseconds = 300; $0.requestRetries = 2; $0.heartbeatIntervalMilliseconds = 60_000 }
        let slow = h.plugin("slow", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let load = try #require(slow.loads.first)
        h.advance(100)
        h.advance(100)
        slow.answerLoad(load)
        #expect(h.state.plugins.count == 1)
        #expect(h.events("plugin-gone").isEmpty)
    }

    // MARK: Finding 7: a renderer that reports every resource missing

    @Test func missingKeysAreResentTwiceThenTheFrameFailsWithARendererError() throws {
        let (h, _, renderer) = loadedWithRenderer()
        let frame = try #require(renderer.frames.first)
        let keys = frame.renderFrame.resources.map(\.key)
        for _ in 0..<10 {
            renderer.reply(frame, .renderResult(.with { $0.frameID = frame.id; $0.missingKeys = keys }))
        }
        #expect(renderer.requests.filter { $0.id == frame.id }.count == 3, "the first send and two resends")
        guard case .mapLoadingError(let error)? = h.events("map-loading-error").last else { Issue.record("no error"); return }
        #expect(error.type == .renderer && error.message.contains("still lacked"))
        #expect(h.events("render-frame-finished").last?.renderFinished?.renderMode == .partial)
        h.advance(1_000)
        #expect(renderer.requests.count == 3, "no new frame is drawn on its own")
        #expect(!h.topics.contains("map-idle"))
    }

    // MARK: Finding 3: a renderer that went away is not a rendered map

    @Test func aRendererThatCrashesMidFrameGivesAPartialFrameAndARendererError() throws {
        let (h, _, renderer) = loadedWithRenderer()
        _ = try #require(renderer.frames.first)
        h.step(.unreachable(renderer.identity))
        let finished = try #require(h.events("render-frame-finished").last?.renderFinished)
        #expect(finished.renderMode == .partial)
        guard case .mapLoadingError(let error)? = h.events("map-loading-error").last else { Issue.record("no error"); return }
        #expect(error.type == .renderer)
        #expect(error.message == "the renderer went away mid-frame (plugin-gone: disconnected)")
        h.command(.setCamera(.with { $0.zoom = 1.5 }))
        h.advance(2_000)
        #expect(!h.topics.contains("map-idle") && !h.topics.contains("map-loaded"))
        #expect(h.events("map-loading-error").count == 1, "one error per loss")
        #expect(h.events("render-frame-finished").compactMap(\.renderFinished).allSatisfy { $0.renderMode == .partial })
        // A renderer that comes back draws the map.
        let again = h.plugin("renderer", roles: ["renderer"])
        h.advance(until: { !again.frames.isEmpty })
        again.answerFrame(try #require(again.frames.first))
        #expect(h.topics.contains("map-idle"))
    }

    @Test func aRendererLostBetweenFramesMakesTheNextFramePartial() throws {
        let (h, _, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first))
        h.step(.unreachable(renderer.identity))
        h.command(.setCamera(.with { $0.zoom = 1.5 }))
        h.advance(100)
        #expect(h.events("render-frame-finished").last?.renderFinished?.renderMode == .partial)
        guard case .mapLoadingError(let error)? = h.events("map-loading-error").last else { Issue.record("no error"); return }
        #expect(error.message.contains("no renderer to draw the frame"))
    }

    @Test func aRendererThatTimesOutGivesARendererErrorAndIsAskedAgain() throws {
        let (h, _, renderer) = loadedWithRenderer { $0.renderTimeoutMilliseconds = 500 }
        _ = try #require(renderer.frames.first)
        h.advance(500)
        #expect(h.events("render-frame-finished").last?.renderFinished?.renderMode == .partial)
        guard case .mapLoadingError(let error)? = h.events("map-loading-error").last else { Issue.record("no error"); return }
        #expect(error.message == "no renderer answered within 500 ms")
        h.advance(until: { renderer.frames.count == 2 })
        #expect(renderer.frames.count == 2)
    }

    @Test func aFrameTheRendererCouldNotDrawIsPartialWithItsError() throws {
        let (h, _, renderer) = loadedWithRenderer()
        renderer.answerFrame(try #require(renderer.frames.first)) { $0.error = "cairo: out of memory" }
        #expect(h.events("render-frame-finished").last?.renderFinished?.renderMode == .partial)
        guard case .mapLoadingError(let error)? = h.events("map-loading-error").last else { Issue.record("no error"); return }
        #expect(error.type == .renderer && error.message == "the renderer could not draw the frame: cairo: out of memory")
        h.advance(1_000)
        #expect(!h.topics.contains("map-idle") && renderer.frames.isEmpty, "not drawn again on its own")
    }

    @Test func withoutARendererByChoiceFramesStillFinishFull() {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.setInlineStyle()
        loader.answerAllLoads()
        h.advance(until: { h.topics.contains("map-idle") })
        #expect(h.topics.contains("map-idle"))
        #expect(h.events("map-loading-error").isEmpty)
    }

    // MARK: Finding 4: bytes the renderer could not use

    @Test func unusableResourcesAreLoadingErrorsOfTheirKindOncePerKey() throws {
        let (h, _, renderer) = loadedWithRenderer()
        let frame = try #require(renderer.frames.first)
        let tile = try #require(frame.renderFrame.resources.first { $0.kind == .tile })
        let style = try #require(frame.renderFrame.resources.first { $0.kind == .style })
        renderer.answerFrame(frame) {
            $0.unusableResources = [.with { $0.key = tile.key; $0.message = "not a vector tile" },
                                    .with { $0.key = style.key; $0.message = "style?" },
                                    .with { $0.key = "nowhere"; $0.message = "?" }]
        }
        let errors = h.events("map-loading-error").compactMap { if case .mapLoadingError(let e) = $0 { e } else { nil } }
        #expect(errors.count == 1)
        #expect(errors.first?.type == .tile && errors.first?.sourceID == "v" && errors.first?.tileID == tile.tileID)
        #expect(h.topics.contains("map-idle"), "the frame is left alone: still full")
        h.command(.setCamera(.with { $0.zoom = 1.2 }))
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first)) {
            $0.unusableResources = [.with { $0.key = tile.key; $0.message = "not a vector tile" }]
        }
        #expect(h.events("map-loading-error").count == 1, "once per key per style")
    }
}
