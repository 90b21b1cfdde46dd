import Foundation

/// What the cache holds for one URL: the body (or the fact that there is none) and the validators
/// the HTTP loader needs to revalidate it.
public struct CacheEntry: Sendable, Equatable {
    /// The body; nil only when `noContent`.
    public var data: Data?
    /// A missing tile (204, or 404 for a tile) is cached too, so it is not asked for again while fresh.
    public var noContent: Bool
    public var etag: String?
    /// Last-Modified, unix seconds.
    public var modified: Int64?
    /// Unix seconds, from Cache-Control max-age (relative to when the response came) or Expires; nil = unknown.
    public var expires: Int64?
    /// Cache-Control must-revalidate: once expired the entry may not be used until a 304 or new data.
    public var mustRevalidate: Bool

    public init(data: Data?, noContent: Bool = false, etag: String? = nil, modified: Int64? = nil,
                expires: Int64? = nil, mustRevalidate: Bool = false) {
        self.data = data
        self.noContent = noContent
        self.etag = etag
        self.modified = modified
        self.expires = expires
        self.mustRevalidate = mustRevalidate
    }

    /// A missing resource (204 / tile 404) with its validators.
    public static func noContent(etag: String? = nil, modified: Int64? = nil, expires: Int64? = nil,
                                 mustRevalidate: Bool = false) -> CacheEntry {
        CacheEntry(data: nil, noContent: true, etag: etag, modified: modified, expires: expires,
                   mustRevalidate: mustRevalidate)
    }

    /// MapLibre Native's rules (Response::isFresh and Response::isUsable):
    /// - an expiry in the future → fresh;
    /// - must-revalidate and expired, or must-revalidate with no expiry at all → may not be used before a
    ///   304 or new data;
    /// - no expiry information and no must-revalidate → fresh (nothing says it ever goes stale);
    /// - expired otherwise → stale: used at once and refreshed in the background.
    public func freshness(now: Int64) -> CacheFreshness {
        if let expires, expires > now { return .fresh }
        if mustRevalidate { return .mustRevalidate }
        return expires == nil ? .fresh : .stale
    }

    /// Bytes of the body (0 for no-content).
    public var byteCount: Int { data?.count ?? 0 }
}

public enum CacheFreshness: Sendable, Equatable {
    /// Use it; no request.
    case fresh
    /// Use it at once, and refresh it in the background at low priority.
    case stale
    /// Do not use it: ask with its validators and use it only after a 304.
    case mustRevalidate
}

/// The kind of a cached resource: the protocol's `ResourceKind` names.
public enum CacheResourceKind: String, Sendable, CaseIterable, Codable {
    case unknown
    case style
    case source
    case tile
    case glyphs
    case spriteImage = "sprite-image"
    case spriteJSON = "sprite-json"
    case image
}
