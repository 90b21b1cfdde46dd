import MapWireProtocol

/// What of the current style failed to load, judged by each resource's latest outcome rather than by
/// its first failure: a load the core tries again (PROTOCOL.md 7.8) and that then succeeds is no
/// failure, and one the map no longer wants (cancelled) is forgotten. What `mapwire up --exit-when`
/// and `mapwire snapshot` report when they end, and what makes them exit 1. Pure: feed it the events
/// in order.
///
/// - A failed `resource-request` is a failure of that URL until a later one of the same kind and URL
///   succeeds or is cancelled. Its `map-loading-error` (published right after it, 6.1) names the failure's
///   type (tile, source, …) and the source and tile.
/// - A `map-loading-error` with no failed request of its kind before it is a failure of the content (a
///   style or TileJSON that is not valid, a sprite that is not a PNG, no `glyphs` URL): it is not tried
///   again, so it stays until another style starts. A `renderer` error ends at the next `full` frame.
/// - `map-will-start-loading` (another style) starts over.
///
/// Style, source, tile and renderer failures are fatal (the map is not what was asked for); sprite and
/// glyph failures are warnings: the map is drawn without those icons or labels.
public struct LoadFailures: Sendable {
    public struct Failure: Equatable, Sendable {
        /// The `map-loading-error` type; `nil` until the error that names it arrives.
        public var type: Mapwire_V1_MapLoadingError.TypeEnum?
        public var message: String
        /// The resource that failed, when a request failed (not for content failures).
        public var url: String?
        /// Why its latest attempt failed, when a request failed.
        public var reason: Mapwire_V1_ErrorReason?
        public var sourceID: String?
        public var tileID: Mapwire_V1_TileId?

        /// Whether the map is not what was asked for (versus drawn without some icons or labels).
        public var isFatal: Bool { type != .sprite && type != .glyphs }

        /// Whether the core asks for it again by itself (PROTOCOL.md 7.8: server, connection and
        /// rate-limit failures on a clock, offline ones when back online).
        public var willBeRetried: Bool {
            guard let reason else { return false }
            return [.server, .connection, .rateLimit, .inOfflineMode].contains(reason)
        }

        /// `tile 14/4201/6092 of "roads": HTTP 503 server error: https://…`.
        public var line: String {
            var what = type?.documentedName ?? "resource"
            if let tileID { what += " \(tileID.z)/\(tileID.x)/\(tileID.y)" }
            if let sourceID { what += " of \"\(sourceID)\"" }
            return "\(what): \(message)"
        }
    }

    private struct RequestKey: Hashable {
        var kind: Mapwire_V1_ResourceKind
        var url: String
    }

    /// Failed requests by resource, with the order they first failed in.
    private var requests: [RequestKey: Failure] = [:]
    private var requestOrder: [RequestKey] = []
    /// Failed requests whose `map-loading-error` has not come yet, oldest first.
    private var unnamed: [RequestKey] = []
    /// Failures of content, in order.
    private var content: [Failure] = []

    public init() {}

    /// Every failure still standing, in the order they happened.
    public var failures: [Failure] { requestOrder.compactMap { requests[$0] } + content }

    /// The failures that make the map not what was asked for.
    public var fatal: [Failure] { failures.filter(\.isFatal) }

    /// The style's failure when nothing will load it: no retry is coming (a missing or invalid style).
    public var styleFailedForGood: Failure? { failures.first { $0.type == .style && !$0.willBeRetried } }

    public mutating func apply(_ payload: Mapwire_V1_Envelope.OneOf_Payload) {
        switch payload {
        case .mapWillStartLoading:
            self = LoadFailures()
        case .resourceRequest(let r):
            let key = RequestKey(kind: r.request.kind, url: r.request.url)
            if r.cancelled || !r.response.hasError {
                forget(key)
            } else if requests[key] == nil {
                requests[key] = Failure(type: nil, message: r.response.error.message, url: r.request.url, reason: r.response.error.reason)
                requestOrder.append(key)
                unnamed.append(key)
            } else {
                // A retry that failed again: the latest reason is the one to report.
                requests[key]?.message = r.response.error.message
                requests[key]?.reason = r.response.error.reason
            }
        case .mapLoadingError(let e):
            name(e)
        case .renderFrameFinished(let frame) where frame.renderMode == .full:
            content.removeAll { $0.type == .renderer }
        default:
            break
        }
    }

    private mutating func forget(_ key: RequestKey) {
        guard requests.removeValue(forKey: key) != nil else { return }
        requestOrder.removeAll { $0 == key }
        unnamed.removeAll { $0 == key }
    }

    /// Gives a `map-loading-error` to the oldest failed request of its kind that has none yet, or
    /// records it as a failure of content.
    private mutating func name(_ e: Mapwire_V1_MapLoadingError) {
        let kinds = Self.requestKinds(of: e.type)
        if let index = unnamed.firstIndex(where: { kinds.contains($0.kind) }) {
            let key = unnamed.remove(at: index)
            requests[key]?.type = e.type
            requests[key]?.sourceID = e.hasSourceID ? e.sourceID : nil
            requests[key]?.tileID = e.hasTileID ? e.tileID : nil
            return
        }
        let failure = Failure(type: e.type, message: e.message, url: nil, reason: nil,
                              sourceID: e.hasSourceID ? e.sourceID : nil, tileID: e.hasTileID ? e.tileID : nil)
        if !content.contains(failure) { content.append(failure) }
    }

    /// The request kinds whose failure a `map-loading-error` of `type` reports (PROTOCOL.md 6.3).
    static func requestKinds(of type: Mapwire_V1_MapLoadingError.TypeEnum) -> Set<Mapwire_V1_ResourceKind> {
        switch type {
        case .style: [.style]
        case .sprite: [.spriteJson, .spriteImage]
        case .source: [.source, .image]
        case .tile: [.tile]
        case .glyphs: [.glyphs]
        case .renderer, .unspecified, .UNRECOGNIZED: []
        }
    }
}
