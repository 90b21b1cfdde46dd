import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Commands, subscriptions, style images and the bench hooks.
@Suite struct CommandTests {
    @Test func pingCountsSubscribersFromSubscriptionInputs() throws {
        let h = SessionHarness()
        h.step(.subscription(Data([1])))
        h.step(.subscription(Data([1]) + Data("welcome".utf8)))
        h.step(.subscription(Data([1]) + Data("camera".utf8)))
        #expect(h.command(.ping(.init()))?.pong.subscribers == 2)
        h.step(.subscription(Data([0])))
        #expect(h.command(.ping(.init()))?.pong.subscribers == 1)
    }

    @Test func everySubscriptionIsWelcomedUnderTheCurrentSequence() {
        let h = SessionHarness()
        h.command(.setCamera(.with { $0.zoom = 3 }))
        let last = h.published.last?.sequence
        h.step(.subscription(Data([1]) + Data("camera".utf8)))
        guard case .welcome(let w) = h.published.last?.payload else { Issue.record("no welcome"); return }
        #expect(w.topicPrefix == "camera")
        #expect(h.published.last?.sequence == last)
    }

    @Test func whatIsNotASubscriptionIsCounted() {
        let h = SessionHarness()
        h.step(.subscription(Data([7, 1, 2])))
        h.step(.subscription(Data()))
        #expect(h.state.counters.malformedSubscriptions == 2)
    }

    @Test func setCameraPublishesAnImmediateChangeAndGetCameraReadsIt() throws {
        let h = SessionHarness()
        let reply = try #require(h.command(.setCamera(.with { $0.zoom = 4; $0.center = .with { $0.longitude = 10; $0.latitude = 20 } })))
        #expect(reply.ok)
        #expect(h.topics == ["camera-will-change", "camera-changed", "camera-did-change"])
        #expect(h.camera.zoom == 4 && h.camera.center.longitude == 10)
    }

    @Test func anInvalidCommandIsRefusedWithItsReason() throws {
        let h = SessionHarness()
        let reply = try #require(h.command(.setCamera(.with { $0.zoom = .nan })))
        #expect(!reply.ok && reply.error.contains("finite"))
        #expect(h.topics.isEmpty)
    }

    @Test func aCommandOfANewerProtocolIsRefused() throws {
        let h = SessionHarness()
        let client = h.client()
        h.deliver(.with { $0.command = .with { $0.id = 7 } }, from: client)
        let reply = try #require(h.reply(to: 7, for: client))
        #expect(!reply.ok && reply.error.contains("unknown command"))
    }

    @Test func anEaseMovesTheCameraOnlyAsTheHandClockAdvances() throws {
        let h = SessionHarness()
        h.command(.easeTo(.with { $0.zoom = 5; $0.durationMs = 160 }))
        #expect(h.camera.zoom == 0)
        h.advance(80)
        let halfway = h.camera.zoom
        #expect(halfway > 0 && halfway < 5)
        h.advance(until: { !h.events("camera-did-change").isEmpty })
        guard case .cameraDidChange(let e) = h.events("camera-did-change").last else { Issue.record("no did-change"); return }
        #expect(e.animated)
        #expect(h.camera.zoom == 5)
    }

    @Test func getStateListsPluginsAndPendingRequests() {
        let h = SessionHarness()
        _ = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let state = h.state
        #expect(state.plugins.map(\.pluginID) == ["loader-1"])
        #expect(state.plugins.first?.inFlight == 1)
        #expect(state.pendingRequests == 1)
        #expect(state.styleUri == Fixture.styleURL)
        #expect(state.loadPhase == "loading-style")
        #expect(state.lastSequence == h.published.last?.sequence)
    }

    /// A style image "pin" that one full frame drew and the next did not, with a remover registered:
    /// returns the remover and the question it got.
    func unusedImageQuestion(_ h: SessionHarness) throws -> (FakePlugin, Mapwire_V1_PluginRequest) {
        let loader = h.plugin("loader", roles: ["loader"])
        let renderer = h.plugin("renderer", roles: ["renderer"])
        let remover = h.plugin("remover", roles: ["style-image-remover"])
        h.setInlineStyle()
        loader.answerAllLoads()
        #expect(h.command(.addStyleImage(.with { $0.id = "pin"; $0.png = Fixture.png }))?.ok == true)
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first)) { $0.usedImages = ["pin"] }
        h.command(.setCamera(.with { $0.zoom = 1.1 }))
        h.advance(until: { !renderer.frames.isEmpty })
        renderer.answerFrame(try #require(renderer.frames.first))
        #expect(h.topics.contains("style-image-remove-unused"))
        return (remover, try #require(remover.unanswered.first))
    }

    @Test func anUnusedImageIsPutToTheRemoverAndGoesWhenItSaysSo() throws {
        let h = SessionHarness()
        let (remover, question) = try unusedImageQuestion(h)
        #expect(question.shouldRemoveStyleImage.id == "pin")
        remover.reply(question, .styleImageDecision(.with { $0.keep = false }))
        #expect(h.command(.removeStyleImage(.with { $0.id = "pin" }))?.ok == false, "already removed")
    }

    @Test func anUnansweredImageQuestionKeepsTheImageAfter50ms() throws {
        let h = SessionHarness()
        let (remover, question) = try unusedImageQuestion(h)
        h.advance(50)
        remover.reply(question, .styleImageDecision(.with { $0.keep = false }))
        #expect(h.state.counters.lateRepliesDropped == 1)
        #expect(h.command(.removeStyleImage(.with { $0.id = "pin" }))?.ok == true, "still there")
    }

    @Test func theBenchCommandsAreRefusedUnlessEnabled() throws {
        let h = SessionHarness()
        _ = h.plugin("loader", roles: ["loader"])
        let publish = try #require(h.command(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 1 })))
        #expect(!publish.ok && publish.error.contains("--enable-bench"))
        let requests = try #require(h.command(.benchRequests(.with { $0.url = "file:///x"; $0.count = 1; $0.window = 1 })))
        #expect(!requests.ok && requests.error.contains("--enable-bench"))
        #expect(h.benchJobs.isEmpty && h.published.isEmpty)
    }

    @Test func benchPublishHandsTheShellNumberedEventsAndMovesTheSequenceOn() throws {
        let h = SessionHarness { $0.benchEnabled = true }
        let client = h.client()
        #expect(h.command(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 100 }), from: client) == nil)
        let job = try #require(h.benchJobs.first)
        #expect(job.count == 100 && job.firstSequence == 1 && job.client == client)
        h.command(.setCamera(.with { $0.zoom = 2 }))
        #expect(h.published.first?.sequence == 101)
    }

    @Test func benchRequestsAreTimedWithTheHandClock() throws {
        let h = SessionHarness { $0.benchEnabled = true }
        let loader = h.plugin("loader", roles: ["loader"])
        let client = h.client()
        h.command(.benchRequests(.with { $0.url = "file:///x"; $0.count = 2; $0.window = 1 }), from: client)
        h.advance(3)
        loader.answerLoad(try #require(loader.loads.first))
        h.advance(5)
        loader.answerLoad(try #require(loader.loads.first))
        guard case .commandReply(let r) = h.sent.last(where: { $0.to == client })?.message.body else { Issue.record("no reply"); return }
        #expect(r.ok)
        #expect(r.benchRequests.roundTripNanos == [3_000_000, 5_000_000])
        #expect(r.benchRequests.failures == 0)
    }

    @Test func benchRequestsAskForUrlThenUrlsRoundRobin() throws {
        let h = SessionHarness { $0.benchEnabled = true }
        let loader = h.plugin("loader", roles: ["loader"])
        let client = h.client()
        h.command(.benchRequests(.with { $0.url = "file:///a"; $0.urls = ["file:///b", "file:///c"]; $0.count = 7; $0.window = 2 }), from: client)
        loader.answerAllLoads()
        let asked = loader.requests.compactMap { if case .loadResource(let l) = $0.kind { l.request.url } else { nil } }
        #expect(asked == ["file:///a", "file:///b", "file:///c", "file:///a", "file:///b", "file:///c", "file:///a"])
        guard case .commandReply(let r) = h.sent.last(where: { $0.to == client })?.message.body else { Issue.record("no reply"); return }
        #expect(r.ok && r.benchRequests.roundTripNanos.count == 7 && r.benchRequests.failures == 0)
        // Without `url`, `urls` alone.
        h.command(.benchRequests(.with { $0.urls = ["file:///d", "file:///e"]; $0.count = 3; $0.window = 3 }), from: client)
        #expect(loader.loads.map(\.loadResource.request.url) == ["file:///d", "file:///e", "file:///d"])
        loader.answerAllLoads()
    }

    @Test func benchRequestsRefuseAnEmptyUrlAmongUrls() throws {
        let h = SessionHarness { $0.benchEnabled = true }
        _ = h.plugin("loader", roles: ["loader"])
        let empty = try #require(h.command(.benchRequests(.with { $0.urls = ["file:///a", ""]; $0.count = 1; $0.window = 1 })))
        #expect(!empty.ok && empty.error.contains("none of them empty"), "\(empty.error)")
        let none = try #require(h.command(.benchRequests(.with { $0.count = 1; $0.window = 1 })))
        #expect(!none.ok && none.error.contains("needs a url"), "\(none.error)")
        let many = try #require(h.command(.benchRequests(.with { $0.urls = Array(repeating: "file:///a", count: 100_001); $0.count = 1; $0.window = 1 })))
        #expect(!many.ok && many.error.contains("100,000"), "\(many.error)")
    }

    @Test func aClockGoingBackwardsDoesNotBreakABenchRun() throws {
        let h = SessionHarness { $0.benchEnabled = true }
        let loader = h.plugin("loader", roles: ["loader"])
        let client = h.client()
        h.command(.benchRequests(.with { $0.url = "file:///x"; $0.count = 1; $0.window = 1 }), from: client)
        h.rewind(500)
        loader.answerLoad(try #require(loader.loads.first))
        guard case .commandReply(let r) = h.sent.last(where: { $0.to == client })?.message.body else { Issue.record("no reply"); return }
        #expect(r.ok && r.benchRequests.roundTripNanos == [0])
    }
}
