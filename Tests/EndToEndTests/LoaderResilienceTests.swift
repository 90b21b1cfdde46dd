import Foundation
import MapWireCache
import MapWireProtocol
import MapWireTesting
import Testing

/// The loader under slow servers and doubtful caches, with the real core: a server that sends no
/// headers or drips its body is a `connection` failure the core retries while the loader stays
/// registered; a stale copy whose refresh got a 429 is refreshed again later; a relative `--cache` is
/// the working directory's file; a cache another user could have written is not used.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LoaderResilienceTests {
    /// The core's attempts last 2 s (6 s, 3 attempts), so a silent server's answer comes quickly.
    static let coreArguments = ["--request-timeout-ms", "6000"]

    @Test(arguments: [("/no-headers", "no response headers within"), ("/drip", "the response stalled")])
    func aServerThatSendsNoHeadersOrDripsIsAConnectionFailureRetriedWhileTheLoaderStays(path: String, says: String) throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        try run.startCore(Self.coreArguments)
        let loader = try run.start("mapwire-loader", ["--cache-size", "0", "--http-stall-ms", "1000"])
        #expect(run.waitForPlugin(role: "loader"))
        let events = try run.subscribe()
        let url = faults.baseURL + path
        #expect(try run.send(.setStyleUri(.with { $0.uri = url })).ok)
        var log = EventLog()
        // The first answer, then the core's first retry (1 s after a `connection` failure, 7.8).
        var answered = 0
        let retried = try log.collect(from: events, timeout: 30) { _, envelope in
            if case .resourceRequest(let r) = envelope.payload, r.request.url == url, r.response.hasError { answered += 1 }
            return answered >= 2
        }
        #expect(retried, "\(log.resourceRequests.map(\.response.error.message))")
        let failures = log.resourceRequests.filter { $0.request.url == url && $0.response.hasError }.map(\.response.error)
        #expect(failures.allSatisfy { $0.reason == .connection }, "\(failures)")
        #expect(failures.first?.message.contains(says) == true, "\(failures.first?.message ?? "")")
        // Answered in time: the loader was never taken for unresponsive, and no request timed out.
        #expect(!log.topics.contains("plugin-gone"))
        #expect(loader.isRunning)
        let state = try run.send(.getState(.init())).state
        #expect(state.counters.requestsTimedOut == 0, "\(state.counters)")
        #expect(try run.send(.ping(.init())).pong.pluginRoles.contains("loader"))
        figure("loader against \(path): \(failures.first?.message ?? "") (connection), asked again by the core")
    }

    /// A server that sends a style slowly but steadily (8 s) while the core's attempts last 4 s: the loader
    /// reports its progress (RequestProgress), so the attempt is not sent again, no request times out, and
    /// the loader, busy rather than hung, is never taken for unresponsive though it would be after one miss.
    @Test func aLoaderWaitingOnASlowButSteadyServerIsBusyNotHung() throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        try run.startCore(["--request-timeout-ms", "24000", "--request-retries", "5", "--unresponsive-after", "1", "--unresponsive-grace-ms", "0"])
        let loader = try run.start("mapwire-loader", ["--cache-size", "0", "--http-stall-ms", "3000"])
        #expect(run.waitForPlugin(role: "loader"))
        let events = try run.subscribe()
        let url = faults.baseURL + "/slow?s=8"
        #expect(try run.send(.setStyleUri(.with { $0.uri = url })).ok)
        var log = EventLog()
        let loaded = try log.collect(from: events, timeout: 30) { _, envelope in
            if case .styleLoaded = envelope.payload { return true }
            return false
        }
        #expect(loaded, "\(log.topics)")
        #expect(!log.topics.contains("plugin-gone"))
        #expect(loader.isRunning)
        let state = try run.send(.getState(.init())).state
        #expect(state.counters.requestsRetried == 0 && state.counters.requestsTimedOut == 0, "\(state.counters)")
        #expect(faults.requestCounts()["/slow"] == 1, "asked once: \(faults.requestCounts())")
    }

    /// A stale copy is answered at once and refreshed behind it; the refresh gets a 429 with
    /// `Retry-After: 1`, and is tried again a second later (the server's third request), without the
    /// core asking for the style again.
    @Test func aStaleCopyWhoseRefreshGotA429IsRefreshedAgainLater() throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        try run.startCore()
        try run.start("mapwire-loader", ["--cache", run.file("cache.db").path])
        let events = try run.subscribe()
        let url = "\(faults.baseURL)/stale-429"
        _ = try HTTPLoadTests.loadToIdle(run, url, events: events)
        let again = try HTTPLoadTests.loadToIdle(run, url, events: events)
        #expect(again.resourceRequests.first { $0.request.kind == .style }?.dataSource == .database)
        #expect(waitUntil(timeout: 10) { faults.requestCounts()["/stale-429"] == 3 }, "\(faults.requestCounts())")
    }

    /// `mapwire up --cache cache.db` in a folder: the loader uses that folder's cache.db.
    @Test(.enabled(if: NginxServer.available, "needs nginx (apt-get install -y nginx)"))
    func aRelativeCachePathIsTheWorkingDirectorysFile() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try HTTPLoadTests.publishStyle(on: nginx, drawable: true)
        let folder = run.file("work")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let up = try run.startProgram("/bin/sh", ["-c", "cd '\(folder.path)' && exec '\(Binaries.path("mapwire"))' up --run-dir '\(run.runDirectory.path)' --style '\(styleURL)' --cache cache.db --exit-when idle --timeout 30"], name: "up")
        #expect(up.wait(timeout: 60) == 0, "\(up.stderr)")
        #expect(!up.stderr.contains("without a cache"), "\(up.stderr)")
        let info = try run.mapwire(["cache", "info", "--cache", folder.appendingPathComponent("cache.db").path, "--format", "json"])
        #expect(info.status == 0)
        #expect(info.stdout.contains(#""kind":"tile""#) || info.stdout.contains("tile"), "\(info.stdout)")
        #expect(!info.stdout.contains(#""entries":0"#), "\(info.stdout)")
    }

    /// A cache file of another user that anyone may write to, holding a planted style: not used (the
    /// style comes from the server), and the loader says why.
    @Test(.enabled(if: NginxServer.available, "needs nginx (apt-get install -y nginx)"),
          .enabled(if: Prerequisites.isRoot, Prerequisites.notRoot))
    func aCacheFileAnotherUserCouldWriteIsRefused() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try HTTPLoadTests.publishStyle(on: nginx)
        let path = run.file("shared-cache.db").path
        do {
            let planted = try ResourceCache(path: path)
            try planted.store(styleURL, kind: .style, entry: CacheEntry(data: Data(#"{"version":8,"name":"planted","sources":{},"layers":[]}"#.utf8),
                                                                        expires: ResourceCache.now() + 3600), now: ResourceCache.now())
        }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            #expect(chown(file, 65534, 65534) == 0 && chmod(file, 0o666) == 0)
        }
        try run.startCore()
        let loader = try run.start("mapwire-loader", ["--cache", path])
        let events = try run.subscribe()
        let log = try HTTPLoadTests.loadToIdle(run, styleURL, events: events)
        let style = try #require(log.resourceRequests.first { $0.request.kind == .style })
        #expect(style.dataSource == .network, "the planted copy must not be used")
        #expect(loader.stderr.contains("belongs to uid 65534"), "\(loader.stderr)")
        #expect(loader.stderr.contains("working without a cache"), "\(loader.stderr)")
    }
}
