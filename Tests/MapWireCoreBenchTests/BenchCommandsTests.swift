import Foundation
import MapWireCoreBench
import MapWireProtocol
import MapWireSession
import MapWireTesting
import Testing

@Suite struct BenchCommandsTests {
    @Test func theProductCoreRefusesTheBenchCommands() throws {
        let h = SessionHarness()
        _ = h.plugin("loader", roles: ["loader"])
        let publish = try #require(h.command(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 1 })))
        #expect(!publish.ok && publish.error.contains("mapwire-core-bench") && publish.errorCode == .refusedInState)
        let requests = try #require(h.command(.benchRequests(.with { $0.url = "file:///x"; $0.count = 1; $0.window = 1 })))
        #expect(!requests.ok && requests.error.contains("mapwire-core-bench"))
        #expect(h.published.isEmpty && h.finishedRequests.isEmpty)
    }

    @Test func benchPublishNumbersItsEventsAndMovesTheSessionsSequenceOn() throws {
        let shell = BenchShell()
        let client = shell.harness.client()
        let reply = try #require(shell.command(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 100 }), from: client))
        #expect(reply.ok && reply.benchPublish.firstSequence == 1 && reply.benchPublish.lastSequence == 100)
        #expect(shell.published.map(\.sequence) == Array(1...100))
        #expect(shell.published.allSatisfy { $0.benchmark && $0.payload == .cameraChanged })
        shell.harness.command(.setCamera(.with { $0.zoom = 2 }))
        #expect(shell.harness.published.first?.sequence == 101)
    }

    @Test func benchPublishRefusesABadCount() throws {
        let shell = BenchShell()
        let client = shell.harness.client()
        let reply = try #require(shell.command(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 0 }), from: client))
        #expect(!reply.ok && reply.errorCode == .invalidArgument && shell.published.isEmpty)
    }

    @Test func benchRequestsAreTimedWithTheSessionsClock() throws {
        let shell = BenchShell()
        let loader = shell.harness.plugin("loader", roles: ["loader"])
        let client = shell.harness.client()
        shell.command(.benchRequests(.with { $0.url = "file:///x"; $0.count = 2; $0.window = 1 }), from: client)
        shell.harness.advance(3)
        loader.answerLoad(try #require(loader.loads.first))
        shell.harness.advance(5)
        loader.answerLoad(try #require(loader.loads.first))
        let r = try #require(shell.lastReply(for: client))
        #expect(r.ok)
        #expect(r.benchRequests.roundTripNanos == [3_000_000, 5_000_000])
        #expect(r.benchRequests.failures == 0)
        #expect(r.benchRequests.elapsedNanos == 8_000_000)
    }

    @Test func benchRequestsAskForUrlThenUrlsRoundRobin() throws {
        let shell = BenchShell()
        let loader = shell.harness.plugin("loader", roles: ["loader"])
        let client = shell.harness.client()
        shell.command(.benchRequests(.with { $0.url = "file:///a"; $0.urls = ["file:///b", "file:///c"]; $0.count = 7; $0.window = 2 }), from: client)
        loader.answerAllLoads()
        let asked = loader.requests.compactMap { if case .loadResource(let l) = $0.kind { l.request.url } else { nil } }
        #expect(asked == ["file:///a", "file:///b", "file:///c", "file:///a", "file:///b", "file:///c", "file:///a"])
        let r = try #require(shell.lastReply(for: client))
        #expect(r.ok && r.benchRequests.roundTripNanos.count == 7 && r.benchRequests.failures == 0)
        // Without `url`, `urls` alone.
        shell.command(.benchRequests(.with { $0.urls = ["file:///d", "file:///e"]; $0.count = 3; $0.window = 3 }), from: client)
        #expect(loader.loads.map(\.loadResource.request.url) == ["file:///d", "file:///e", "file:///d"])
        loader.answerAllLoads()
    }

    @Test func benchRequestsRefuseBadArguments() throws {
        let shell = BenchShell()
        _ = shell.harness.plugin("loader", roles: ["loader"])
        let client = shell.harness.client()
        let empty = try #require(shell.command(.benchRequests(.with { $0.urls = ["file:///a", ""]; $0.count = 1; $0.window = 1 }), from: client))
        #expect(!empty.ok && empty.error.contains("none of them empty"), "\(empty.error)")
        let none = try #require(shell.command(.benchRequests(.with { $0.count = 1; $0.window = 1 }), from: client))
        #expect(!none.ok && none.error.contains("needs a url"), "\(none.error)")
        let many = try #require(shell.command(.benchRequests(.with { $0.urls = Array(repeating: "file:///a", count: 100_001); $0.count = 1; $0.window = 1 }), from: client))
        #expect(!many.ok && many.error.contains("100,000"), "\(many.error)")
    }

    @Test func benchRequestsNeedALoader() throws {
        let shell = BenchShell()
        let client = shell.harness.client()
        let reply = try #require(shell.command(.benchRequests(.with { $0.url = "file:///x"; $0.count = 1; $0.window = 1 }), from: client))
        #expect(!reply.ok && reply.errorCode == .refusedInState && reply.error.contains("no loader"))
    }

    @Test func aSecondBenchRunIsBusy() throws {
        let shell = BenchShell()
        _ = shell.harness.plugin("loader", roles: ["loader"])
        let client = shell.harness.client()
        shell.command(.benchRequests(.with { $0.url = "file:///x"; $0.count = 5; $0.window = 1 }), from: client)
        let second = try #require(shell.command(.benchRequests(.with { $0.url = "file:///x"; $0.count = 5; $0.window = 1 }), from: client))
        #expect(!second.ok && second.errorCode == .busy)
    }

    @Test func aLoaderThatGoesFailsWhatIsLeft() throws {
        let shell = BenchShell()
        let loader = shell.harness.plugin("loader", roles: ["loader"])
        let client = shell.harness.client()
        shell.command(.benchRequests(.with { $0.url = "file:///x"; $0.count = 4; $0.window = 1 }), from: client)
        loader.answerLoad(try #require(loader.loads.first))
        loader.goodbye()
        let r = try #require(shell.lastReply(for: client))
        #expect(r.ok && r.benchRequests.failures == 3 && r.benchRequests.roundTripNanos.count == 4)
    }

    @Test func aClockGoingBackwardsDoesNotBreakARun() throws {
        let shell = BenchShell()
        let loader = shell.harness.plugin("loader", roles: ["loader"])
        let client = shell.harness.client()
        shell.command(.benchRequests(.with { $0.url = "file:///x"; $0.count = 1; $0.window = 1 }), from: client)
        shell.harness.rewind(500)
        loader.answerLoad(try #require(loader.loads.first))
        let r = try #require(shell.lastReply(for: client))
        #expect(r.ok && r.benchRequests.roundTripNanos == [0])
    }
}
