import Foundation
@testable import MapEngine
import MapWireNumerics
import MapWireProtocol
import Testing
@testable import MapWireSession

/// Request routing alone: where requests go, which replies count, deadlines and unresponsive plugins.
@Suite struct RequestRouterTests {
    let loaderA = Data([1]), loaderB = Data([2]), renderer = Data([3])
    let waits = RequestPolicy(timeoutMillis: 300, attempts: 3, waitsForPlugin: true)
    let decides = RequestPolicy(timeoutMillis: 50, attempts: 1, waitsForPlugin: false)

    func router(maxInFlight: Int = 2, unresponsiveAfter: Int = 3) -> RequestRouter {
        RequestRouter(ids: RequestIDs(SeededRandom(seed: 7)), maxInFlight: maxInFlight, unresponsiveAfter: unresponsiveAfter)
    }

    func hello(_ name: String, _ roles: [String]) -> Mapwire_V1_Hello {
        .with { $0.name = name; $0.roles = roles; $0.protocolVersion = mapWireProtocolVersion }
    }

    func add(_ r: inout RequestRouter, role: String = PluginRole.loader, policy: RequestPolicy? = nil, now: Int64 = 0) -> UInt64 {
        r.add(role: role, purpose: .load(loadID: 1), policy: policy ?? waits, now: now) { $0.cancel = .init() }
    }

    func recipients(_ outputs: [SessionOutput]) -> [Data] {
        outputs.compactMap {
            switch $0 {
            case .sendRequest(_, let to), .send(_, let to): to
            default: nil
            }
        }
    }

    @Test func requestsWaitForRoomAndAreDealtToTheLeastLoadedPlugin() {
        var r = router()
        _ = r.register(loaderA, hello: hello("a", [PluginRole.loader]), now: 0)
        _ = r.register(loaderB, hello: hello("b", [PluginRole.loader]), now: 0)
        for _ in 0..<5 { _ = add(&r) }
        var outputs: [SessionOutput] = []
        let (failed, sent) = r.dispatch(now: 0, wallNanos: 0, monotonicNanos: 0, into: &outputs)
        #expect(failed.isEmpty)
        #expect(sent == 4)
        let sentTo = recipients(outputs)
        #expect(sentTo.filter { $0 == loaderA }.count == 2)
        #expect(sentTo.filter { $0 == loaderB }.count == 2)
        #expect(r.requests.waiting.count == 1)
    }

    @Test func aDecisionWithNobodyToAskFailsAtOnceWhileALoadWaits() {
        var r = router()
        let load = add(&r)
        let question = add(&r, role: PluginRole.cameraVeto, policy: decides)
        var outputs: [SessionOutput] = []
        let (failed, sent) = r.dispatch(now: 0, wallNanos: 0, monotonicNanos: 0, into: &outputs)
        #expect(failed.map(\.id) == [question])
        #expect(sent == 0)
        #expect(r.requests.waiting == [load])
    }

    @Test func onlyAPluginTheRequestWentToMayAnswerIt() {
        var r = router()
        _ = r.register(loaderA, hello: hello("a", [PluginRole.loader]), now: 0)
        _ = r.register(renderer, hello: hello("r", [PluginRole.renderer]), now: 0)
        let id = add(&r)
        var outputs: [SessionOutput] = []
        _ = r.dispatch(now: 0, wallNanos: 0, monotonicNanos: 0, into: &outputs)
        guard case .refused = r.reply(id, from: renderer, asksForKeys: false, now: 1) else { Issue.record("taken from another plugin"); return }
        guard case .refused = r.reply(id, from: Data([9]), asksForKeys: false, now: 1) else { Issue.record("taken from a stranger"); return }
        guard case .answered(let entry) = r.reply(id, from: loaderA, asksForKeys: false, now: 1) else { Issue.record("not answered"); return }
        #expect(entry.id == id)
        guard case .late = r.reply(id, from: loaderA, asksForKeys: false, now: 2) else { Issue.record("a second answer counted"); return }
    }

    @Test func attemptsTimeOutAndAPluginThatNeverAnswersIsUnresponsive() {
        var r = router(maxInFlight: 8, unresponsiveAfter: 3)
        _ = r.register(loaderA, hello: hello("a", [PluginRole.loader]), now: 0)
        let ids = (0..<3).map { _ in add(&r) }
        var outputs: [SessionOutput] = []
        _ = r.dispatch(now: 0, wallNanos: 0, monotonicNanos: 0, into: &outputs)
        // Each attempt has a third of 300 ms: at 100 ms all three are tried again, and the plugin has let
        // three in a row time out.
        let (retried, expired, unresponsive) = r.expire(now: 100)
        #expect(Set(retried) == Set(ids))
        #expect(expired.isEmpty)
        #expect(unresponsive.map(\.0) == [loaderA])
        // Retried attempts wait for the next plugin of the role; the plugin holds none of them any more.
        #expect(r.requests.waiting.count == 3)
        let removed = r.remove(loaderA)
        #expect(removed?.moved == 0)
        // Their whole deadline passes with nobody to ask.
        #expect(r.expire(now: 300).expired.count == 3)
    }

    @Test func aPluginThatMissedRequestsGetsWorkOnlyWhenOneThatAnswersIsFull() {
        // Within its grace period, so the misses do not make it unresponsive: it still heartbeats.
        var r = RequestRouter(ids: RequestIDs(SeededRandom(seed: 7)), maxInFlight: 2, unresponsiveAfter: 3, unresponsiveGraceMillis: 60_000)
        _ = r.register(loaderA, hello: hello("a", [PluginRole.loader]), now: 0)
        _ = r.register(loaderB, hello: hello("b", [PluginRole.loader]), now: 0)
        let first = add(&r)
        var outputs: [SessionOutput] = []
        _ = r.dispatch(now: 0, wallNanos: 0, monotonicNanos: 0, into: &outputs)
        let silent = recipients(outputs)[0]
        let answering = silent == loaderA ? loaderB : loaderA
        // Its attempt times out at the silent plugin and goes to the other, which answers.
        #expect(r.expire(now: 100).retried == [first])
        outputs.removeAll()
        _ = r.dispatch(now: 100, wallNanos: 0, monotonicNanos: 0, into: &outputs)
        #expect(recipients(outputs) == [answering])
        guard case .answered = r.reply(first, from: answering, asksForKeys: false, now: 101) else { Issue.record("not answered"); return }
        // New requests go to the plugin that answers while it has room; the overflow to the silent one.
        for _ in 0..<3 { _ = add(&r, now: 102) }
        outputs.removeAll()
        _ = r.dispatch(now: 102, wallNanos: 0, monotonicNanos: 0, into: &outputs)
        #expect(recipients(outputs) == [answering, answering, silent])
    }

    @Test func progressGivesTheAttemptItsTimeAgainAndARequestThatRunsOutWhileWorkedOnIsNoMiss() {
        var r = router(maxInFlight: 8, unresponsiveAfter: 1)
        _ = r.register(loaderA, hello: hello("a", [PluginRole.loader]), now: 0)
        _ = r.register(renderer, hello: hello("r", [PluginRole.renderer]), now: 0)
        let id = add(&r)
        var outputs: [SessionOutput] = []
        _ = r.dispatch(now: 0, wallNanos: 0, monotonicNanos: 0, into: &outputs)
        // Attempts of 100 ms: progress at 90 ms moves this one's end to 190 ms.
        let fromStranger = r.progress(id, from: renderer, now: 90)
        #expect(!fromStranger, "only the plugin holding it")
        let fromHolder = r.progress(id, from: loaderA, now: 90)
        #expect(fromHolder)
        let early = r.expire(now: 100)
        #expect(early.retried.isEmpty)
        let due = r.requests.earliestDeadline()
        #expect(due == 190)
        for now: Int64 in [180, 270] {
            let taken = r.progress(id, from: loaderA, now: now)
            #expect(taken)
        }
        // Never past the request's own deadline: it ends at 300 ms, worked on to the last, and the plugin
        // that worked on it is no unresponsive one.
        let (retried, expired, unresponsive) = r.expire(now: 300)
        #expect(retried.isEmpty && expired.map(\.id) == [id] && unresponsive.isEmpty)
        let late = r.progress(id, from: loaderA, now: 301)
        #expect(!late, "late")
    }

    @Test func timeoutsInAPluginsGracePeriodDoNotCount() {
        var r = RequestRouter(ids: RequestIDs(SeededRandom(seed: 7)), maxInFlight: 8, unresponsiveAfter: 1, unresponsiveGraceMillis: 1000)
        _ = r.register(loaderA, hello: hello("a", [PluginRole.loader]), now: 0)
        _ = add(&r)
        var outputs: [SessionOutput] = []
        _ = r.dispatch(now: 0, wallNanos: 0, monotonicNanos: 0, into: &outputs)
        #expect(r.expire(now: 100).unresponsive.isEmpty, "within a second of its hello")
        _ = r.dispatch(now: 1000, wallNanos: 0, monotonicNanos: 0, into: &outputs)
        #expect(r.expire(now: 1100).unresponsive.map(\.0) == [loaderA], "after it")
    }

    @Test func aRendererIsSentOnlyTheBytesItDoesNotHave() throws {
        var r = router()
        _ = r.register(renderer, hello: hello("r", [PluginRole.renderer]), now: 0)
        let job = FrameJob(start: .init(full: true), snapshot: nil)
        let id = r.add(role: PluginRole.renderer, purpose: .frame(job), policy: decides, now: 0) {
            $0.renderFrame = .with { $0.resources = [.with { $0.key = "tile:1"; $0.data = Data([1, 2]); $0.dataIncluded = true }] }
        }
        r.sent(["tile:1"], to: renderer)
        let entry = try #require(r.requests.entry(id))
        #expect(r.outgoing(entry, to: renderer).renderFrame.resources[0].dataIncluded == false)
        // A renderer that asks again for it gets it, a few times at most.
        let again = r.resend(entry, keys: ["tile:1"], to: renderer, maxResends: 1)
        #expect(again?.request.renderFrame.resources[0].dataIncluded == true)
        #expect(r.resend(entry, keys: ["tile:1"], to: renderer, maxResends: 1) == nil)
        #expect(r.requests.entry(id) == nil)
    }
}
