import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Plugins are kept by slot (PluginRegistry): a slot is given again after its plugin went, and a reply's
/// sender is checked by its request's slot and its identity, so the slot's next plugin never answers for
/// the one that went, nor the one that went for it.
@Suite struct PluginSlotTests {
    @Test func aGonePluginsSlotIsTakenAgainAndItsIdentityNoLongerMatches() {
        var registry = PluginRegistry()
        let hello = Mapwire_V1_Hello.with { $0.name = "loader"; $0.roles = ["loader"] }
        let first = registry.register(identity: Data("a".utf8), hello: hello, now: 0).plugin
        _ = registry.remove(Data("a".utf8))
        let second = registry.register(identity: Data("b".utf8), hello: hello, now: 0).plugin
        #expect(second.slot == first.slot)
        #expect(registry.plugin(slot: first.slot, identity: Data("a".utf8)) == nil)
        #expect(registry.plugin(slot: second.slot, identity: Data("b".utf8))?.id == second.id)
        #expect(registry.plugin(slot: 7, identity: Data("b".utf8)) == nil)
        let next = registry.next(for: "loader")
        #expect(next?.identity == Data("b".utf8))
        let heard = registry.heardAnswer(from: Data("a".utf8), now: 1)
        #expect(!heard)
    }

    @Test func aLoaderInAGoneLoadersSlotGetsItsRequestAndOnlyItMayAnswer() throws {
        let h = SessionHarness()
        let gone = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let load = try #require(gone.loads.first)
        gone.goodbye()
        let next = h.plugin("loader", roles: ["loader"])
        let moved = try #require(next.loads.first)
        #expect(moved.id == load.id, "the request moved to the plugin now in the slot")
        #expect(h.state.plugins.map(\.inFlight) == [1])
        // The plugin that went answers with its old identity: refused, whatever slot it had.
        gone.answerLoad(load)
        #expect(h.events("style-data-loaded").isEmpty)
        #expect(h.state.counters.repliesRefused == 1)
        next.answerLoad(moved)
        #expect(h.state.sourceIds == ["v"])
        #expect(h.state.plugins.map(\.inFlight) == [UInt32(next.loads.count)], "its tiles now")
    }

    @Test func inFlightCountsFollowTheirPluginsThroughGoingAndComing() throws {
        let h = SessionHarness { $0.maxInFlightPerPlugin = 2 }
        let a = h.plugin("loader", roles: ["loader"])
        let b = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let holder = try #require([a, b].first { plugin in !plugin.loads.isEmpty })
        try holder.answerLoad(#require(holder.loads.first))
        func counts() -> [String: UInt32] {
            Dictionary(uniqueKeysWithValues: h.state.plugins.map { ($0.pluginID, $0.inFlight) })
        }
        #expect(a.loads.count + b.loads.count > 2, "tiles asked of both")
        #expect(counts() == ["loader-1": UInt32(a.loads.count), "loader-2": UInt32(b.loads.count)])
        a.goodbye()
        let c = h.plugin("loader", roles: ["loader"])
        #expect(counts() == ["loader-2": UInt32(b.loads.count), "loader-3": UInt32(c.loads.count)])
        #expect(c.loads.count == 2, "the new plugin in the gone one's slot starts from none in flight")
        b.answerAllLoads()
        c.answerAllLoads()
        #expect(counts() == ["loader-2": 0, "loader-3": 0])
    }
}
