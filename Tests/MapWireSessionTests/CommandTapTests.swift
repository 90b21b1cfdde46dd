import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// The command tap (`mapwire record --commands`): commands and replies are published on "command" and
/// "command-reply" only while someone holds a subscription to exactly "command".
@Suite struct CommandTapTests {
    @Test func nothingIsPublishedWithoutASubscriptionToCommand() {
        let h = SessionHarness()
        h.step(.subscription(Data([1])))
        h.command(.setCamera(.with { $0.zoom = 3 }))
        #expect(!h.topics.contains("command") && !h.topics.contains("command-reply"))
    }

    @Test func commandsAndRepliesArePublishedWhileTapped() throws {
        let h = SessionHarness()
        h.step(.subscription(Data([1]) + Data("command".utf8)))
        let before = h.published.count
        let reply = try #require(h.command(.setCamera(.with { $0.zoom = 3 })))
        let published = Array(h.published[before...])
        // The command first (before the events it causes), its reply last; neither takes a sequence number.
        #expect(published.first?.payload.topic == "command")
        #expect(published.last?.payload.topic == "command-reply")
        #expect(published.contains { $0.payload.topic == "camera-changed" })
        let lastEvent = try #require(published.dropLast().last?.sequence)
        #expect(published.last?.sequence == lastEvent)
        guard case .command(let c) = published.first?.payload, case .commandReply(let r) = published.last?.payload else {
            Issue.record("no tap payloads"); return
        }
        #expect(try Mapwire_V1_ControlMessage(serializedBytes: c.controlMessage).command.setCamera.zoom == 3)
        #expect(try Mapwire_V1_ControlMessage(serializedBytes: r.controlMessage).commandReply == reply)
        #expect(published.first?.causationID == reply.id && published.last?.causationID == reply.id)
    }

    @Test func theTapStopsWhenItsLastSubscriptionGoes() {
        let h = SessionHarness()
        h.step(.subscription(Data([1]) + Data("command".utf8)))
        h.step(.subscription(Data([0]) + Data("command".utf8)))
        h.command(.setCamera(.with { $0.zoom = 3 }))
        #expect(!h.topics.contains("command"))
    }

    @Test func aPrefixOfCommandOrALongerOneDoesNotTurnItOn() {
        let h = SessionHarness()
        h.step(.subscription(Data([1]) + Data("comm".utf8)))
        h.step(.subscription(Data([1]) + Data("command-reply".utf8)))
        h.command(.setCamera(.with { $0.zoom = 3 }))
        #expect(!h.topics.contains("command") && !h.topics.contains("command-reply"))
    }
}
