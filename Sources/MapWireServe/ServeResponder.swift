import Foundation
import MapWireProtocol
import MapWireServeInput
import Synchronization

/// An answer, independent of the HTTP framework.
public struct ServeResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Data

    public init(status: Int, headers: [(String, String)], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    static func text(_ status: Int, _ message: String, headers: [(String, String)] = []) -> ServeResponse {
        ServeResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff")] + headers,
                      body: Data((message + "\n").utf8))
    }

    static func json(_ object: Any, status: Int = 200, headers: [(String, String)] = []) -> ServeResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return ServeResponse(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-cache")] + headers, body: data)
    }

    public func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
}

/// A request as the responder needs it, independent of the HTTP framework.
public struct ServeRequest: Sendable {
    public var method: String
    /// Without the query.
    public var path: String
    public var query: [(String, String)]
    /// By lower-case name.
    public var headers: [String: String]
    /// The peer is on the loopback interface (only such a peer may ask for a reload).
    public var fromLoopback: Bool
    /// Scheme and host, for the URLs in TileJSON.
    public var baseURL: String

    public init(method: String = "GET", path: String, query: [(String, String)] = [], headers: [String: String] = [:],
                fromLoopback: Bool = true, baseURL: String = "http://127.0.0.1") {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.fromLoopback = fromLoopback
        self.baseURL = baseURL
    }
}

/// What a reload did, style by style (`POST /admin/reload`, SIGHUP).
public struct ReloadOutcome: Sendable, Equatable {
    public var ok: Bool
    public var message: String
    /// (style id, what happened to it), in the styles' order.
    public var styles: [(String, String)]

    public init(ok: Bool, message: String, styles: [(String, String)] = []) {
        self.ok = ok
        self.message = message
        self.styles = styles
    }

    public static func == (a: ReloadOutcome, b: ReloadOutcome) -> Bool {
        a.ok == b.ok && a.message == b.message && a.styles.map(\.0) == b.styles.map(\.0) && a.styles.map(\.1) == b.styles.map(\.1)
    }
}

/// What the server does with a request: routes it, answers from the cache of rendered images, or has
/// the style's core draw the view (render-view), crops and encodes it. One image being drawn is shared
/// by every request for it. An image drawn without data it needed is never a success, nor cached.
public final class ServeResponder: Sendable {
    public struct Settings: Sendable {
        public var maxSize: Int
        public var renderTimeoutMilliseconds: Int
        public var cacheBytes: Int
        /// Seconds a client may keep an image (Cache-Control max-age).
        public var maxAgeSeconds: Int

        public init(maxSize: Int = 2048, renderTimeoutMilliseconds: Int = 30_000, cacheBytes: Int = 64 << 20, maxAgeSeconds: Int = 3600) {
            self.maxSize = maxSize
            self.renderTimeoutMilliseconds = renderTimeoutMilliseconds
            self.cacheBytes = cacheBytes
            self.maxAgeSeconds = maxAgeSeconds
        }
    }

    public let styles: StyleRegistry
    public let settings: Settings
    public let metrics: ServeMetrics
    public let liveViewHTML: Data
    /// Paths of this host never shown in an answer.
    public let paths: ServerPaths
    private let reload: (@Sendable () async -> ReloadOutcome)?
    private let cache: Mutex<RenderedTileCache>
    private let inFlight = Mutex<[String: Task<RenderedTileCache.Entry, any Error>]>([:])

    public init(styles: StyleRegistry, settings: Settings, metrics: ServeMetrics, liveViewHTML: Data = Data(),
                paths: ServerPaths = .standard([]), reload: (@Sendable () async -> ReloadOutcome)? = nil) {
        self.styles = styles
        self.settings = settings
        self.metrics = metrics
        self.liveViewHTML = liveViewHTML
        self.paths = paths
        self.reload = reload
        cache = Mutex(RenderedTileCache(budgetBytes: settings.cacheBytes))
    }

    /// Every style settled and one at least ready: a load balancer may send traffic.
    public var isReady: Bool {
        let all = styles.all.map(\.state)
        return !all.isEmpty && all.allSatisfy(\.isSettled) && all.contains(where: \.isReady)
    }

    public func respond(_ request: ServeRequest) async -> ServeResponse {
        let started = ContinuousClock.now
        let (kind, response) = await answer(request)
        metrics.request(kind: kind, status: response.status, duration: ContinuousClock.now - started)
        return response
    }

    /// Answers a GET: `path` without its query, `query` decoded, `ifNoneMatch` the header, `baseURL`
    /// (scheme and host) for the URLs in TileJSON.
    public func respond(path: String, query: [(String, String)], ifNoneMatch: String?, baseURL: String) async -> ServeResponse {
        await respond(ServeRequest(path: path, query: query, headers: ifNoneMatch.map { ["if-none-match": $0] } ?? [:], baseURL: baseURL))
    }

    private func answer(_ request: ServeRequest) async -> (String, ServeResponse) {
        let route: ServeRoute
        do { route = try ServeRoute.parse(path: request.path, query: request.query, maxSize: settings.maxSize) }
        catch { return ("invalid", fail(ServeFailure(status: error.status, message: error.message))) }
        let kind = Self.kind(route)
        if let refused = refusedMethod(request, route) { return (kind, refused) }
        if request.method == "OPTIONS" {
            return (kind, OriginPolicy.preflight(requestedHeaders: request.headers["access-control-request-headers"]))
        }
        var response = await answer(route, request)
        if route.isPublicData { response.headers += OriginPolicy.publicHeaders }
        return (kind, response)
    }

    /// 405 for a method the route does not take (GET and HEAD everywhere, OPTIONS on public data, POST
    /// for a reload only).
    private func refusedMethod(_ request: ServeRequest, _ route: ServeRoute) -> ServeResponse? {
        let allowed = route == .adminReload ? ["POST"] : (route.isPublicData ? ["GET", "HEAD", "OPTIONS"] : ["GET", "HEAD"])
        guard !allowed.contains(request.method) else { return nil }
        var response = fail(ServeFailure(status: 405, message: "\(request.method.prefix(20)) is not answered here (\(allowed.joined(separator: ", ")))"))
        response.headers.append(("Allow", allowed.joined(separator: ", ")))
        return response
    }

    private func answer(_ route: ServeRoute, _ request: ServeRequest) async -> ServeResponse {
        switch route {
        case .liveView:
            return ServeResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: liveViewHTML)
        case .health, .healthReady:
            return health()
        case .healthLive:
            return .json(["live": true])
        case .metrics:
            return ServeResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")], body: Data(metrics.text().utf8))
        case .adminReload:
            return await reloadAnswer(request)
        case .tileJSON(let id):
            guard let style = styles[id] else { return unknown(id) }
            if case .failed(let failure) = style.state { return fail(failure) }
            return .json(tileJSON(style, baseURL: request.baseURL))
        case .styleJSON(let id):
            guard let style = styles[id] else { return unknown(id) }
            if case .failed(let failure) = style.state { return fail(failure) }
            guard let json = style.json else {
                return fail(ServeFailure(status: 502, message: "the style document of \"\(id)\" could not be fetched; reload the server once it can be",
                                         retryAfterSeconds: 60))
            }
            return ServeResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(paths.redact(String(decoding: json, as: UTF8.self)).utf8))
        case .tile(let tile):
            guard let style = styles[tile.style] else { return unknown(tile.style) }
            return await style.serving {
                await image(key: tile.cacheKey, style: style, view: ViewGeometry.view(for: tile), format: tile.format,
                            ifNoneMatch: request.headers["if-none-match"])
            }
        case .staticImage(let image):
            guard let style = styles[image.style] else { return unknown(image.style) }
            let key = "static:\(request.path)?" + request.query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
            return await style.serving {
                await self.image(key: key, style: style, view: ViewGeometry.view(for: image), format: image.format,
                                 overlay: StaticOverlay.overlay(for: image), ifNoneMatch: request.headers["if-none-match"])
            }
        }
    }

    static func kind(_ route: ServeRoute) -> String {
        switch route {
        case .liveView: "live"
        case .health, .healthLive, .healthReady: "health"
        case .metrics: "metrics"
        case .adminReload: "reload"
        case .tileJSON: "tilejson"
        case .styleJSON: "style"
        case .tile: "tile"
        case .staticImage: "static"
        }
    }

    private func fail(_ failure: ServeFailure) -> ServeResponse { failure.response(redacting: paths) }

    private func unknown(_ id: String) -> ServeResponse {
        fail(ServeFailure(status: 404, message: "no style \"\(id.prefix(100))\" (serving: \(styles.ids.joined(separator: ", ")))"))
    }

    /// Each style's state; 200 once every style settled and one at least is ready, else 503.
    private func health() -> ServeResponse {
        var report: [String: Any] = [:]
        for style in styles.all {
            var entry: [String: Any] = ["state": style.state.word, "generation": style.generation]
            switch style.state {
            case .starting(let why): entry["detail"] = why
            case .failed(let failure): entry["detail"] = paths.redact(failure.message); entry["status"] = failure.status
            case .ready: break
            }
            report[style.id] = entry
        }
        let ready = isReady
        return .json(["ready": ready, "styles": report], status: ready ? 200 : 503,
                     headers: ready ? [] : [("Retry-After", "1"), ("Cache-Control", "no-store")])
    }

    private func reloadAnswer(_ request: ServeRequest) async -> ServeResponse {
        guard request.fromLoopback else {
            return fail(ServeFailure(status: 403, message: "a reload is asked for from this host only (loopback)"))
        }
        guard let reload else { return fail(ServeFailure(status: 501, message: "this server cannot reload", retryAfterSeconds: nil)) }
        let outcome = await reload()
        var styles: [String: String] = [:]
        for (id, what) in outcome.styles { styles[id] = paths.redact(what) }
        return .json(["ok": outcome.ok, "message": paths.redact(outcome.message), "styles": styles], status: outcome.ok ? 200 : 500)
    }

    private func image(key: String, style: ServedStyle, view: ViewSpec, format: ServeImageFormat,
                       overlay: Mapwire_V1_AnnotationOverlay? = nil, ifNoneMatch: String?) async -> ServeResponse {
        // A reloaded style draws afresh: its images are cached under its own generation.
        let key = "\(style.generation):\(key)"
        let entry: RenderedTileCache.Entry
        if let cached = cache.withLock({ $0.get(key) }) {
            metrics.cache(hit: true)
            entry = cached
        } else {
            metrics.cache(hit: false)
            do { entry = try await render(key: key, style: style, view: view, format: format, overlay: overlay).value }
            catch let failure as ServeFailure {
                return fail(failure)
            } catch {
                return fail(ServeFailure(status: 500, message: "\(error)"))
            }
        }
        let headers = [("ETag", entry.etag), ("Cache-Control", "public, max-age=\(settings.maxAgeSeconds)")]
        if ETag.matches(ifNoneMatch, entry.etag) { return ServeResponse(status: 304, headers: headers, body: Data()) }
        return ServeResponse(status: 200, headers: [("Content-Type", format.contentType)] + headers, body: entry.bytes)
    }

    /// The drawing of one image, shared by every request for the same key while it is under way; only an
    /// image drawn whole is kept.
    private func render(key: String, style: ServedStyle, view: ViewSpec, format: ServeImageFormat,
                        overlay: Mapwire_V1_AnnotationOverlay?) -> Task<RenderedTileCache.Entry, any Error> {
        inFlight.withLock { running in
            if let task = running[key] { return task }
            let task = Task { [self] in
                defer { _ = inFlight.withLock { $0.removeValue(forKey: key) } }
                let entry = try await draw(style: style, view: view, format: format, overlay: overlay)
                cache.withLock { $0.put(key, entry) }
                return entry
            }
            running[key] = task
            return task
        }
    }

    private func draw(style: ServedStyle, view: ViewSpec, format: ServeImageFormat,
                      overlay: Mapwire_V1_AnnotationOverlay?) async throws -> RenderedTileCache.Entry {
        switch style.state {
        case .ready: break
        case .failed(let failure): throw failure
        case .starting(let why): throw ServeFailure(status: 503, message: "the style \"\(style.id)\" is still loading: \(why)", retryAfterSeconds: 1)
        }
        let command = Mapwire_V1_RenderView.with {
            $0.camera = .with {
                $0.center = .with { $0.longitude = view.longitude; $0.latitude = view.latitude }
                $0.zoom = view.zoom
                $0.bearing = view.bearing
                $0.pitch = view.pitch
                $0.width = UInt32(view.width)
                $0.height = UInt32(view.height)
            }
            $0.pixelRatio = view.pixelRatio
            $0.timeoutMs = UInt32(settings.renderTimeoutMilliseconds)
            if let overlay { $0.overlay = overlay }
        }
        // Past the style's queue the request is shed with 503 at once, before the core or its renderers see it.
        try await style.gate.admit(timeoutMilliseconds: settings.renderTimeoutMilliseconds)
        let started = ContinuousClock.now
        let reply: Mapwire_V1_CommandReply
        do {
            defer { style.gate.release() }
            // The bridge waits a little longer than the core, so the core's own answer says why.
            reply = try await style.bridge.send(.renderView(command), timeoutMilliseconds: settings.renderTimeoutMilliseconds + 2000)
        } catch {
            throw ServeFailure(status: 503, message: "the view was not drawn: \(error)", retryAfterSeconds: 2)
        }
        guard reply.ok else {
            switch reply.errorCode {
            case .invalidArgument: throw ServeFailure(status: 400, message: reply.error)
            default: throw ServeFailure(status: 503, message: "the view was not drawn: \(reply.error)", retryAfterSeconds: 2)
            }
        }
        if let failure = FailedLoadAnswer.failure(reply.snapshot.failedLoads) { throw failure }
        metrics.rendered(in: ContinuousClock.now - started)
        let bytes: Data
        do {
            bytes = try ImageCrop.finish(png: reply.snapshot.png, margin: view.cropMargin, width: view.outputWidth,
                                         height: view.outputHeight, format: format)
        } catch {
            throw ServeFailure(status: 500, message: "the drawn view could not be encoded as \(format.rawValue): \(error)")
        }
        return RenderedTileCache.Entry(bytes: bytes, etag: ETag.of(bytes))
    }

    /// TileJSON's `[lon, lat, zoom]` (zoom a whole number, as tileserver-gl gives it): the style's centre
    /// and zoom, the zoom one more than the style's (TileJSON zooms count 256 px tiles, the style's 512
    /// px); a style without a centre gets the middle of the bounds at the zoom a 1024 px wide map shows
    /// them whole (the world: zoom 2), as tileserver-gl does.
    static func center(_ center: [Double]?, zoom: Double?) -> [Double] {
        if let center, center.count >= 2, center[0].isFinite, center[1].isFinite {
            let zoom = min(max(((zoom ?? 0) + 1).rounded(), 0), Double(ServeRoute.maxZoom))
            return [center[0], center[1], zoom]
        }
        return [0, 0, 2]
    }

    private func tileJSON(_ style: ServedStyle, baseURL: String) -> [String: Any] {
        let summary = style.summary
        var json: [String: Any] = [
            "tilejson": "2.0.0",
            "name": summary.name,
            "tiles": ["\(baseURL)/styles/\(style.id)/{z}/{x}/{y}.png"],
            "minzoom": 0,
            "maxzoom": ServeRoute.maxZoom,
            "bounds": [-180, -85.0511, 180, 85.0511],
            "format": "png",
            "type": "baselayer",
        ]
        json["center"] = Self.center(summary.center, zoom: summary.zoom)
        return json
    }
}

extension ServeRoute {
    /// Data any web page may read (CORS `*`): tiles, static images, TileJSON and style.json.
    var isPublicData: Bool {
        switch self {
        case .tile, .staticImage, .tileJSON, .styleJSON: true
        default: false
        }
    }
}
