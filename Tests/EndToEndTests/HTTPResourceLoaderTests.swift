import Foundation
import Logging
import MapWireHTTP
import MapWireProtocol
import MapWireTesting
import Synchronization
import Testing

/// The loader's HTTP part alone against the fault server and nginx (no core): what a reply carries
/// that a resource-request event does not (retry_after_ms), redirects, cancels, the slot limit and
/// the headers sent. Every wait is async: the loader's tasks run on the cooperative pool, which a
/// blocking wait on it would starve.
@Suite(.serialized, .ownThreads, .enabled(if: NginxServer.available, "needs nginx (apt-get install -y nginx)"))
struct HTTPResourceLoaderTests {
    /// Collects the replies of one loader.
    final class Replies: Sendable {
        private let replies = Mutex<[UInt64: Mapwire_V1_ResourceData]>([:])
        func reply(for id: UInt64) -> HTTPResourceLoader.Reply { { [self] data in replies.withLock { $0[id] = data } } }
        /// Async: the loader's tasks need the cooperative pool, which a blocking wait would hold.
        func wait(for id: UInt64, timeout: TimeInterval = 15) async -> Mapwire_V1_ResourceData? {
            _ = await waitUntilAsync(timeout: timeout) { replies.withLock { $0[id] != nil } }
            return replies.withLock { $0[id] }
        }
        var count: Int { replies.withLock { $0.count } }
    }

    static func request(_ url: String, kind: Mapwire_V1_ResourceKind = .style, priority: Mapwire_V1_ResourcePriority = .regular) -> Mapwire_V1_LoadResource {
        .with { $0.request = .with { $0.url = url; $0.kind = kind; $0.priority = priority; $0.loadingMethod = [.network] } }
    }

    static func loader(_ configure: (inout HTTPSettings) -> Void = { _ in }, configuration: LoaderConfiguration = .init()) throws -> HTTPResourceLoader {
        var settings = HTTPSettings(environment: [:])
        configure(&settings)
        return try HTTPResourceLoader(settings: settings, configuration: configuration, logger: Logger(label: "test"))
    }

    @Test func rateLimitsCarryTheServersWait() async throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        let loader = try Self.loader()
        defer { loader.shutdown() }
        let replies = Replies()
        loader.load(id: 1, Self.request("\(faults.baseURL)/429"), url: "\(faults.baseURL)/429", reply: replies.reply(for: 1))
        loader.load(id: 2, Self.request("\(faults.baseURL)/429-reset"), url: "\(faults.baseURL)/429-reset", reply: replies.reply(for: 2))
        let retryAfter = try #require(await replies.wait(for: 1))
        #expect(retryAfter.response.error.reason == .rateLimit && retryAfter.retryAfterMs == 7000)
        let reset = try #require(await replies.wait(for: 2))
        #expect(reset.response.error.reason == .rateLimit && (30_000...60_000).contains(reset.retryAfterMs))
    }

    @Test func fiveRedirectsAreFollowedSixAreNot() async throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        let loader = try Self.loader()
        defer { loader.shutdown() }
        let replies = Replies()
        loader.load(id: 1, Self.request(""), url: "\(faults.baseURL)/redirect/5", reply: replies.reply(for: 1))
        loader.load(id: 2, Self.request(""), url: "\(faults.baseURL)/redirect/6", reply: replies.reply(for: 2))
        let five = try #require(await replies.wait(for: 1))
        #expect(!five.response.hasError && five.data == Data(#"{"redirected": true}"#.utf8))
        let six = try #require(await replies.wait(for: 2))
        #expect(six.response.error.reason == .other && six.response.error.message.contains("more than 5 redirects"))
    }

    @Test func aCancelledLoadStopsAndNeverReplies() async throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        // The stall rule must not end the load before the test cancels it.
        let loader = try Self.loader { $0.stall.windowMilliseconds = 60_000 }
        defer { loader.shutdown() }
        let replies = Replies()
        loader.load(id: 9, Self.request(""), url: "\(faults.baseURL)/stall", reply: replies.reply(for: 9))
        #expect(await waitUntilAsync(timeout: 10) { faults.requestCounts()["/stall"] == 1 })
        loader.cancel(id: 9)
        #expect(await waitUntilAsync(timeout: 5) { loader.inProgress == 0 })
        // A later, good load still answers; the cancelled one never does.
        loader.load(id: 10, Self.request(""), url: "\(faults.baseURL)/redirect/0", reply: replies.reply(for: 10))
        #expect(await replies.wait(for: 10) != nil)
        #expect(replies.count == 1)
    }

    @Test func aSecondAttemptOfALoadInProgressIsAnsweredOnce() async throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        let loader = try Self.loader()
        defer { loader.shutdown() }
        let calls = Mutex(0)
        let url = "\(faults.baseURL)/redirect/1"
        for _ in 0..<2 { loader.load(id: 3, Self.request(url), url: url) { _ in calls.withLock { $0 += 1 } } }
        #expect(await waitUntilAsync(timeout: 10) { calls.withLock { $0 } == 1 })
        #expect(await waitUntilAsync(timeout: 5) { loader.inProgress == 0 })
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func atMostTheLimitInFlight() async throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        // Stalled for longer than the test: neither the read timeout nor the stall rule frees a slot.
        let loader = try Self.loader { $0.maxConcurrentRequests = 2; $0.timeoutMilliseconds = 60_000; $0.stall.windowMilliseconds = 60_000 }
        defer { loader.shutdown() }
        let replies = Replies()
        for id in UInt64(1)...4 {
            loader.load(id: id, Self.request(""), url: "\(faults.baseURL)/stall?n=\(id)", reply: replies.reply(for: id))
        }
        #expect(await waitUntilAsync(timeout: 10) { faults.requestCounts()["/stall"] == 2 })
        // Two stalled fetches hold both slots: the other two are queued for one, and the server saw only two.
        #expect(await waitUntilAsync(timeout: 10) { loader.waitingFetches == 2 })
        #expect(faults.requestCounts()["/stall"] == 2)
        loader.cancel(id: 1)
        #expect(await waitUntilAsync(timeout: 10) { faults.requestCounts()["/stall"] == 3 })
        for id in UInt64(2)...4 { loader.cancel(id: id) }
        #expect(await waitUntilAsync(timeout: 5) { loader.inProgress == 0 })
    }

    @Test func userAgentAndConfiguredHeadersReachTheServer() async throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        try nginx.put("api/style.json", "{}")
        try nginx.put("open/style.json", "{}")
        let configuration = LoaderConfiguration(headers: [HeaderRule(prefix: "\(nginx.baseURL)/api/", headers: ["Authorization": "Bearer secret-key"])])
        let loader = try Self.loader(configuration: configuration)
        defer { loader.shutdown() }
        let replies = Replies()
        loader.load(id: 1, Self.request(""), url: "\(nginx.baseURL)/api/style.json", reply: replies.reply(for: 1))
        loader.load(id: 2, Self.request(""), url: "\(nginx.baseURL)/open/style.json", reply: replies.reply(for: 2))
        #expect(await replies.wait(for: 1)?.data == Data("{}".utf8))
        #expect(await replies.wait(for: 2)?.data == Data("{}".utf8))
        #expect(await waitUntilAsync(timeout: 5) { nginx.accessLog.split(separator: "\n").count == 2 })
        let lines = nginx.accessLog.split(separator: "\n")
        let api = try #require(lines.first { $0.contains("/api/style.json") })
        let open = try #require(lines.first { $0.contains("/open/style.json") })
        #expect(api.contains("\"MapWire/\(mapWireVersion)\"") && api.contains("\"Bearer secret-key\""))
        #expect(open.contains("\"MapWire/\(mapWireVersion)\"") && !open.contains("secret-key"))
    }

    @Test func offlineRequestsNeverTouchTheNetwork() async throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        try nginx.put("style.json", "{}")
        let loader = try Self.loader()
        defer { loader.shutdown() }
        let replies = Replies()
        var request = Self.request("\(nginx.baseURL)/style.json")
        request.request.loadingMethod = [.cache]
        loader.load(id: 1, request, url: request.request.url, reply: replies.reply(for: 1))
        let reply = try #require(await replies.wait(for: 1))
        #expect(reply.response.error.reason == .inOfflineMode)
        #expect(!nginx.accessLog.contains("style.json"))
    }

    @Test func downloadsTakeRangesAndValidators() async throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        try nginx.put("archive.bin", Data((0..<200).map { UInt8($0) }))
        let loader = try Self.loader()
        defer { loader.shutdown() }
        let url = "\(nginx.baseURL)/archive.bin"
        let range = await loader.download(url, kind: .source, headers: [("Range", "bytes=10-19")])
        #expect(range.status == 206 && range.data == Data((10..<20).map { UInt8($0) }))
        let whole = await loader.download(url, kind: .source)
        #expect(whole.status == 200 && whole.data?.count == 200 && whole.etag != nil && whole.modified != nil)
        let again = await loader.download(url, kind: .source, etag: whole.etag)
        #expect(again.status == 304 && again.notModified && again.data == nil && again.error == nil)
        let missingTile = await loader.download("\(nginx.baseURL)/none.pbf", kind: .tile)
        #expect(missingTile.noContent && missingTile.error == nil)
        let missingStyle = await loader.download("\(nginx.baseURL)/none.json", kind: .style)
        #expect(missingStyle.error?.reason == .notFound)
    }

    @Test func httpProxyIsUsedExceptForNoProxyHosts() async throws {
        let run = try TestRun()
        let origin = try NginxServer(in: run)
        try origin.put("a.json", "{}")
        let proxy = try FaultServer(in: run)
        let viaProxy = try HTTPResourceLoader(
            settings: HTTPSettings(environment: ["HTTP_PROXY": "http://127.0.0.1:\(proxy.port)"]), configuration: .init(),
            logger: Logger(label: "test"))
        defer { viaProxy.shutdown() }
        let proxied = await viaProxy.download("\(origin.baseURL)/a.json", kind: .style)
        #expect(proxied.data == Data("{}".utf8))
        #expect(proxy.requestCounts()["CONNECT 127.0.0.1:\(origin.port)"] == 1)

        let exempt = try HTTPResourceLoader(
            settings: HTTPSettings(environment: ["HTTP_PROXY": "http://127.0.0.1:\(proxy.port)", "NO_PROXY": "localhost,127.0.0.1"]),
            configuration: .init(), logger: Logger(label: "test"))
        defer { exempt.shutdown() }
        let direct = await exempt.download("\(origin.baseURL)/a.json?direct", kind: .style)
        #expect(direct.data == Data("{}".utf8))
        #expect(proxy.requestCounts()["CONNECT 127.0.0.1:\(origin.port)"] == 1)
        // nginx writes its log line after the response has gone: wait for it.
        #expect(await waitUntilAsync { origin.accessLog.contains("GET /a.json?direct") })
    }
}
