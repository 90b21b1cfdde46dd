import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// Hellos, heartbeats, goodbyes, unreachable peers and bad input.
@Suite struct PluginLifecycleTests {
    @Test func aHelloIsWelcomedWithThePluginsID() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let welcome = try #require(loader.welcome)
        #expect(welcome.pluginID == "loader-1")
        #expect(welcome.epoch == 42)
        #expect(welcome.mapID == "test-map")
        #expect(welcome.eventsEndpoint == "ipc:///test/events")
    }

    @Test func aRepeatedHelloRegistersAndLogsThePluginOnce() throws {
        let h = SessionHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        loader.hello(name: "loader", roles: ["loader"])
        let welcomes = h.messages(to: loader.identity).compactMap { if case .welcome(let w) = $0.body { w.pluginID } else { nil } }
        #expect(welcomes == ["loader-1", "loader-1"])
        #expect(h.state.plugins.count == 1)
        #expect(h.log.messages.filter { $0 == "plugin registered" }.count == 1)
    }

    @Test func aHelloOfAnotherProtocolVersionIsRefused() throws {
        let h = SessionHarness()
        let peer = FakePlugin(harness: h, identity: Data("old".utf8))
        peer.hello(name: "old", roles: ["loader"], version: 999)
        guard case .error(let e) = h.messages(to: peer.identity).last?.body else { Issue.record("no error"); return }
        #expect(e.code == .versionMismatch)
        #expect(h.state.plugins.isEmpty)
    }

    @Test func heartbeatsGoToEveryPluginEachIntervalWithTheWallClockPassedIn() {
        let h = SessionHarness { $0.heartbeatIntervalMilliseconds = 1_000 }
        let a = h.plugin("a", roles: ["loader"])
        h.advance(1_000)
        let beats = h.messages(to: a.identity).compactMap { if case .heartbeat(let b) = $0.body { b } else { nil } }
        #expect(beats.count == 1)
        #expect(beats.first?.sentUnixNanos == h.time.unixNanos)
        #expect(beats.first?.epoch == 42)
    }

    @Test func aSilentPluginIsGoneAfterThreeIntervalsAndItsRequestsMove() throws {
        let h = SessionHarness { $0.heartbeatIntervalMilliseconds = 1_000 }
        let silent = h.plugin("silent", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        #expect(silent.loads.count == 1)
        let alive = h.plugin("alive", roles: ["loader"])
        for _ in 0..<4 {
            h.advance(1_000)
            alive.heartbeat()
        }
        guard case .pluginGone(let gone) = h.events("plugin-gone").first else { Issue.record("no plugin-gone"); return }
        #expect(gone.pluginID == "silent-1")
        #expect(gone.reason == .heartbeatTimeout)
        #expect(gone.requestsMoved == 1)
        #expect(alive.loads.first?.loadResource.request.url == Fixture.styleURL)
        #expect(h.state.counters.pluginsTimedOut == 1)
    }

    @Test func aHeartbeatFromAStrangerIsRefused() {
        let h = SessionHarness()
        let stranger = FakePlugin(harness: h, identity: Data("stranger".utf8))
        stranger.heartbeat()
        guard case .error(let e) = h.messages(to: stranger.identity).last?.body else { Issue.record("no error"); return }
        #expect(e.code == .notRegistered)
        #expect(h.session.rejectedMessages == 1)
    }

    @Test func anUnreachablePeerIsForgottenAsDisconnected() throws {
        let h = SessionHarness()
        let a = h.plugin("a", roles: ["loader"])
        h.step(.unreachable(a.identity))
        guard case .pluginGone(let gone) = h.events("plugin-gone").first else { Issue.record("no plugin-gone"); return }
        #expect(gone.reason == .disconnected)
        #expect(h.state.plugins.isEmpty)
        // A client that is not a plugin going away is nothing to forget.
        h.step(.unreachable(Data("client".utf8)))
        #expect(h.events("plugin-gone").count == 1)
    }

    @Test func undecodableBytesAreRejectedWithAnErrorAndTheSessionGoesOn() {
        let h = SessionHarness()
        let peer = Data("fuzzer".utf8)
        h.step(.message(from: peer, bytes: Data([0xFF, 0xFF, 0xFF, 0x01, 0x02])))
        h.step(.malformed(from: peer, frames: 3))
        h.step(.malformed(from: nil, frames: 0))
        let codes = h.messages(to: peer).compactMap { if case .error(let e) = $0.body { e.code } else { nil } }
        #expect(codes == [.malformed, .malformed])
        #expect(h.session.rejectedMessages == 3)
        #expect(h.command(.ping(.init()))?.ok == true)
    }

    @Test func messagesOnlyTheCoreSendsAreRefused() {
        let h = SessionHarness()
        let peer = Data("confused".utf8)
        h.deliver(.with { $0.welcome = .init() }, from: peer)
        guard case .error(let e) = h.messages(to: peer).last?.body else { Issue.record("no error"); return }
        #expect(e.code == .invalid)
    }

    @Test func aLocationPluginThatLeavesWhileTheLocationIsShownIsAFailureToLocate() {
        let h = SessionHarness()
        let location = h.plugin("gps", roles: ["location"])
        h.command(.setShowsUserLocation(.with { $0.shows = true }))
        location.goodbye()
        #expect(h.topics.last == "did-fail-to-locate-user")
    }
}
