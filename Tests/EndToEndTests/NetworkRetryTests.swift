import Foundation
import MapWireGeometry
import MapWireProtocol
import MapWireTesting
import Testing

/// The core's retry schedule and offline mode (PROTOCOL.md 7.8) with the real core over real sockets,
/// a scripted loader, and `mapwire send network`.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct NetworkRetryTests {
    private static let template = "test://tiles/{z}/{x}/{y}.pbf"

    private static func url(of tile: CanonicalTileID) -> String { "test://tiles/\(tile.z)/\(tile.x)/\(tile.y).pbf" }

    @Test func aTileFailingWithServerErrorsTwiceLoadsOnItsThirdAttemptAndTheMapGoesIdleTwice() throws {
        let run = try TestRun()
        try run.startCore()
        let style = TestStyles.vectorStyle(tiles: Self.template)
        let tile = try #require(TestStyles.coveringTiles().first)
        let url = Self.url(of: tile)
        let script = FailureScript()
        script.fail(url, with: [.server, .server])
        let loader = TestLoader(controlEndpoint: run.runDirectory.controlEndpoint) { load in
            script.next(for: load.request.url) ?? TestLoader.file(Data(load.request.kind == .style ? style.utf8 : "tile".utf8))
        }
        defer { loader.stop() }
        let events = try run.subscribe()
        let started = Date()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "test://style.json" })).ok)
        var log = EventLog()
        var idles = 0
        #expect(try log.collect(from: events) { topic, _ in
            if topic == "map-idle" { idles += 1 }
            return idles == 2
        })
        // 1 s after the first failure, 1 s after the second.
        #expect(Date().timeIntervalSince(started) >= 2)
        let attempts = log.resourceRequests.filter { $0.request.url == url && !$0.cancelled }
        #expect(attempts.map { $0.response.hasError ? $0.response.error.reason : .success } == [.server, .server, .success])
        #expect(attempts.allSatisfy { $0.request.kind == .tile && $0.request.loadingMethod == [.cache, .network] })
        #expect(log.loadingErrors.filter { $0.type == .tile }.count == 1, "the tile's failure is reported once")
        #expect(loader.requests.filter { $0.loadResource.request.url == url }.count == 3)
        // After the first idle: the tile loads, a frame is drawn, and the map is idle again.
        let firstIdle = try #require(log.index(of: "map-idle"))
        let loaded = try #require(log.index(of: "source-data-loaded", from: firstIdle) {
            if case .sourceDataLoaded(let s) = $0 { s.type == .tile && s.tileID.x == UInt32(tile.x) && s.tileID.y == UInt32(tile.y) } else { false }
        })
        let frame = try #require(log.index(of: "render-frame-finished", from: loaded))
        #expect(log.index(of: "map-idle", from: frame) != nil)
    }

    @Test func offlineLoadsAskTheCacheOnlyAndBackOnlineTheMissesAreAskedForAgain() throws {
        let run = try TestRun()
        try run.startCore()
        let dir = run.runDirectory.path
        let style = TestStyles.vectorStyle(tiles: Self.template)
        // A loader with the style in its cache and no tiles: offline, tiles miss.
        let loader = TestLoader(controlEndpoint: run.runDirectory.controlEndpoint) { load in
            if load.request.kind == .style { return TestLoader.file(Data(style.utf8)) }
            return TestLoader.asksCacheOnly(load) ? TestLoader.error(.inOfflineMode, "not in the cache") : TestLoader.file(Data("tile".utf8))
        }
        defer { loader.stop() }
        let events = try run.subscribe()
        let offline = try run.mapwire(["send", "network", "offline", "--run-dir", dir])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(try run.send(.getState(.init())).state.networkStatus == .offline)
        #expect(try run.send(.setStyleUri(.with { $0.uri = "test://style.json" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        let changed: [Mapwire_V1_NetworkStatus] = log.payloads { if case .networkStatusChanged(let e) = $0 { e.status } else { nil } }
        #expect(changed == [.offline])
        let expected = Set(TestStyles.coveringTiles().map(Self.url(of:)))
        let offlineTiles = log.resourceRequests.filter { $0.request.kind == .tile }
        #expect(Set(offlineTiles.map(\.request.url)) == expected)
        #expect(offlineTiles.allSatisfy { $0.request.loadingMethod == [.cache] && $0.response.error.reason == .inOfflineMode })
        #expect(log.resourceRequests.allSatisfy { $0.request.loadingMethod == [.cache] })

        let online = try run.mapwire(["send", "network", "online", "--run-dir", dir])
        #expect(online.status == 0, "\(online.stderr)")
        var back = EventLog()
        var loaded: Set<String> = []
        #expect(try back.collect(from: events) { _, envelope in
            if case .resourceRequest(let r) = envelope.payload, r.request.kind == .tile, !r.response.hasError { loaded.insert(r.request.url) }
            if case .mapIdle = envelope.payload { return loaded == expected }
            return false
        })
        let backChanged: [Mapwire_V1_NetworkStatus] = back.payloads { if case .networkStatusChanged(let e) = $0 { e.status } else { nil } }
        #expect(backChanged == [.online])
        #expect(back.resourceRequests.filter { $0.request.kind == .tile }.allSatisfy { $0.request.loadingMethod == [.cache, .network] })
        #expect(try run.send(.getState(.init())).state.networkStatus == .online)
    }

    @Test func upOfflineStartsItsCoreOfflineAndTheLocalDemoStillLoads() throws {
        let run = try TestRun()
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path, "--offline", "--plugins", "loader"],
                               name: "up", withRunDir: false)
        #expect(up.waitFor("style:", inStderr: false, timeout: 30), "up did not start: \(up.stderr)")
        #expect(try run.send(.getState(.init())).state.networkStatus == .offline)
        // The demo is local files and an MBTiles file, not the network: it loads offline.
        #expect(waitUntil(timeout: 20) { (try? run.send(.getState(.init())).state.loadPhase) == "loaded" })
        up.signal(SIGTERM)
        #expect(up.wait(timeout: 15) != nil)
    }

    @Test func aCoreStartedOfflineSaysSoAndTheCLIRefusesANonsenseStatus() throws {
        let run = try TestRun()
        try run.startCore(["--offline"])
        #expect(try run.send(.getState(.init())).state.networkStatus == .offline)
        let bad = try run.mapwire(["send", "network", "sideways", "--run-dir", run.runDirectory.path])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("online") && bad.stderr.contains("offline"))
        let refused = try run.send(.setNetworkStatus(.init()))
        #expect(!refused.ok)
        #expect(refused.error.contains("online or offline"))
    }
}
