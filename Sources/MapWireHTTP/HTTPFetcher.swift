import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOSSL
import Synchronization

/// Fetches one URL with AsyncHTTPClient: redirects (at most 5, loops refused), gzip/deflate
/// decompressed under the body limit, the User-Agent, the configured extra headers, validators for a
/// conditional request, and the body streamed and aborted once it passes `maxBodyBytes`.
/// One client per proxy route (direct, `HTTP_PROXY`, `HTTPS_PROXY`), all on NIO's singleton loop group.
final class HTTPFetcher: Sendable {
    static let maximumRedirects = 5

    struct Request: Sendable {
        var url: String
        var extraHeaders: [(name: String, value: String)] = []
        /// Validators of a cached copy: `If-None-Match` when there is an etag, else `If-Modified-Since`.
        var etag: String?
        var modified: Int64?
        /// The end of the core's attempt (`PluginRequest.deadline_unix_nanos`, 0: none): the response's
        /// headers are waited for only so long that the answer still reaches the core in time.
        var attemptDeadlineUnixNanos: Int64 = 0
        /// Told 0 when the response begins, then the bytes received so far while the body is still coming (`progressIntervalMilliseconds`).
        var progress: HTTPResourceLoader.Progress?
    }

    /// How often a body still coming is reported (`Request.progress`): well within the core's attempts.
    static let progressIntervalMilliseconds = 1_000

    struct Response: Sendable {
        var status: Int
        var headers: HTTPHeaders
        /// Empty unless the status carries data (200, 206).
        var body: Data
    }

    private let direct: HTTPClient
    private let viaHTTPProxy: HTTPClient?
    private let viaHTTPSProxy: HTTPClient?
    private let settings: HTTPSettings

    init(settings: HTTPSettings) throws {
        self.settings = settings
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile = settings.caFile {
            guard FileManager.default.isReadableFile(atPath: caFile) else { throw HTTPFetcherError("cannot read --ca-file \(caFile)") }
            tls.additionalTrustRoots = [.file(caFile)]
        }
        func client(_ proxy: ProxySettings.Server?) -> HTTPClient {
            var configuration = HTTPClient.Configuration(
                tlsConfiguration: tls,
                redirectConfiguration: .follow(max: Self.maximumRedirects, allowCycles: false),
                timeout: .init(connect: .milliseconds(Int64(settings.connectTimeoutMilliseconds)),
                               read: .milliseconds(Int64(settings.timeoutMilliseconds))),
                proxy: proxy.map(Self.proxy),
                decompression: .enabled(limit: .size(settings.maxBodyBytes)))
            configuration.httpVersion = .automatic
            // A connection that cannot be made fails this attempt at once (`connection`): the core retries
            // on its own schedule (PROTOCOL.md 7.8), so the client must not retry until its connect timeout.
            configuration.connectionPool.retryConnectionEstablishment = false
            return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        }
        direct = client(nil)
        viaHTTPProxy = settings.proxies.http.map(client)
        viaHTTPSProxy = settings.proxies.https.map(client)
    }

    /// Ends the clients' connections (the loader's last act).
    func shutdown() {
        for client in [direct, viaHTTPProxy, viaHTTPSProxy].compactMap({ $0 }) { try? client.syncShutdown() }
    }

    func fetch(_ request: Request) async throws -> Response {
        var http = HTTPClientRequest(url: request.url)
        http.headers.add(name: "User-Agent", value: HTTPSettings.userAgent)
        http.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        for (name, value) in request.extraHeaders { http.headers.replaceOrAdd(name: name, value: value) }
        if let etag = request.etag { http.headers.add(name: "If-None-Match", value: etag) }
        else if let modified = request.modified {
            http.headers.add(name: "If-Modified-Since", value: RFC1123.format(Date(timeIntervalSince1970: Double(modified))))
        }
        let headerWait = ResponseTimeouts.headerWait(timeoutMilliseconds: settings.timeoutMilliseconds,
                                                     attemptDeadlineUnixNanos: request.attemptDeadlineUnixNanos,
                                                     nowUnixNanos: Int64(Date().timeIntervalSince1970 * 1e9))
        let response: HTTPClientResponse
        do { response = try await client(for: request.url).execute(http, timeout: .milliseconds(Int64(headerWait))) }
        catch let error as HTTPClientError where error == .deadlineExceeded { throw NoResponseHeaders(waitedMilliseconds: headerWait) }
        let status = Int(response.status.code)
        guard status == 200 || status == 206 else {
            // Error and 304 bodies are not read: dropping the stream ends the request.
            return Response(status: status, headers: response.headers, body: Data())
        }
        // The server answered: the load is under way (the core hears it at once, not a second into the body).
        request.progress?(0)
        let limit = settings.maxBodyBytes
        // A declared length over the limit fails before any byte (compressed lengths are checked as they inflate).
        let length = response.headers.first(name: "Content-Length").flatMap(Int.init)
        if response.headers["Content-Encoding"].isEmpty, let length, length > limit { throw BodyTooLarge(limit: limit) }
        let body = try await Self.read(response.body, limit: limit, expected: length, stall: settings.stall, progress: request.progress)
        return Response(status: status, headers: response.headers, body: body)
    }

    /// The body, read while a watchdog checks that it keeps coming: a server that stops sending, or
    /// drips a byte a second (which no read timeout catches), fails the fetch with `BodyStalled`. Meanwhile
    /// the watchdog reports the bytes so far to `progress` each second they grew.
    private static func read(_ body: HTTPClientResponse.Body, limit: Int, expected: Int?, stall: StallRule,
                             progress: HTTPResourceLoader.Progress?) async throws -> Data {
        let received = ReceivedBytes()
        return try await withThrowingTaskGroup(of: Data?.self) { group in
            group.addTask {
                var data = Data()
                for try await chunk in body {
                    guard data.count + chunk.readableBytes <= limit else { throw BodyTooLarge(limit: limit) }
                    data.append(contentsOf: chunk.readableBytesView)
                    received.count.store(data.count, ordering: .relaxed)
                }
                // A body cut short by the watchdog's cancellation ends like a whole one: not taken.
                try Task.checkCancellation()
                return data
            }
            group.addTask {
                var watch = BodyWatch(stall: stall, expected: expected, progressIntervalMilliseconds: progress == nil ? nil : progressIntervalMilliseconds)
                while true {
                    try await Task.sleep(for: .milliseconds(watch.nextWakeMilliseconds))
                    switch watch.step(received: received.count.load(ordering: .relaxed)) {
                    case .stalled(let error): throw error
                    case .progress(let bytes): progress?(bytes)
                    case .nothing: break
                    }
                }
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let data = first else { throw CancellationError() }
            return data
        }
    }

    private func client(for url: String) -> HTTPClient {
        guard let parsed = URL(string: url), let scheme = parsed.scheme, let host = parsed.host,
              settings.proxies.proxy(scheme: scheme, host: host) != nil else { return direct }
        return (scheme.lowercased() == "https" ? viaHTTPSProxy : viaHTTPProxy) ?? direct
    }

    private static func proxy(_ server: ProxySettings.Server) -> HTTPClient.Configuration.Proxy {
        if server.socks { return .socksServer(host: server.host, port: server.port) }
        let authorization = server.user.map { HTTPClient.Authorization.basic(username: $0, password: server.password ?? "") }
        return .server(host: server.host, port: server.port, authorization: authorization)
    }
}

/// How much of a body has come, written by its reader and read by the stall watchdog.
private final class ReceivedBytes: Sendable {
    let count = Atomic<Int>(0)
}

struct HTTPFetcherError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
