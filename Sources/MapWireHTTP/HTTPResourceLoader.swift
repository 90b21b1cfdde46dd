import Foundation
import Logging
import MapWireCache
import MapWireProtocol
import Synchronization

/// Answers `http://` and `https://` loads asynchronously: from the cache when it can (a fresh copy at
/// once; a stale one at once and refreshed in the background at `low` priority; one that must be
/// revalidated after a conditional request), else from the network through the fetcher's slots.
/// Offline requests (`loading-method` cache only) never touch the network. Each load ends in exactly
/// one reply unless it is cancelled; the loader itself never retries (the core's schedule does).
public final class HTTPResourceLoader: Sendable {
    public typealias Reply = @Sendable (Mapwire_V1_ResourceData) -> Void
    /// Told the bytes received so far while a response's body is still coming (at most once a second).
    public typealias Progress = @Sendable (Int) -> Void

    private let fetcher: HTTPFetcher
    private let slots: FetchSlots
    private let cache: (any LoaderCache)?
    private let configuration: LoaderConfiguration
    private let logger: Logger
    /// Loads in progress by request id: the task (once made), so a cancel can stop it.
    private let loads = Mutex<[UInt64: Task<Void, Never>?]>([:])
    /// URLs being refreshed behind a stale answer: one refresh each, however often they are asked for.
    private let refreshing = Mutex<Set<String>>([])

    init(settings: HTTPSettings, configuration: LoaderConfiguration, cache: (any LoaderCache)?, logger: Logger) throws {
        fetcher = try HTTPFetcher(settings: settings)
        slots = FetchSlots(limit: settings.maxConcurrentRequests)
        self.cache = cache
        self.configuration = configuration
        self.logger = logger
    }

    /// `cache`: the ambient cache (`--cache`), nil for none (`--cache-size 0`).
    public convenience init(settings: HTTPSettings, configuration: LoaderConfiguration, cache: ResourceCache? = nil,
                            logger: Logger) throws {
        try self.init(settings: settings, configuration: configuration,
                      cache: cache.map { AmbientCache($0, logger: logger) as any LoaderCache }, logger: logger)
    }

    public func shutdown() { fetcher.shutdown() }

    /// False for the core's offline requests (`loading-method` without `network`); a request that
    /// names no method at all (an older core) may.
    public static func mayUseNetwork(_ info: Mapwire_V1_ResourceRequestInfo) -> Bool {
        info.loadingMethod.isEmpty || info.loadingMethod.contains(.network)
    }

    public static func handles(_ url: String) -> Bool {
        let lower = url.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Starts the load of request `id` for `url` (already rewritten); `reply` gets its one answer.
    /// A second attempt of an id still loading is ignored: the first one's answer serves it.
    /// `deadlineUnixNanos`: the end of the core's attempt (`PluginRequest.deadline_unix_nanos`, 0 none),
    /// which bounds the wait for a silent server (`ResponseTimeouts`). `progress`: told while a body is still
    /// coming, so the core knows the load is busy, not hung (RequestProgress, PROTOCOL.md 7.4).
    public func load(id: UInt64, _ request: Mapwire_V1_LoadResource, url: String, deadlineUnixNanos: Int64 = 0,
                     progress: Progress? = nil, reply: @escaping Reply) {
        let isNew = loads.withLock { loads in
            guard loads[id] == nil else { return false }
            loads[id] = .some(nil)
            return true
        }
        guard isNew else { return }
        let task = Task(executorPreference: LoaderExecutor.shared) { [self] in
            let answer = await answer(request, url: url, deadlineUnixNanos: deadlineUnixNanos, progress: progress)
            // Only a load not cancelled meanwhile replies.
            if loads.withLock({ $0.removeValue(forKey: id) }) != nil { reply(answer) }
        }
        let cancelled = loads.withLock { loads in
            guard loads[id] != nil else { return true }
            loads[id] = task
            return false
        }
        if cancelled { task.cancel() }
    }

    /// The core no longer wants request `id`: stop its fetch; no reply is sent.
    public func cancel(id: UInt64) {
        let task = loads.withLock { $0.removeValue(forKey: id) }
        task??.cancel()
    }

    /// Loads in progress (tests and logs).
    public var inProgress: Int { loads.withLock { $0.count } }

    /// Fetches queued for a slot (every slot busy): tests see the in-flight limit hold without waiting on a clock.
    public var waitingFetches: Int { slots.waiting }

    // MARK: The decision

    func answer(_ request: Mapwire_V1_LoadResource, url: String, deadlineUnixNanos: Int64 = 0,
                progress: Progress? = nil) async -> Mapwire_V1_ResourceData {
        let info = request.request
        let now = Self.now()
        let offline = !Self.mayUseNetwork(info)
        let cached = cache?.lookup(url, now: now)
        if offline {
            guard let cached else {
                return LoadOutcome.failure(.inOfflineMode, "offline, and \(url) is not in the cache", dataSource: .database, source: .cache)
            }
            return Self.fromCache(cached)
        }
        let priority: FetchSlots.Priority = info.priority == .low ? .low : .regular
        guard let cached else {
            return await fetch(url, kind: info.kind, priority: priority, cached: nil, deadlineUnixNanos: deadlineUnixNanos, progress: progress)
        }
        switch cached.entry.freshness(now: now) {
        case .fresh:
            return Self.fromCache(cached)
        case .stale:
            refreshInBackground(url, kind: info.kind, cached: cached)
            return Self.fromCache(cached)
        case .mustRevalidate:
            return await fetch(url, kind: info.kind, priority: priority, cached: cached, deadlineUnixNanos: deadlineUnixNanos, progress: progress)
        }
    }

    /// Refreshes a stale copy behind the answer it gave. A refresh the server turned away for now (429,
    /// 5xx, no connection) is tried again later (`RevalidationRetry`): no map load asks for the copy
    /// again while the core holds its tile, so nothing else would ever renew it.
    private func refreshInBackground(_ url: String, kind: Mapwire_V1_ResourceKind, cached: CachedResource) {
        guard refreshing.withLock({ $0.insert(url).inserted }) else { return }
        Task.detached(executorPreference: LoaderExecutor.shared) { [self] in
            defer { _ = refreshing.withLock { $0.remove(url) } }
            var failures = 0
            while !Task.isCancelled {
                let answer = await fetch(url, kind: kind, priority: .low, cached: cached)
                guard answer.response.hasError else { return }
                failures += 1
                let reason = answer.response.error.reason
                guard let wait = RevalidationRetry.delayMillis(after: reason, failures: failures,
                                                               retryAfterMillis: answer.hasRetryAfterMs ? answer.retryAfterMs : nil) else {
                    logger.debug("stale copy not refreshed", metadata: ["url": "\(url)", "error": "\(answer.response.error.message)"])
                    return
                }
                logger.debug("stale copy's refresh turned away; trying again", metadata: ["url": "\(url)", "in-ms": "\(wait)"])
                try? await Task.sleep(for: .milliseconds(wait))
                // A map load may have renewed it meanwhile (a copy that must be revalidated is fetched first).
                if let now = cache?.lookup(url, now: Self.now()), case .fresh = now.entry.freshness(now: Self.now()) { return }
            }
        }
    }

    /// Background refreshes under way or waiting to be tried again (tests).
    public var refreshesInProgress: Int { refreshing.withLock { $0.count } }

    /// One network fetch (conditional when there is a cached copy), its answer, and what it leaves in the cache.
    private func fetch(_ url: String, kind: Mapwire_V1_ResourceKind, priority: FetchSlots.Priority,
                       cached: CachedResource?, deadlineUnixNanos: Int64 = 0, progress: Progress? = nil) async -> Mapwire_V1_ResourceData {
        let request = HTTPFetcher.Request(url: url, extraHeaders: configuration.extraHeaders(for: url),
                                          etag: cached?.policy.etag, modified: cached?.policy.etag == nil ? cached?.policy.modified : nil,
                                          attemptDeadlineUnixNanos: deadlineUnixNanos, progress: progress)
        let response: HTTPFetcher.Response
        do {
            response = try await slots.withSlot(priority: priority) { try await fetcher.fetch(request) }
        } catch is CancellationError {
            return LoadOutcome.failure(.other, "cancelled: \(url)", dataSource: .network, source: .network)
        } catch {
            let (reason, message) = HTTPErrorMapping.failure(error, url: url)
            logger.debug("fetch failed", metadata: ["url": "\(url)", "reason": "\(reason)", "error": "\(message)"])
            return LoadOutcome.failure(reason, message, dataSource: .network, source: .network)
        }
        let now = Self.now()
        let policy = CachePolicy(now: now) { response.headers.first(name: $0) }
        switch HTTPStatusMapping.outcome(status: response.status, kind: kind, url: url) {
        case .data:
            cache?.store(url, kind: kind, resource: CachedResource(data: response.body, policy: policy), now: now)
            return Self.fromNetwork(response.body, policy: policy)
        case .noContent:
            cache?.store(url, kind: kind, resource: CachedResource(data: Data(), noContent: true, policy: policy), now: now)
            var answer = LoadOutcome.noContent(dataSource: .network, source: .network)
            Self.describe(&answer.response, policy: policy)
            return answer
        case .notModified:
            guard let cached else {
                return LoadOutcome.failure(.other, "HTTP 304 without a cached copy: \(url)", dataSource: .network, source: .network)
            }
            // The server may send fresh validators and expiry with the 304; keep what it did not resend.
            var merged = cached.policy
            merged.expires = policy.expires ?? merged.expires
            merged.mustRevalidate = policy.mustRevalidate || (policy.expires == nil && merged.mustRevalidate)
            merged.etag = policy.etag ?? merged.etag
            merged.modified = policy.modified ?? merged.modified
            cache?.revalidated(url, policy: merged, now: now)
            var answer = Self.fromCache(CachedResource(data: cached.data, noContent: cached.noContent, policy: merged))
            answer.dataSource = .network
            answer.response.notModified = true
            return answer
        case .failure(let reason, let message):
            var answer = LoadOutcome.failure(reason, message, dataSource: .network, source: .network)
            if reason == .rateLimit, let wait = RetryAfter.milliseconds(
                retryAfter: response.headers.first(name: "Retry-After"),
                rateLimitReset: response.headers.first(name: "x-rate-limit-reset"), now: now) {
                answer.retryAfterMs = wait
            }
            return answer
        }
    }

    // MARK: Answers

    static func fromNetwork(_ data: Data, policy: CachePolicy) -> Mapwire_V1_ResourceData {
        var answer = LoadOutcome.data(data, dataSource: .network, source: .network)
        describe(&answer.response, policy: policy)
        return answer
    }

    static func fromCache(_ cached: CachedResource) -> Mapwire_V1_ResourceData {
        var answer = cached.noContent
            ? LoadOutcome.noContent(dataSource: .database, source: .cache)
            : LoadOutcome.data(cached.data, dataSource: .database, source: .cache)
        describe(&answer.response, policy: cached.policy)
        return answer
    }

    /// The response fields a policy fills: `expires`, `modified` (RFC 1123), `etag`, `must-revalidate`.
    static func describe(_ response: inout Mapwire_V1_ResourceResponse, policy: CachePolicy) {
        if let expires = policy.expires { response.expires = RFC1123.format(Date(timeIntervalSince1970: Double(expires))) }
        if let modified = policy.modified { response.modified = RFC1123.format(Date(timeIntervalSince1970: Double(modified))) }
        if let etag = policy.etag { response.etag = etag }
        response.mustRevalidate = policy.mustRevalidate
    }

    static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }
}

// MARK: Downloads for other parts (offline regions, PMTiles over Range requests)

/// What `HTTPResourceLoader.download` fetched: the body or a missing resource with the validators to
/// store beside it, or the error the loader would have answered.
public struct HTTPDownload: Sendable {
    public var status: Int
    /// The body of a 200/206; nil otherwise.
    public var data: Data?
    /// 204, or a tile's 404.
    public var noContent = false
    /// A 304 to a conditional download: the stored copy is still good.
    public var notModified = false
    public var etag: String?
    /// Unix seconds.
    public var modified: Int64?
    public var expires: Int64?
    public var mustRevalidate = false
    public var error: Mapwire_V1_ResponseError?
    /// With a `rate-limit` error: the server's Retry-After (else x-rate-limit-reset), in milliseconds.
    public var retryAfterMs: UInt32?
}

extension HTTPResourceLoader {
    /// Fetches `url` through the same slots as map loads (at `priority`, so a region download at `low`
    /// never holds up the map), with the User-Agent, the configured headers plus `headers` (a `Range`),
    /// and `etag`/`modified` as validators. It neither reads nor writes the ambient cache: the caller
    /// stores what it got (an offline region's own rows). Cancel by cancelling the calling task.
    public func download(_ url: String, kind: Mapwire_V1_ResourceKind, priority: Mapwire_V1_ResourcePriority = .low,
                         headers: [(name: String, value: String)] = [], etag: String? = nil, modified: Int64? = nil) async -> HTTPDownload {
        await withTaskExecutorPreference(LoaderExecutor.shared) {
            await fetchDownload(url, kind: kind, priority: priority, headers: headers, etag: etag, modified: modified)
        }
    }

    private func fetchDownload(_ url: String, kind: Mapwire_V1_ResourceKind, priority: Mapwire_V1_ResourcePriority,
                               headers: [(name: String, value: String)], etag: String?, modified: Int64?) async -> HTTPDownload {
        let request = HTTPFetcher.Request(url: url, extraHeaders: configuration.extraHeaders(for: url) + headers,
                                          etag: etag, modified: etag == nil ? modified : nil)
        let response: HTTPFetcher.Response
        do {
            response = try await slots.withSlot(priority: priority == .low ? .low : .regular) { try await fetcher.fetch(request) }
        } catch {
            let (reason, message) = error is CancellationError ? (.other, "cancelled: \(url)") : HTTPErrorMapping.failure(error, url: url)
            return HTTPDownload(status: 0, error: .with { $0.reason = reason; $0.message = message })
        }
        let now = Self.now()
        let policy = CachePolicy(now: now) { response.headers.first(name: $0) }
        var result = HTTPDownload(status: response.status, etag: policy.etag, modified: policy.modified,
                                  expires: policy.expires, mustRevalidate: policy.mustRevalidate)
        switch HTTPStatusMapping.outcome(status: response.status, kind: kind, url: url) {
        case .data: result.data = response.body
        case .noContent: result.noContent = true
        case .notModified: result.notModified = true
        case .failure(let reason, let message):
            result.error = .with { $0.reason = reason; $0.message = message }
            if reason == .rateLimit {
                result.retryAfterMs = RetryAfter.milliseconds(retryAfter: response.headers.first(name: "Retry-After"),
                                                              rateLimitReset: response.headers.first(name: "x-rate-limit-reset"), now: now)
            }
        }
        return result
    }
}
