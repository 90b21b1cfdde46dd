import Foundation
import Logging
import MapEngine
import MapWireProtocol
import Testing
@testable import MapWireSession

/// Diagnostics alone: subscriptions, the command tap, counters and load statuses.
@Suite struct DiagnosticsTests {
    func subscribe(_ prefix: String) -> Data { Data([1]) + Data(prefix.utf8) }
    func unsubscribe(_ prefix: String) -> Data { Data([0]) + Data(prefix.utf8) }

    @Test func subscribersCountOnlyWholeStreamsAndEverySubscriptionIsWelcomed() {
        var d = Diagnostics(logger: Logger(label: "test"))
        #expect(d.subscription(subscribe("")) == "")
        #expect(d.subscription(subscribe("welcome")) == "welcome")
        #expect(d.subscription(subscribe("camera-")) == "camera-")
        #expect(d.subscribers == 2)
        #expect(d.subscription(unsubscribe("")) == nil)
        #expect(d.subscribers == 1)
        // Not a subscription at all.
        #expect(d.subscription(Data([7, 1])) == nil)
        #expect(d.subscription(Data()) == nil)
        #expect(d.health.malformedSubscriptions == 2)
    }

    @Test func anOversizedSubscriptionIsCountedAndNotWelcomed() {
        var d = Diagnostics(logger: Logger(label: "test"))
        let huge = subscribe(String(repeating: "x", count: Diagnostics.largestSubscriptionBytes + 1))
        #expect(d.subscription(huge) == nil)
        #expect(d.health.messagesTooLarge == 1)
        #expect(d.subscribers == 0)
    }

    @Test func theCommandTapIsOpenWhileSomeoneHoldsIt() {
        var d = Diagnostics(logger: Logger(label: "test"))
        #expect(!d.tapsCommands)
        _ = d.subscription(subscribe("command"))
        _ = d.subscription(subscribe("command"))
        #expect(d.tapsCommands)
        _ = d.subscription(unsubscribe("command"))
        #expect(d.tapsCommands)
        _ = d.subscription(unsubscribe("command"))
        #expect(!d.tapsCommands)
        // "command-reply" alone does not open it.
        _ = d.subscription(subscribe("command-reply"))
        #expect(!d.tapsCommands)
    }

    @Test func aPluginGoneByGoodbyeIsCountedButNotNews() {
        var d = Diagnostics(logger: Logger(label: "test"))
        let plugin = PluginRegistry.Plugin(identity: Data([1]), slot: 0, id: "loader-1", name: "loader", roles: ["loader"],
                                           pid: 42, lastHeardMillis: 100, registeredMillis: 0)
        #expect(d.pluginGone(plugin, reason: .goodbye, requestsMoved: 0, now: 500) == nil)
        let event = d.pluginGone(plugin, reason: .heartbeatTimeout, requestsMoved: 3, now: 500)
        #expect(event?.silentMs == 400)
        #expect(event?.requestsMoved == 3)
        let counters = d.counters(eventsPublished: 9)
        #expect(counters.pluginsGone == 2)
        #expect(counters.pluginsTimedOut == 1)
        #expect(counters.requestsRedispatched == 3)
        #expect(counters.eventsPublished == 9)
    }

    @Test func loadStatusesOfGoneSourcesAreNotResurrected() throws {
        var d = Diagnostics(logger: Logger(label: "test"))
        func change(_ target: String, _ status: Mapwire_V1_LoadStatusChanged.Status) -> Mapwire_V1_PublishLoadStatus {
            .with { $0.change = .with { $0.target = target; $0.status = status } }
        }
        _ = try d.loadStatus(change("roads", .loading), sourceExists: true)
        #expect(d.loadStatuses.report.statuses.map(\.target) == ["map", "roads"])
        // Not-loaded for a source that is gone is relayed and forgets it; anything else is refused.
        _ = try d.loadStatus(change("roads", .notLoaded), sourceExists: false)
        #expect(d.loadStatuses.report.statuses.map(\.target) == ["map"])
        #expect(throws: MapCommandError.self) { try d.loadStatus(change("roads", .loaded), sourceExists: false) }
        #expect(throws: MapCommandError.self) { try d.loadStatus(change("", .loaded), sourceExists: true) }
        #expect(throws: MapCommandError.self) { try d.loadStatus(change("map", .unspecified), sourceExists: true) }
    }
}
