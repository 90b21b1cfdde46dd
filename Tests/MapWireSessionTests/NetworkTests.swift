import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession
import MapWireTesting

/// The core's network behaviour (PROTOCOL.md 7.8) on a hand-advanced clock: failed loads tried again by
/// reason, the map idle while they wait, offline mode and back online.
@Suite struct NetworkTests {
    /// A harness whose fake plugins need not heartbeat: these tests move the clock on by minutes.
    private func quietHarness(_ configure: (inout SessionConfiguration) -> Void = { _ in }) -> SessionHarness {
        SessionHarness {
            $0.heartbeatIntervalMilliseconds = 100_000_000
            configure(&$0)
        }
    }

    /// A style whose one source has its tiles loading, all answered but the first; returns that tile's URL.
    private func styleWithTiles(_ h: SessionHarness, _ loader: FakePlugin) throws -> String {
        h.setInlineStyle()
        let url = try #require(loader.loads.first { $0.loadResource.request.kind == .tile }).loadResource.request.url
        for load in loader.loads where load.loadResource.request.url != url { loader.answerLoad(load) }
        return url
    }

    @Test func aServerErrorIsTriedAgainAfter1_1_1_2_4Seconds() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let url = try styleWithTiles(h, loader)
        for delay: Int64 in [1_000, 1_000, 1_000, 2_000, 4_000] {
            loader.fail(try #require(loader.load(for: url)), .server)
            h.advance(delay - 1)
            #expect(loader.load(for: url) == nil, "not before \(delay) ms")
            h.advance(1)
            #expect(loader.load(for: url) != nil, "after \(delay) ms")
        }
        // Every failed attempt is on the bus with its reason; the map reports the tile's failure once.
        #expect(h.resourceErrors(for: url) == Array(repeating: .server, count: 5))
        #expect(h.events("map-loading-error").count == 1)
        // Each attempt is a new request asking as the first did.
        let attempts = loader.requests.filter { $0.loadResource.request.url == url }
        #expect(Set(attempts.map(\.id)).count == 6)
        #expect(attempts.allSatisfy { $0.loadResource.request.loadingMethod == [.cache, .network] && $0.loadResource.tileID.z == 1 })
    }

    @Test func aConnectionErrorBacksOffAtOnce() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let url = try styleWithTiles(h, loader)
        for delay: Int64 in [1_000, 2_000, 4_000, 8_000] {
            loader.fail(try #require(loader.load(for: url)), .connection)
            h.advance(delay - 1)
            #expect(loader.load(for: url) == nil)
            h.advance(1)
            #expect(loader.load(for: url) != nil)
        }
        #expect(h.resourceErrors(for: url) == Array(repeating: .connection, count: 4))
    }

    @Test func aRateLimitWaitsWhatTheLoaderSaysElseFiveSeconds() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let url = try styleWithTiles(h, loader)
        loader.fail(try #require(loader.load(for: url)), .rateLimit, retryAfterMs: 2_500)
        h.advance(2_499)
        #expect(loader.load(for: url) == nil)
        h.advance(1)
        loader.fail(try #require(loader.load(for: url)), .rateLimit)
        h.advance(4_999)
        #expect(loader.load(for: url) == nil)
        h.advance(1)
        #expect(loader.load(for: url) != nil)
    }

    @Test func notFoundAndOtherAreNeverTriedAgain() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.setInlineStyle()
        let tiles = loader.loads.filter { $0.loadResource.request.kind == .tile }
        try #require(tiles.count >= 2)
        loader.fail(tiles[0], .notFound)
        loader.fail(tiles[1], .other)
        loader.answerAllLoads()
        h.advance(600_000)
        #expect(loader.load(for: tiles[0].loadResource.request.url) == nil)
        #expect(loader.load(for: tiles[1].loadResource.request.url) == nil)
        #expect(h.events("map-loading-error").count == 2)
    }

    @Test func theMapGoesIdleWhileATileWaitsAndLoadsItWhenTheRetrySucceeds() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let renderer = h.plugin("renderer", roles: ["renderer"])
        let url = try styleWithTiles(h, loader)
        loader.fail(try #require(loader.load(for: url)), .server)
        loader.answerAllLoads()
        h.drawFrames(renderer, untilIdle: 1)
        #expect(h.events("map-idle").count == 1)
        let loadedBefore = h.tileLoads(for: url)
        h.advance(1_000)
        loader.answerLoad(try #require(loader.load(for: url)))
        #expect(h.tileLoads(for: url) == loadedBefore + 1, "a new source-data-loaded for the tile")
        h.drawFrames(renderer, untilIdle: 2)
        #expect(h.events("map-idle").count == 2)
        // The frame after the retry carries the tile's bytes.
        let last = try #require(renderer.requests.last { if case .renderFrame = $0.kind { true } else { false } })
        #expect(last.renderFrame.resources.contains { $0.kind == .tile && $0.data == Fixture.data(for: url) })
        #expect(h.events("map-loading-error").count == 1)
    }

    @Test func aFailedRetryDoesNotHoldIdleBackOrRepeatTheMapError() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let url = try styleWithTiles(h, loader)
        loader.fail(try #require(loader.load(for: url)), .server)
        loader.answerAllLoads()
        h.advance(until: { h.events("map-idle").count == 1 })
        h.advance(1_000)
        loader.fail(try #require(loader.load(for: url)), .notFound)
        h.advance(10_000)
        #expect(loader.load(for: url) == nil)
        #expect(h.resourceErrors(for: url) == [.server, .notFound])
        #expect(h.events("map-loading-error").count == 1)
        #expect(h.state.pendingRequests == 0)
    }

    @Test func aRetryOfATileNoLongerWantedIsDroppedAndTheTileLoadedAfreshLater() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let url = try styleWithTiles(h, loader)
        loader.fail(try #require(loader.load(for: url)), .server)
        loader.answerAllLoads()
        #expect(h.command(.setCamera(.with { $0.center = .with { $0.longitude = 150; $0.latitude = -60 }; $0.zoom = 5 }))?.ok == true)
        let cancelled = h.events("resource-request").compactMap { if case .resourceRequest(let r) = $0, r.cancelled { r.request.url } else { nil } }
        #expect(cancelled.contains(url))
        loader.answerAllLoads()
        h.advance(60_000)
        #expect(loader.load(for: url) == nil, "no retry for a tile out of view")
        // Back in view: asked for again as a new tile, not left failed.
        #expect(h.command(.setCamera(.with { $0.center = .with { $0.longitude = 0; $0.latitude = 0 }; $0.zoom = 1 }))?.ok == true)
        #expect(loader.load(for: url) != nil)
    }

    @Test func anotherStyleDropsEveryRetry() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let url = try styleWithTiles(h, loader)
        loader.fail(try #require(loader.load(for: url)), .connection)
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        h.advance(60_000)
        #expect(loader.requests.filter { $0.loadResource.request.url == url }.count == 1)
    }

    @Test func aStyleThatFailsWithAServerErrorLoadsWhenItsRetrySucceeds() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        loader.fail(try #require(loader.load(for: Fixture.styleURL)), .server)
        #expect(h.topics.contains("map-did-fail-loading"))
        h.advance(1_000)
        loader.answerAllLoads()
        h.advance(until: { h.topics.contains("map-idle") })
        #expect(h.topics.contains("style-loaded"))
        #expect(h.events("map-loading-error").count == 1)
    }

    @Test func aLoadItsLoaderReportsProgressOnIsNotSentAgainUntilTheProgressStops() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        let load = try #require(loader.load(for: Fixture.styleURL))
        // 30 s in three attempts of 10 s: progress at 9 s gives the first until 19 s.
        h.advance(9_000)
        h.deliver(.with { $0.progress = .with { $0.requestID = load.id; $0.bytesReceived = 4096 } }, from: loader.identity)
        h.advance(9_999)
        #expect(loader.requests.filter { $0.loadResource.request.url == Fixture.styleURL }.count == 1)
        h.advance(1)
        #expect(loader.requests.filter { $0.loadResource.request.url == Fixture.styleURL }.count == 2, "sent again once progress stopped")
        #expect(h.state.counters.requestsRetried == 1)
        // A stranger's progress is refused; a late one is dropped.
        let stranger = Data("stranger".utf8)
        h.deliver(.with { $0.progress = .with { $0.requestID = load.id } }, from: stranger)
        #expect(h.messages(to: stranger).contains { if case .error(let e) = $0.body { e.code == .notRegistered } else { false } })
    }

    @Test func aSnapshotWaitsForAStyleThatIsTriedAgainAndFailsWhenItFailsForGood() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let renderer = h.plugin("renderer", roles: ["renderer"])
        h.command(.setStyleUri(.with { $0.uri = Fixture.styleURL }))
        loader.fail(try #require(loader.load(for: Fixture.styleURL)), .rateLimit, retryAfterMs: 1_000)
        let client = h.client()
        // Taken, not refused with the first error: the style is tried again in a second.
        #expect(h.command(.snapshot(.with { $0.returnImage = true }), from: client) == nil)
        h.advance(1_000)
        loader.answerAllLoads()
        // Frames are drawn until the full one answers the snapshot.
        for _ in 0..<10 where !h.sent.contains(where: { $0.to == client }) {
            h.advance(until: { !renderer.frames.isEmpty || h.sent.contains { $0.to == client } })
            if let frame = renderer.frames.first { renderer.answerFrame(frame) { $0.png = Fixture.png; $0.width = 512; $0.height = 512 } }
        }
        guard case .commandReply(let answered) = h.sent.last(where: { $0.to == client })?.message.body else { Issue.record("no reply"); return }
        #expect(answered.ok && answered.snapshot.png == Fixture.png)

        // Another style whose retry fails for good (not found): the snapshot waiting for it fails then.
        let missing = "https://s.test/missing-style.json"
        h.command(.setStyleUri(.with { $0.uri = missing }))
        loader.fail(try #require(loader.load(for: missing)), .server)
        let second = h.client()
        #expect(h.command(.snapshot(.init()), from: second) == nil)
        h.advance(1_000)
        loader.fail(try #require(loader.load(for: missing)), .notFound)
        guard case .commandReply(let failed) = h.sent.last(where: { $0.to == second })?.message.body else { Issue.record("no reply"); return }
        #expect(!failed.ok && failed.error.contains("the style failed to load"))
    }

    @Test func aSourceWhoseTileJSONFailedLoadsItsTilesWhenTheRetrySucceedsAndRemovingItStopsTheRetries() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        h.setInlineStyle()
        loader.answerAllLoads()
        let tileJSON = "https://s.test/extra.json"
        let source = #"{"type": "vector", "url": "\#(tileJSON)"}"#
        #expect(h.command(.addSource(.with { $0.id = "extra"; $0.json = source }))?.ok == true)
        loader.fail(try #require(loader.load(for: tileJSON)), .server)
        h.advance(until: { h.events("map-idle").count == 1 })
        #expect(h.events("map-idle").count == 1, "idle while the source waits")
        h.advance(1_000)
        loader.answerLoad(try #require(loader.load(for: tileJSON)), data: Data(#"{"tiles": ["https://x.test/{z}/{x}/{y}.pbf"]}"#.utf8))
        let metadata = h.events("source-data-loaded").filter { if case .sourceDataLoaded(let e) = $0 { e.id == "extra" && e.type == .metadata } else { false } }
        #expect(metadata.count == 1)
        #expect(loader.loads.contains { $0.loadResource.request.url.hasPrefix("https://x.test/") })

        // A second source whose TileJSON fails: removing it ends its retries.
        let other = "https://s.test/other.json"
        #expect(h.command(.addSource(.with { $0.id = "other"; $0.json = #"{"type": "vector", "url": "\#(other)"}"# }))?.ok == true)
        loader.fail(try #require(loader.load(for: other)), .connection)
        #expect(h.command(.removeSource(.with { $0.id = "other" }))?.ok == true)
        h.advance(60_000)
        #expect(loader.requests.filter { $0.loadResource.request.url == other }.count == 1)
    }

    // MARK: Offline

    @Test func offlineEveryLoadAsksTheCacheOnlyAndTheChangeIsPublished() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let reply = try #require(h.command(.setNetworkStatus(.with { $0.status = .offline })))
        #expect(reply.ok)
        let statuses: [Mapwire_V1_NetworkStatus] = h.events("network-status-changed").compactMap {
            if case .networkStatusChanged(let e) = $0 { e.status } else { nil }
        }
        #expect(statuses == [.offline])
        #expect(h.state.networkStatus == .offline)
        h.setInlineStyle()
        #expect(!loader.loads.isEmpty)
        #expect(loader.loads.allSatisfy { $0.loadResource.request.loadingMethod == [.cache] })
        // The same status again changes nothing and publishes nothing.
        #expect(h.command(.setNetworkStatus(.with { $0.status = .offline }))?.ok == true)
        #expect(h.events("network-status-changed").count == 1)
        // The resource-request events say what was asked.
        loader.answerAllLoads()
        let methods = h.events("resource-request").compactMap { if case .resourceRequest(let r) = $0 { r.request.loadingMethod } else { nil } }
        #expect(methods.allSatisfy { $0 == [.cache] })
    }

    @Test func aStatusThatIsNeitherOnlineNorOfflineIsRefused() throws {
        let h = quietHarness()
        let reply = try #require(h.command(.setNetworkStatus(.init())))
        #expect(!reply.ok)
        #expect(reply.errorCode == .invalidArgument)
        #expect(reply.error.contains("online or offline"))
        #expect(h.state.networkStatus == .online)
    }

    @Test func aCoreStartedOfflineSaysSo() throws {
        let h = quietHarness { $0.startsOffline = true }
        let loader = h.plugin("loader", roles: ["loader"])
        #expect(h.state.networkStatus == .offline)
        #expect(h.events("network-status-changed").count == 1)
        h.setInlineStyle()
        #expect(loader.loads.allSatisfy { $0.loadResource.request.loadingMethod == [.cache] })
    }

    @Test func offlineMissesWaitForTheNetworkAndBackOnlineAreAskedForAgainAtOnce() throws {
        let h = quietHarness { $0.startsOffline = true }
        let loader = h.plugin("loader", roles: ["loader"])
        h.setInlineStyle()
        let tiles = loader.loads.filter { $0.loadResource.request.kind == .tile }
        try #require(tiles.count >= 2)
        // The cache has the first tile only.
        loader.answerLoad(tiles[0])
        for tile in tiles.dropFirst() { loader.fail(tile, .inOfflineMode) }
        h.advance(until: { h.events("map-idle").count == 1 })
        #expect(h.events("map-idle").count == 1, "idle on what the cache holds")
        h.advance(600_000)
        #expect(loader.loads.isEmpty, "nothing is asked again while offline")
        #expect(h.command(.setNetworkStatus(.with { $0.status = .online }))?.ok == true)
        let again = loader.loads
        #expect(Set(again.map(\.loadResource.request.url)) == Set(tiles.dropFirst().map(\.loadResource.request.url)))
        #expect(again.allSatisfy { $0.loadResource.request.loadingMethod == [.cache, .network] })
        #expect(again.map(\.loadResource.request.url) == tiles.dropFirst().map(\.loadResource.request.url), "in the order the map asked")
        loader.answerAllLoads()
        h.advance(until: { h.events("map-idle").count == 2 })
        #expect(h.events("map-idle").count == 2)
        #expect(h.events("map-loading-error").count == tiles.count - 1, "one per tile, not per attempt")
    }

    @Test func goingOfflineSuspendsTimedRetriesAndBackOnlineSendsThemAtOnceWithTheBackoffReset() throws {
        let h = quietHarness()
        let loader = h.plugin("loader", roles: ["loader"])
        let url = try styleWithTiles(h, loader)
        for _ in 0..<3 {
            loader.fail(try #require(loader.load(for: url)), .connection)
            h.advance(until: { loader.load(for: url) != nil })
        }
        // The fourth failure would wait 8 s.
        loader.fail(try #require(loader.load(for: url)), .connection)
        h.command(.setNetworkStatus(.with { $0.status = .offline }))
        h.advance(60_000)
        #expect(loader.load(for: url) == nil)
        h.command(.setNetworkStatus(.with { $0.status = .online }))
        loader.fail(try #require(loader.load(for: url), "asked again at once"), .connection)
        h.advance(999)
        #expect(loader.load(for: url) == nil)
        h.advance(1)
        #expect(loader.load(for: url) != nil, "the backoff started again at 1 s")
    }

    @Test func aLoadQueuedBeforeTheCoreWentOfflineGoesOutAskingTheCacheOnly() throws {
        let h = quietHarness { $0.maxInFlightPerPlugin = 1 }
        let loader = h.plugin("loader", roles: ["loader"])
        h.setInlineStyle()
        let first = try #require(loader.loads.first)
        h.command(.setNetworkStatus(.with { $0.status = .offline }))
        loader.answerLoad(first)
        let next = try #require(loader.loads.first)
        #expect(next.loadResource.request.loadingMethod == [.cache])
        // Its resource-request event says what was asked.
        loader.answerLoad(next)
        let methods = h.events("resource-request").compactMap {
            if case .resourceRequest(let r) = $0, r.request.url == next.loadResource.request.url { r.request.loadingMethod } else { nil }
        }
        #expect(methods == [[.cache]])
        // Queued while offline, sent after the core came back online: it may use the network.
        h.command(.setNetworkStatus(.with { $0.status = .online }))
        loader.answerLoad(try #require(loader.loads.first))
        #expect(loader.loads.first?.loadResource.request.loadingMethod == [.cache, .network])
    }
}

extension FakePlugin {
    /// Answers a load with an error of `reason` (and the server's wait, for a rate limit).
    func fail(_ request: Mapwire_V1_PluginRequest, _ reason: Mapwire_V1_ErrorReason, retryAfterMs: UInt32? = nil) {
        reply(request, .resource(.with {
            $0.dataSource = .network
            $0.response = .with { $0.source = .network; $0.error = .with { $0.reason = reason; $0.message = "failed on purpose" } }
            if let retryAfterMs { $0.retryAfterMs = retryAfterMs }
        }))
    }

    /// The unanswered load of `url`, if any.
    func load(for url: String) -> Mapwire_V1_PluginRequest? {
        loads.first { $0.loadResource.request.url == url }
    }
}

extension SessionHarness {
    /// The error reasons of the resource-request events of `url`, in order.
    func resourceErrors(for url: String) -> [Mapwire_V1_ErrorReason] {
        events("resource-request").compactMap {
            if case .resourceRequest(let r) = $0, r.request.url == url, r.response.hasError { r.response.error.reason } else { nil }
        }
    }

    /// source-data-loaded events of the tile at `url` (tile URLs end in z/x/y.pbf).
    func tileLoads(for url: String) -> Int {
        let parts = url.dropLast(4).split(separator: "/").suffix(3).compactMap { UInt32($0) }
        return events("source-data-loaded").filter {
            guard case .sourceDataLoaded(let e) = $0, e.type == .tile else { return false }
            return [e.tileID.z, e.tileID.x, e.tileID.y] == parts
        }.count
    }

    /// Answers frames as the renderer until `count` map-idle events are published (at most a minute of clock).
    func drawFrames(_ renderer: FakePlugin, untilIdle count: Int) {
        advance(until: {
            if let frame = renderer.frames.first { renderer.answerFrame(frame) }
            return events("map-idle").count >= count
        })
    }
}
