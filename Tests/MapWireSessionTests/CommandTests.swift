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
}
