import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Requests go to the plugin of a role with the fewest in flight, ties in turn (PluginRegistry.next).
@Suite struct LeastLoadedDealingTests {
    private func registry(_ names: [String]) -> PluginRegistry {
        var registry = PluginRegistry()
        for name in names {
            _ = registry.register(identity: Data(name.utf8), hello: .with { $0.name = name; $0.roles = ["loader"] }, now: 0)
        }
        return registry
    }

    @Test func equalLoadsTakeTurns() {
        var registry = registry(["a", "b", "c"])
        let dealt = (0..<6).compactMap { _ in registry.next(for: "loader", load: { _ in 2 })?.identity }
        #expect(Set(dealt.prefix(3)).count == 3, "each plugin once before any twice")
        #expect(Array(dealt.prefix(3)) == Array(dealt.suffix(3)))
    }

    @Test func theLeastLoadedGetsTheRequest() {
        var registry = registry(["a", "b"])
        let inFlight: [Data: Int] = [Data("a".utf8): 9, Data("b".utf8): 3]
        for _ in 0..<4 {
            #expect(registry.next(for: "loader", load: { inFlight[$0.identity] })?.identity == Data("b".utf8))
        }
    }

    @Test func aPluginThatTakesNothingIsSkippedAndNoneGivesNil() {
        var registry = registry(["a", "b"])
        #expect(registry.next(for: "loader", load: { $0.identity == Data("a".utf8) ? nil : 31 })?.identity == Data("b".utf8))
        #expect(registry.next(for: "loader", load: { _ in nil }) == nil)
        #expect(registry.next(for: "renderer", load: { _ in 0 }) == nil)
    }

    /// Through the session: a loader that does not answer keeps its requests, and every new one goes to
    /// the loader that answers (strictly in turn, half would wait behind the slow one).
    @Test func theSessionSendsNewRequestsToTheLoaderWithFewerInFlight() throws {
        let h = SessionHarness()
        let slow = h.plugin("slow", roles: ["loader"]), fast = h.plugin("fast", roles: ["loader"])
        let load = PluginRequestBody.load(.init(request: .init(url: "file:///x", kind: .unknown, priority: .regular, loadingMethod: [.cache, .network])))
        h.step(.requests((0..<8).map { ShellRequest(token: $0, role: "loader", body: load) }))
        #expect(slow.loads.count == 4 && fast.loads.count == 4, "equal loads are dealt in turn")
        for token in 8..<28 {
            let answered = try #require(fast.loads.first)
            fast.answerLoad(answered, data: Data("x".utf8))
            h.step(.requests([ShellRequest(token: token, role: "loader", body: load)]))
        }
        #expect(slow.loads.count == 4, "the slow loader got nothing more")
        #expect(fast.loads.count == 4)
    }
}
