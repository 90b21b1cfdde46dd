import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// The one request policy (PROTOCOL.md 7.4): attempts, per-plugin limits, re-routing, late and duplicate replies.
@Suite struct RequestPolicyTests {
    @Test func anAttemptWithoutAnAnswerIsSentAgainWithTheSameIDAndTheNextAttemptNumber() throws {
        let h = SessionHarness { $0.requestTimeoutMilliseconds = 300; $0.requestRetries = 2 }
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        h.advance(99)
        #expect(loader.requests.count == 1)
        h.advance(1)
        #expect(loader.requests.map(\.attempt) == [1, 2])
        #expect(Set(loader.requests.map(\.id)).count == 1)
        #expect(h.state.counters.requestsRetried == 1)
    }

    /// A resource reply in plain fields (`IncomingControl.resourceReply`, as the shell reads it straight from the
    /// socket's buffer) is taken exactly as the same reply arriving encoded, refusals and late replies included.
    @Test func aReplyReadByTheShellIsTakenAsTheSameReplyEncoded() throws {
        func run(decodedByShell: Bool) throws -> (events: [String], late: UInt64, refused: UInt64) {
            let h = SessionHarness { $0.requestTimeoutMilliseconds = 300 }
            let loader = h.plugin("loader", roles: ["loader"])
            let stranger = Data("stranger".utf8)
            h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
            let request = try #require(loader.loads.first)
            let reply = Mapwire_V1_PluginReply.with {
                $0.id = request.id
                $0.resource = .with { $0.dataSource = .network; $0.data = Fixture.data(for: request.loadResource.request.url) }
            }
            for from in [stranger, loader.identity, loader.identity] {
                if decodedByShell {
                    let bytes = ControlCodec.encode(.with { $0.reply = reply })
                    let read = try #require(ResourceReply(reply))
                    h.step(.control(from: from, .resourceReply(read), bytes: bytes.count))
                } else {
                    h.deliver(.with { $0.reply = reply }, from: from)
                }
            }
            return (h.topics, h.state.counters.lateRepliesDropped, h.state.counters.repliesRefused)
        }
        let shell = try run(decodedByShell: true)
        let encoded = try run(decodedByShell: false)
        #expect(shell.events == encoded.events)
        #expect(shell.events.contains("style-data-loaded"))
        #expect(shell.late == 1 && encoded.late == 1)
        #expect(shell.refused == 1 && encoded.refused == 1)
    }

    @Test func aRetryGoesToTheNextLoaderOfTheRole() throws {
        let h = SessionHarness { $0.requestTimeoutMilliseconds = 300 }
        let a = h.plugin("a", roles: ["loader"])
        let b = h.plugin("b", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let first = a.requests.count == 1 ? a : b
        let other = first === a ? b : a
        h.advance(100)
        let retry = try #require(other.loads.first)
        #expect(retry.attempt == 2)
        // Whichever attempt answers first is used; the other's answer is late.
        other.answerLoad(retry)
        first.answerLoad(try #require(first.loads.first))
        #expect(h.events("style-data-loaded").count >= 1)
        #expect(h.state.counters.lateRepliesDropped == 1)
    }

    @Test func afterTheLastAttemptOnlyTheOverallDeadlineIsLeft() {
        let h = SessionHarness { $0.requestTimeoutMilliseconds = 300; $0.requestRetries = 1 }
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        h.advance(150)
        #expect(loader.requests.count == 2)
        h.advance(149)
        #expect(loader.requests.count == 2)
        #expect(h.events("map-loading-error").isEmpty)
        h.advance(1)
        #expect(h.events("map-loading-error").count == 1)
    }

    @Test func aPluginHoldsAtMostItsLimitAndEachAnswerMakesRoom() throws {
        let h = SessionHarness { $0.maxInFlightPerPlugin = 2 }
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        loader.answerLoad(try #require(loader.loads.first))
        // The style's one source has several tiles at zoom 1: only two go out at a time.
        #expect(loader.loads.count == 2)
        #expect(h.state.pendingRequests > 2)
        #expect(h.state.plugins.first?.inFlight == 2)
        loader.answerLoad(loader.loads[0])
        #expect(loader.loads.count == 2)
    }

    @Test func aGoneLoadersRequestsMoveToAnotherWithoutUsingAnAttempt() throws {
        let h = SessionHarness()
        let a = h.plugin("a", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let load = try #require(a.loads.first)
        let b = h.plugin("b", roles: ["loader"])
        a.goodbye()
        let moved = try #require(b.loads.first)
        #expect(moved.id == load.id)
        #expect(h.state.counters.requestsRedispatched == 1)
        #expect(h.state.counters.requestsRetried == 0)
        #expect(h.events("plugin-gone").isEmpty, "a goodbye is no news")
    }

    @Test func aRequestWhoseLoaderLeftWaitsForTheNextLoader() throws {
        let h = SessionHarness()
        let a = h.plugin("a", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        a.goodbye()
        h.advance(1_000)
        let b = h.plugin("b", roles: ["loader"])
        #expect(b.loads.first?.loadResource.request.url == Fixture.styleURL)
    }

    @Test func aDuplicateReplyIsDroppedAndCounted() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let load = try #require(loader.loads.first)
        loader.answerLoad(load)
        let styleEvents = h.events("style-data-loaded").count
        loader.answerLoad(load)
        #expect(h.events("style-data-loaded").count == styleEvents)
        #expect(h.state.counters.lateRepliesDropped == 1)
    }

    @Test func aReplyToAnUnknownIDIsDroppedAndCounted() {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        loader.reply(.with { $0.id = 999_999 }, .error(.with { $0.message = "?" }))
        #expect(h.state.counters.lateRepliesDropped == 1)
        #expect(h.session.rejectedMessages == 0)
    }

    @Test func theNextDeadlineIsTheEarliestAttemptDeadline() {
        let h = SessionHarness { $0.requestTimeoutMilliseconds = 3_000; $0.heartbeatIntervalMilliseconds = 60_000 }
        _ = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        #expect(h.session.nextDeadlineMillis == h.clock + 1_000)
    }

    @Test func everySendCountsInRequestsSent() throws {
        let h = SessionHarness { $0.requestTimeoutMilliseconds = 300 }
        _ = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        h.advance(100)
        #expect(h.state.counters.requestsSent == 2)
    }
}
