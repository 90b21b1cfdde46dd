import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Envelope.causation_id and CommandReply.error_code (PROTOCOL.md 4 and 7.3).
@Suite struct CausationAndErrorCodeTests {
    func causations(_ h: SessionHarness, _ topic: String) -> [UInt64] {
        h.published.filter { $0.payload.topic == topic }.map(\.causationID)
    }

    @Test func aStylesWholeLoadingSequenceCarriesItsCommandsID() {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let styleCommand = h.lastCommandID
        loader.answerAllLoads()
        h.advance(until: { h.topics.contains("map-idle") })
        #expect(causations(h, "map-will-start-loading") == [styleCommand])
        #expect(causations(h, "style-loaded") == [styleCommand])
        #expect(causations(h, "map-loaded") == [styleCommand])
        #expect(causations(h, "map-idle") == [styleCommand])
        #expect(Set(causations(h, "resource-request")) == [styleCommand])
    }

    @Test func afterMapIdleEventsCarryTheirOwnCommandOrNone() {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        loader.answerAllLoads()
        h.advance(until: { h.topics.contains("map-idle") })
        let mark = h.published.count
        h.command(.setCamera(.with { $0.zoom = 1.5 }))
        let cameraCommand = h.lastCommandID
        let camera = h.published[mark...].filter { $0.payload.topic.hasPrefix("camera-") }
        #expect(!camera.isEmpty && camera.allSatisfy { $0.causationID == cameraCommand })
        h.advance(until: { h.published[mark...].contains { $0.payload.topic == "render-frame-finished" } })
        #expect(h.published[mark...].filter { $0.payload.topic == "render-frame-started" }.allSatisfy { $0.causationID == 0 })
    }

    @Test func anAnimationsStepsCarryTheCommandThatStartedIt() {
        let h = SessionHarness()
        h.command(.easeTo(.with { $0.zoom = 3; $0.durationMs = 100 }))
        let ease = h.lastCommandID
        h.advance(until: { !h.events("camera-did-change").isEmpty })
        #expect(Set(causations(h, "camera-is-changing")) == [ease])
        #expect(causations(h, "camera-did-change") == [ease])
        h.step(.subscription(Data([1])))
        h.advance(1_000)
        #expect(h.published.last?.causationID == 0, "the welcome answers no command")
    }

    @Test func aGestureEventAnsweredLaterCarriesTheGesturesID() throws {
        let h = SessionHarness()
        let delegate = h.plugin("delegate", roles: ["gesture-delegate"])
        h.command(GestureTests.pan)
        let gesture = h.lastCommandID
        delegate.reply(try #require(delegate.unanswered.first), .gestureAnswer(.with { $0.answer = .handled }))
        #expect(causations(h, "gesture") == [gesture])
    }

    @Test func eventsNoCommandCausedCarryZero() {
        let h = SessionHarness { $0.heartbeatIntervalMilliseconds = 100 }
        _ = h.plugin("silent", roles: ["loader"])
        h.advance(until: { !h.events("plugin-gone").isEmpty })
        #expect(causations(h, "plugin-gone") == [0])
    }

    @Test func refusalsSayWhatKindTheyAre() throws {
        let h = SessionHarness()
        let client = h.client()
        h.deliver(.with { $0.command = .with { $0.id = 77 } }, from: client)
        #expect(h.reply(to: 77, for: client)?.errorCode == .unknownCommand)
        #expect(h.command(.setCamera(.with { $0.zoom = .infinity }))?.errorCode == .invalidArgument)
        #expect(h.command(.addSource(.with { $0.id = "x"; $0.json = "{}" }))?.errorCode == .refusedInState)
        #expect(h.command(.snapshot(.init()))?.errorCode == .refusedInState)
        #expect(h.command(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 1 }))?.errorCode == .refusedInState)
        h.setInlineStyle()
        #expect(h.command(.removeSource(.with { $0.id = "nope" }))?.errorCode == .notFound)
        #expect(h.command(.removeLayer(.with { $0.id = "nope" }))?.errorCode == .notFound)
        #expect(h.command(.removeStyleImage(.with { $0.id = "nope" }))?.errorCode == .notFound)
        #expect(h.command(.removeSource(.with { $0.id = "v" }))?.errorCode == .refusedInState, "a layer uses it")
        let ok = try #require(h.command(.ping(.init())))
        #expect(ok.ok && ok.errorCode == .unspecified)
    }

    @Test func aStylesDefaultCameraCarriesItsCommand() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let style = h.lastCommandID
        let mark = h.published.count
        loader.answerAllLoads()
        let camera = h.published[mark...].filter { $0.payload.topic == "camera-changed" }
        #expect(!camera.isEmpty && camera.allSatisfy { $0.causationID == style }, "\(camera.map(\.causationID))")
    }

    @Test func aStyleReplacedWhileLoadingEndsUnderItsOwnCommand() throws {
        let h = SessionHarness()
        _ = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let first = h.lastCommandID
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL + "?newer" }))
        let second = h.lastCommandID
        let topics = h.published.map { ($0.payload.topic, $0.causationID) }
        let ending = try #require(topics.firstIndex { $0 == ("map-did-fail-loading", first) })
        let next = try #require(topics.lastIndex { $0 == ("map-will-start-loading", second) })
        #expect(ending < next)
        guard case .mapDidFailLoading(let event) = h.published[ending].payload else { Issue.record("not map-did-fail-loading"); return }
        #expect(event.error.contains("replaced"))
    }
}
