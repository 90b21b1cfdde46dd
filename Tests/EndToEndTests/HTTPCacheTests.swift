import Foundation
import Logging
import MapWireCache
import MapWireHTTP
import MapWireProtocol
import MapWireTesting
import Testing

/// The loader with its ambient cache (MapWireCache), against nginx and the real core: hits, 304s,
/// stale copies refreshed in the background, and a map rendered from the cache with the server gone.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available && NginxServer.available, "needs the executables (swift build) and nginx (apt-get install -y nginx)"))
struct HTTPCacheTests {
    @Test func aNewCoreLoadsFromTheCacheWithTheServerGone() throws {
        let run = try TestRun()
        let cache = run.file("cache.db").path
        let nginx = try NginxServer(in: run)
        let styleURL = try HTTPLoadTests.publishStyle(on: nginx)
        var core = try run.startCore()
        var loader = try run.start("mapwire-loader", ["--cache", cache])
        var events = try run.subscribe()
        let cold = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        #expect(cold.resourceRequests.allSatisfy { $0.dataSource == .network && !$0.response.hasError })

        nginx.stop()
        loader.stop()
        core.stop()
        core = try run.startCore()
        loader = try run.start("mapwire-loader", ["--cache", cache])
        events = try run.subscribe()
        let warm = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        #expect(warm.loadingErrors.isEmpty, "\(warm.loadingErrors.map(\.message))")
        let style = try #require(warm.resourceRequests.first { $0.request.kind == .style })
        #expect(style.dataSource == .database && style.response.source == .cache)
        #expect(style.response.hasEtag && style.response.hasExpires)
        let tiles = warm.resourceRequests.filter { $0.request.kind == .tile }
        #expect(tiles.count == TestStyles.coveringTiles().count)
        #expect(tiles.allSatisfy { $0.dataSource == .database && $0.response.source == .cache })
    }

    @Test func mustRevalidateAsksTheServerAndShowsNotModified() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try HTTPLoadTests.publishStyle(on: nginx, folder: "revalidate")
        try run.startCore()
        try run.start("mapwire-loader", ["--cache", run.file("cache.db").path])
        let events = try run.subscribe()
        let first = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        let firstStyle = try #require(first.resourceRequests.first { $0.request.kind == .style })
        #expect(firstStyle.dataSource == .network && firstStyle.response.mustRevalidate && !firstStyle.response.notModified)

        let second = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        let style = try #require(second.resourceRequests.first { $0.request.kind == .style })
        #expect(style.response.notModified && style.response.size > 0 && !style.response.hasError)
        #expect(nginx.accessLog.contains("GET /revalidate/style.json HTTP/1.1 304"))
    }

    @Test func aStaleCopyIsUsedAtOnceAndRefreshedInTheBackground() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        try nginx.put("stale/style.json", TestStyles.vectorStyle(tiles: "\(nginx.baseURL)/fresh/tiles/{z}/{x}/{y}.pbf"))
        _ = try HTTPLoadTests.publishStyle(on: nginx)
        let styleURL = "\(nginx.baseURL)/stale/style.json"
        try run.startCore()
        try run.start("mapwire-loader", ["--cache", run.file("cache.db").path])
        let events = try run.subscribe()
        _ = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        // /stale/ says max-age=0: the copy is stale at once. The next load answers from it and asks the
        // server again behind it (a conditional request, so a 304).
        let again = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        let style = try #require(again.resourceRequests.first { $0.request.kind == .style })
        #expect(style.dataSource == .database && style.response.source == .cache)
        #expect(waitUntil(timeout: 10) { nginx.accessLog.contains("GET /stale/style.json HTTP/1.1 304") })
    }

    @Test func offlineLoadsAnswerFromTheCacheOrInOfflineMode() async throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        try nginx.put("fresh/a.json", "{}")
        let cache = try #require(try ResourceCache.open(path: run.file("cache.db").path, maximumSize: 1 << 20))
        let loader = try HTTPResourceLoader(settings: HTTPSettings(environment: [:]), configuration: .init(), cache: cache,
                                            logger: Logger(label: "test"))
        defer { loader.shutdown() }
        let replies = HTTPResourceLoaderTests.Replies()
        let url = "\(nginx.baseURL)/fresh/a.json"
        loader.load(id: 1, HTTPResourceLoaderTests.request(url), url: url, reply: replies.reply(for: 1))
        #expect(await replies.wait(for: 1)?.dataSource == .network)
        var offline = HTTPResourceLoaderTests.request(url)
        offline.request.loadingMethod = [.cache]
        loader.load(id: 2, offline, url: url, reply: replies.reply(for: 2))
        let cached = try #require(await replies.wait(for: 2))
        #expect(cached.dataSource == .database && cached.data == Data("{}".utf8))
        var missing = HTTPResourceLoaderTests.request(url + "?other")
        missing.request.loadingMethod = [.cache]
        loader.load(id: 3, missing, url: url + "?other", reply: replies.reply(for: 3))
        #expect(await replies.wait(for: 3)?.response.error.reason == .inOfflineMode)
        #expect(nginx.accessLog.split(separator: "\n").count == 1)
    }

    @Test func anUnusableCacheIsReportedAndLoadsGoOnWithoutIt() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try HTTPLoadTests.publishStyle(on: nginx)
        // A directory where the cache file should be: it cannot be opened, and that is not fatal.
        let folder = run.file("cache-is-a-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try run.startCore()
        let loader = try run.start("mapwire-loader", ["--cache", folder.path])
        let events = try run.subscribe()
        let log = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        #expect(log.loadingErrors.isEmpty)
        #expect(log.resourceRequests.first { $0.request.kind == .style }?.dataSource == .network)
        #expect(loader.isRunning)
        #expect(loader.stderr.contains("cache"), "\(loader.stderr)")
    }

    @Test func cacheSizeZeroDisablesTheCache() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try HTTPLoadTests.publishStyle(on: nginx)
        let cache = run.file("cache.db")
        try run.startCore()
        try run.start("mapwire-loader", ["--cache", cache.path, "--cache-size", "0"])
        let events = try run.subscribe()
        _ = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        let again = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        #expect(again.resourceRequests.first { $0.request.kind == .style }?.dataSource == .network)
        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }

    @Test func offlineModeLoadsFromTheCacheAndMissesSayInOfflineMode() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try HTTPLoadTests.publishStyle(on: nginx)
        try nginx.put("fresh/other.json", "{}")
        try run.startCore()
        try run.start("mapwire-loader", ["--cache", run.file("cache.db").path])
        let events = try run.subscribe()
        _ = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)

        #expect(try run.send(.setNetworkStatus(.with { $0.status = .offline })).ok)
        nginx.stop()
        let offline = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        let answered = offline.resourceRequests.filter { !$0.cancelled && $0.hasResponse }
        #expect(!answered.isEmpty && answered.allSatisfy { $0.request.loadingMethod == [.cache] })
        #expect(answered.allSatisfy { $0.dataSource == .database && !$0.response.hasError })
        #expect(offline.loadingErrors.isEmpty)

        let missURL = "\(nginx.baseURL)/fresh/other.json"
        #expect(try run.send(.setStyleUri(.with { $0.uri = missURL })).ok)
        var missed = EventLog()
        #expect(try missed.collect(from: events) { _, envelope in
            if case .resourceRequest(let r)? = envelope.payload { return r.request.url == missURL && r.response.hasError }
            return false
        })
        #expect(missed.resourceRequests.last { $0.request.url == missURL }?.response.error.reason == .inOfflineMode)
    }

    /// A cache whose writes fail (here the loader's file-size limit, as a full disk would) is logged and
    /// the load goes on uncached: every tile still arrives, the loader stays up, the next load works.
    @Test func cacheWritesThatFailLeaveTheLoadGoingUncached() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        // Tiles of 100 KiB of noise (gzip cannot shrink them): the third write passes the 256 KiB limit.
        var generator = SystemRandomNumberGenerator()
        for tile in TestStyles.coveringTiles() {
            try nginx.put("fresh/tiles/\(tile.z)/\(tile.x)/\(tile.y).pbf", Data((0..<102_400).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        }
        try nginx.put("fresh/style.json", TestStyles.vectorStyle(tiles: "\(nginx.baseURL)/fresh/tiles/{z}/{x}/{y}.pbf"))
        try run.startCore()
        let loader = try run.startProgram("/usr/bin/prlimit", [
            "--fsize=262144", "--", Binaries.path("mapwire-loader"), "--run-dir", run.runDirectory.path,
            "--cache", run.file("cache.db").path, "--log-level", "debug",
        ], name: "loader")
        let events = try run.subscribe()
        let log = try HTTPLoadTests.loadToIdle(run, "\(nginx.baseURL)/fresh/style.json", events: events)
        #expect(log.loadingErrors.isEmpty, "\(log.loadingErrors.map(\.message))")
        let tiles = log.resourceRequests.filter { $0.request.kind == .tile && $0.hasResponse }
        #expect(tiles.count == TestStyles.coveringTiles().count)
        #expect(tiles.allSatisfy { !$0.response.hasError && $0.response.size == 102_400 })
        #expect(loader.waitFor("not cached"), "the failed write is logged: \(loader.stderr.suffix(2000))")
        #expect(loader.isRunning)
        // The loader keeps serving.
        let again = try HTTPLoadTests.loadToIdle(run, "\(nginx.baseURL)/fresh/style.json", events: events)
        #expect(again.loadingErrors.isEmpty)
    }
}
