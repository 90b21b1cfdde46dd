import Foundation
import Logging
import MapEngine
import MapWireProtocol
import Testing
@testable import MapWireSession

/// Causation and the network machine alone.
@Suite struct CausationAndNetworkMachineTests {
    func command(_ id: UInt64, _ kind: Mapwire_V1_Command.OneOf_Kind) -> Mapwire_V1_Command {
        .with { $0.id = id; $0.kind = kind }
    }

    @Test func aStylesEventsCarryItsCommandUntilItsMapIdle() {
        var c = Causation()
        c.begin(7)
        #expect(c.of(.mapWillStartLoading) == 7)
        c.end()
        c.commandDone(command(7, .setStyleUri(.with { $0.uri = "x" })), styleFailed: false, animating: false)
        #expect(c.of(.styleLoaded) == 7)
        #expect(c.of(.mapIdle) == 7)
        #expect(c.of(.renderFrameStarted) == 0)
        // A style that failed at once starts nothing that goes on.
        c.commandDone(command(8, .setStyleUri(.with { $0.uri = "y" })), styleFailed: true, animating: false)
        #expect(c.of(.styleLoaded) == 0)
    }

    @Test func aStylesDefaultCameraAndItsReplacementEndingCarryItsCommand() {
        var c = Causation()
        c.commandDone(command(7, .setStyleUri(.with { $0.uri = "x" })), styleFailed: false, animating: false)
        #expect(c.of(.cameraChanged) == 7, "the style's default camera, between commands")
        // A newer style's command replaces it while it loads: the ending is the old style's.
        c.begin(8)
        #expect(c.of(.mapDidFailLoading(error: "replaced")) == 7)
        #expect(c.of(.mapWillStartLoading) == 8)
        c.end()
        c.commandDone(command(8, .setStyleUri(.with { $0.uri = "y" })), styleFailed: false, animating: false)
        #expect(c.of(.didFinishRenderingMap(fullyRendered: false)) == 8)
        #expect(c.of(.styleLoaded) == 0, "ended")
    }

    @Test func anAnimationsCameraEventsCarryItsCommandUntilItEnds() {
        var c = Causation()
        c.commandDone(command(3, .easeTo(.init())), styleFailed: false, animating: true)
        #expect(c.of(.cameraIsChanging) == 3)
        #expect(c.of(.renderFrameStarted) == 0)
        #expect(c.of(.cameraDidChange(animated: true)) == 3)
        #expect(c.of(.cameraChanged) == 0)
        // A command handled now wins over what runs.
        c.commandDone(command(4, .easeTo(.init())), styleFailed: false, animating: true)
        c.begin(5)
        #expect(c.of(.cameraChanged) == 5)
    }

    @Test func offlineRetriesWaitForTheNetworkAndComeBackFirstWhenItDoes() throws {
        var n = NetworkMachine(logger: Logger(label: "test"))
        #expect(n.loadingMethods == [.cache, .network])
        #expect(n.attemptFailed(1, url: "u1", reason: .server, priority: .regular, retryAfterMillis: nil, askedCacheOnly: false, now: 0) == true)
        #expect(n.earliestDue == 1000)
        #expect(try n.set(.offline) == true)
        #expect(try n.set(.offline) == false)
        #expect(n.loadingMethods == [.cache])
        #expect(n.earliestDue == nil)
        #expect(n.attemptFailed(2, url: "u2", reason: .connection, priority: .low, retryAfterMillis: nil, askedCacheOnly: true, now: 5) == true)
        #expect(try n.set(.online) == true)
        #expect(n.takeWaitingForNetwork() == [1, 2])
        #expect(throws: MapCommandError.self) { try n.set(.unspecified) }
    }

    @Test func aCancelledLoadIsNotTriedAgainAndNamesItsRequest() {
        var n = NetworkMachine(logger: Logger(label: "test"))
        n.sent(9, as: 900)
        #expect(n.attemptFailed(9, url: "u", reason: .server, priority: .regular, retryAfterMillis: nil, askedCacheOnly: false, now: 0) == true)
        #expect(n.cancelled(9) == 900)
        #expect(n.cancelled(9) == nil)
        #expect(n.takeDue(now: 10_000).isEmpty)
        // Not found is final: not tried again.
        #expect(n.attemptFailed(10, url: "u", reason: .notFound, priority: .regular, retryAfterMillis: nil, askedCacheOnly: false, now: 0) == false)
    }

    @Test func aLoadsOutcomeSaysWhetherTheMapWaitsForAnotherAttempt() {
        var n = NetworkMachine(logger: Logger(label: "test"))
        let body = PluginRequestBody.load(.init(request: .init(url: "https://t/1.pbf", loadingMethod: [.cache, .network])))
        // Nobody took it: asked again when a loader registers.
        let untaken = n.answered(1, body: body, outcome: .failed("no loader"), role: "loader", neverSent: true, now: 0)
        #expect(untaken.willRetry && untaken.result.response.error != nil)
        #expect(n.takeWaitingForLoader() == [1])
        // Sent, and no answer came: final (a timeout is no failure the schedule retries).
        n.sent(2, as: 20)
        let timedOut = n.answered(2, body: body, outcome: .failed("no answer within 5000 ms"), role: "loader", neverSent: false, now: 0)
        #expect(!timedOut.willRetry && timedOut.result.response.error != nil)
        #expect(n.cancelled(2) == nil)
        // A server error: tried again a second later, with the server's Retry-After when it said one.
        var failed = Mapwire_V1_PluginReply()
        failed.resource = .with { $0.response.error = .with { $0.reason = .server; $0.message = "502" } }
        let serverError = n.answered(3, body: body, outcome: .answered(PluginAnswer(failed), bytes: 8, from: Data()), role: "loader",
                                     neverSent: false, now: 0)
        #expect(serverError.willRetry)
        #expect(n.earliestDue == 1000)
        // Answered: settled, not tried again.
        var resource = Mapwire_V1_PluginReply()
        resource.resource = .with { $0.data = Data("tile".utf8) }
        let answered = n.answered(3, body: body, outcome: .answered(PluginAnswer(resource), bytes: 4, from: Data()), role: "loader",
                                  neverSent: false, now: 0)
        #expect(!answered.willRetry && answered.result.response.error == nil)
        #expect(n.earliestDue == nil)
    }
}
