import Foundation
import MapWireProtocol
import Synchronization

/// An answer, independent of the HTTP framework.
public struct ServeResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Data

    static func text(_ status: Int, _ message: String, headers: [(String, String)] = []) -> ServeResponse {
        ServeResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Data((message + "\n").utf8))
    }

    static func json(_ object: Any) -> ServeResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return ServeResponse(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-cache")], body: data)
    }
}

/// What the server does with a request: routes it, answers from the cache of rendered images, or has
/// the style's core draw the view (render-view), crops and encodes it. One image being drawn is shared
/// by every request for it.
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

    /// Why an image could not be made, as HTTP says it.
    struct RenderFailure: Error {
        let status: Int
        let message: String
        var retryAfter: Int? = nil
    }

    public let styles: [String: ServedStyle]
    public let settings: Settings
    public let metrics: ServeMetrics
    public let liveViewHTML: Data
    private let cache: Mutex<RenderedTileCache>
    private let inFlight = Mutex<[String: Task<RenderedTileCache.Entry, any Error>]>([:])

    public init(styles: [ServedStyle], settings: Settings, metrics: ServeMetrics, liveViewHTML: Data = Data()) {
        self.styles = Dictionary(styles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.settings = settings
        self.metrics = metrics
        self.liveViewHTML = liveViewHTML
        cache = Mutex(RenderedTileCache(budgetBytes: settings.cacheBytes))
    }

    public var isReady: Bool { !styles.isEmpty && styles.values.allSatisfy(\.isReady) }

    /// Answers a GET: `path` without its query, `query` decoded, `ifNoneMatch` the header, `baseURL`
    /// (scheme and host) for the URLs in TileJSON.
    public func respond(path: String, query: [(String, String)], ifNoneMatch: String?, baseURL: String) async -> ServeResponse {
        let started = ContinuousClock.now
        let (kind, response) = await answer(path: path, query: query, ifNoneMatch: ifNoneMatch, baseURL: baseURL)
        metrics.request(kind: kind, status: response.status, duration: ContinuousClock.now - started)
        return response
    }

    private func answer(path: String, query: [(String, String)], ifNoneMatch: String?, baseURL: String) async -> (String, ServeResponse) {
        let route: ServeRoute
        do { route = try ServeRoute.parse(path: path, query: query, maxSize: settings.maxSize) }
        catch { return ("invalid", .text(error.status, error.message)) }
        switch route {
        case .liveView:
            return ("live", ServeResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: liveViewHTML))
        case .health:
            return ("health", isReady ? .text(200, "ready") : .text(503, "starting: not every style has loaded", headers: [("Retry-After", "1")]))
        case .metrics:
            return ("metrics", ServeResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")], body: Data(metrics.text().utf8)))
        case .tileJSON(let id):
            guard let style = styles[id] else { return ("tilejson", unknown(id)) }
            return ("tilejson", .json(tileJSON(style, baseURL: baseURL)))
        case .styleJSON(let id):
            guard let style = styles[id] else { return ("style", unknown(id)) }
            guard let json = style.json else {
                return ("style", ServeResponse(status: 302, headers: [("Location", style.location)], body: Data()))
            }
            return ("style", ServeResponse(status: 200, headers: [("Content-Type", "application/json")], body: json))
        case .tile(let tile):
            guard let style = styles[tile.style] else { return ("tile", unknown(tile.style)) }
            return ("tile", await image(key: tile.cacheKey, style: style, view: ViewGeometry.view(for: tile), format: tile.format,
                                        ifNoneMatch: ifNoneMatch))
        case .staticImage(let request):
            guard let style = styles[request.style] else { return ("static", unknown(request.style)) }
            let key = "static:\(path)?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
            return ("static", await image(key: key, style: style, view: ViewGeometry.view(for: request), format: request.format,
                                          overlay: StaticOverlay.overlay(for: request), ifNoneMatch: ifNoneMatch))
        }
    }

    private func unknown(_ id: String) -> ServeResponse {
        .text(404, "no style \"\(id)\" (serving: \(styles.keys.sorted().joined(separator: ", ")))")
    }

    private func image(key: String, style: ServedStyle, view: ViewSpec, format: ServeImageFormat,
                       overlay: Mapwire_V1_AnnotationOverlay? = nil, ifNoneMatch: String?) async -> ServeResponse {
        let entry: RenderedTileCache.Entry
        if let cached = cache.withLock({ $0.get(key) }) {
            metrics.cache(hit: true)
            entry = cached
        } else {
            metrics.cache(hit: false)
            do { entry = try await render(key: key, style: style, view: view, format: format, overlay: overlay).value }
            catch let failure as RenderFailure {
                return .text(failure.status, failure.message, headers: failure.retryAfter.map { [("Retry-After", "\($0)")] } ?? [])
            } catch {
                return .text(500, "\(error)")
            }
        }
        let headers = [("ETag", entry.etag), ("Cache-Control", "public, max-age=\(settings.maxAgeSeconds)")]
        if ETag.matches(ifNoneMatch, entry.etag) { return ServeResponse(status: 304, headers: headers, body: Data()) }
        return ServeResponse(status: 200, headers: [("Content-Type", format.contentType)] + headers, body: entry.bytes)
    }

    /// The drawing of one image, shared by every request for the same key while it is under way.
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
        guard style.isReady else {
            throw RenderFailure(status: 503, message: "the style \"\(style.id)\" is still loading", retryAfter: 1)
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
        let started = ContinuousClock.now
        let reply: Mapwire_V1_CommandReply
        do {
            // The bridge waits a little longer than the core, so the core's own answer says why.
            reply = try await style.bridge.send(.renderView(command), timeoutMilliseconds: settings.renderTimeoutMilliseconds + 2000)
        } catch {
            throw RenderFailure(status: 503, message: "the view was not drawn: \(error)", retryAfter: 2)
        }
        guard reply.ok else {
            switch reply.errorCode {
            case .invalidArgument: throw RenderFailure(status: 400, message: reply.error)
            default: throw RenderFailure(status: 503, message: "the view was not drawn: \(reply.error)", retryAfter: 2)
            }
        }
        metrics.rendered(in: ContinuousClock.now - started)
        let bytes: Data
        do {
            bytes = try ImageCrop.finish(png: reply.snapshot.png, margin: view.cropMargin, width: view.outputWidth,
                                         height: view.outputHeight, format: format)
        } catch {
            throw RenderFailure(status: 500, message: "the drawn view could not be encoded as \(format.rawValue): \(error)")
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
