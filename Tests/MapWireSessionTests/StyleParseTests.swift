import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// A large set-style-json is parsed off the loop (issue 14, finding 11): the session hands the JSON out,
/// keeps answering, and goes on when the result comes back as an input.
@Suite struct StyleParseTests {
    /// Every set-style-json goes off the loop.
    func harness() -> SessionHarness { SessionHarness { $0.styleParseOffLoopBytes = 0 } }

    @Test func theParseIsHandedOutAndTheCommandAnsweredWhenItComesBack() throws {
        let h = harness()
        #expect(h.command(.setStyleJson(.with { $0.json = Fixture.style })) == nil, "answered when parsed")
        let styleCommand = h.lastCommandID
        let job = try #require(h.styleParseJobs.last)
        #expect(job.json == Fixture.style)
        #expect(h.topics == ["map-will-start-loading"])
        // Meanwhile the core answers other commands.
        #expect(h.command(.ping(.init()))?.ok == true)
        #expect(h.state.loadPhase == "loading-style")
        h.step(job.run())
        let reply = try #require(h.reply(to: styleCommand, for: Data("commander".utf8)))
        #expect(reply.ok)
        #expect(h.topics.contains("style-loaded"))
        #expect(h.published.filter { $0.payload.topic == "style-loaded" }.allSatisfy { $0.causationID == styleCommand })
        h.advance(until: { h.topics.contains("map-idle") })
        #expect(h.published.last { $0.payload.topic == "map-idle" }?.causationID == styleCommand)
    }

    @Test func aStyleThatDoesNotParseIsRefusedWhenTheParseComesBack() throws {
        let h = harness()
        h.command(.setStyleJson(.with { $0.json = #"{"version": 8, "sources": {"# }))
        let styleCommand = h.lastCommandID
        h.step(try #require(h.styleParseJobs.last).run())
        let reply = try #require(h.reply(to: styleCommand, for: Data("commander".utf8)))
        #expect(!reply.ok)
        #expect(reply.error.contains("not valid JSON"))
        #expect(h.topics.contains("map-loading-error"))
        #expect(h.topics.contains("map-did-fail-loading"))
    }

    @Test func aNewerStyleSupersedesAParseInFlight() throws {
        let h = harness()
        h.command(.setStyleJson(.with { $0.json = Fixture.style }))
        let first = h.lastCommandID
        let firstJob = try #require(h.styleParseJobs.last)
        h.command(.setStyleJson(.with { $0.json = Fixture.style }))
        let second = h.lastCommandID
        let secondJob = try #require(h.styleParseJobs.last)
        #expect(secondJob.id != firstJob.id)
        let refused = try #require(h.reply(to: first, for: Data("commander".utf8)))
        #expect(!refused.ok && refused.errorCode == .refusedInState)
        #expect(refused.error.contains("newer style"))
        // The superseded result is dropped; the newer one loads.
        h.step(firstJob.run())
        #expect(!h.topics.contains("style-loaded"))
        h.step(secondJob.run())
        #expect(h.reply(to: second, for: Data("commander".utf8))?.ok == true)
        #expect(h.topics.filter { $0 == "style-loaded" }.count == 1)
    }

    @Test func setStyleURIAlsoSupersedesAParse() throws {
        let h = harness()
        h.command(.setStyleJson(.with { $0.json = Fixture.style }))
        let first = h.lastCommandID
        let job = try #require(h.styleParseJobs.last)
        #expect(h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))?.ok == true)
        #expect(h.reply(to: first, for: Data("commander".utf8))?.ok == false)
        h.step(job.run())
        #expect(!h.topics.contains("style-loaded"), "the dropped parse loads nothing; the URI's style is still loading")
    }

    @Test func aSmallStyleIsStillParsedInTheStep() {
        let h = SessionHarness()
        #expect(h.command(.setStyleJson(.with { $0.json = Fixture.style }))?.ok == true)
        #expect(h.styleParseJobs.isEmpty)
        #expect(h.topics.contains("style-loaded"))
    }
}
