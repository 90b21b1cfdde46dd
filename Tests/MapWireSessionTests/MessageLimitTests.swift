import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Issue 14, finding 4 (the transport case): messages over the core's size limits are counted in
/// get-state, answered with CODE_TOO_LARGE naming the limit, and never decoded.
@Suite struct MessageLimitTests {
    /// The first 32 bytes of an encoded message, as the shell hands over a message over the limit.
    func head(_ message: Mapwire_V1_ControlMessage) -> ControlMessageHead { ControlMessageHead(ControlCodec.encode(message).prefix(32)) }

    @Test func aCommandOverTheLimitIsCountedAndAnsweredWithItsID() throws {
        let h = SessionHarness()
        let client = h.client()
        let big = Mapwire_V1_ControlMessage.with {
            $0.command = .with { $0.id = 77; $0.setStyleJson = .with { $0.json = String(repeating: " ", count: 100_000) } }
        }
        h.step(.tooLarge(from: client, bytes: 100_012, limit: 65_536, head: head(big)))
        let error = try #require(h.messages(to: client).compactMap { if case .error(let e) = $0.body { e } else { nil } }.first)
        #expect(error.code == .tooLarge)
        #expect(error.inReplyTo == 77)
        #expect(error.message.contains("100012 bytes") && error.message.contains("65536"))
        #expect(h.state.counters.messagesTooLarge == 1)
        #expect(h.state.counters.malformedRejected == 0, "too large is its own counter")
        #expect(h.command(.ping(.init()), from: client)?.ok == true, "the sender is still served")
    }

    @Test func aFloodIsCountedInFullAndLoggedAtPowersOfTwo() {
        let h = SessionHarness()
        let client = h.client()
        for _ in 0..<100 { h.step(.tooLarge(from: client, bytes: 70_000, limit: 65_536, head: ControlMessageHead(Data([0xff, 0xff])))) }
        #expect(h.state.counters.messagesTooLarge == 100)
        #expect(h.log.messages.filter { $0.contains("too large so far") }.count == 7)
    }

    @Test func aPluginReplyOverTheLimitFailsItsRequestAtOnce() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let load = try #require(loader.loads.first)
        let reply = Mapwire_V1_ControlMessage.with {
            $0.reply = .with { $0.id = load.id; $0.resource = .with { $0.data = Data(count: 100_000) } }
        }
        h.step(.tooLarge(from: loader.identity, bytes: 100_020, limit: 65_536, head: head(reply)))
        let errors = h.events("map-loading-error").compactMap { if case .mapLoadingError(let e) = $0 { e } else { nil } }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("over the core's limit of 65536 bytes") == true)
        #expect(h.state.pendingRequests == 0, "nothing waits for a reply that will never come")
        #expect(h.state.counters.messagesTooLarge == 1)
    }

    @Test func aLargeReplyFromAPeerTheRequestWasNotSentToLeavesTheRequestAlone() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let load = try #require(loader.loads.first)
        let reply = Mapwire_V1_ControlMessage.with { $0.reply = .with { $0.id = load.id; $0.resource = .init() } }
        h.step(.tooLarge(from: Data("rogue".utf8), bytes: 100_000, limit: 65_536, head: head(reply)))
        #expect(h.state.pendingRequests == 1)
        loader.answerLoad(load)
        #expect(h.state.sourceIds == ["v"])
    }

    @Test func aSubscriptionOverTheEventsLimitIsCountedAndNotWelcomed() {
        let h = SessionHarness()
        let long = Data([1]) + Data(repeating: 0x61, count: CoreSession.largestSubscriptionBytes + 1)
        h.step(.subscription(long))
        #expect(h.events("welcome").isEmpty)
        // Its unsubscription (the subscriber left) is not counted again.
        h.step(.subscription(Data([0]) + long.dropFirst()))
        #expect(h.state.counters.messagesTooLarge == 1)
        #expect(h.state.counters.malformedSubscriptions == 0)
        h.step(.subscription(Data([1]) + Data("welcome".utf8)))
        #expect(h.events("welcome").count == 1)
        #expect(h.state.subscribers == 1)
    }

    @Test func theHeadOfAMessageNamesItsBodyAndID() {
        let command = ControlCodec.encode(.with { $0.command = .with { $0.id = 300; $0.ping = .init() } })
        #expect(ControlMessageHead(command) == ControlMessageHead(body: .command, id: 300))
        let reply = ControlCodec.encode(.with { $0.reply = .with { $0.id = .max; $0.resource = .init() } })
        #expect(ControlMessageHead(reply) == ControlMessageHead(body: .reply, id: .max))
        let hello = ControlCodec.encode(.with { $0.hello = .with { $0.name = "x" } })
        #expect(ControlMessageHead(hello).id == 0)
        for garbage in [Data(), Data([0x1a]), Data([0x1a, 0x80]), Data([0x1a, 0x05, 0x08]), Data(repeating: 0xff, count: 32)] {
            #expect(ControlMessageHead(garbage).id == 0)
        }
    }
}
