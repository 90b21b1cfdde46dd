import Foundation
import MapWireCache
import MapWireProtocol

/// A cached copy of a resource as the HTTP loader uses it (data or a missing tile, with validators).
struct CachedResource: Equatable, Sendable {
    var data: Data
    var noContent = false
    var policy = CachePolicy()

    /// The copy as the cache module holds it: its `freshness(now:)` is the one place MapLibre's rules
    /// (fresh, stale and refreshed behind, or revalidated first) are written.
    var entry: CacheEntry {
        noContent
            ? .noContent(etag: policy.etag, modified: policy.modified, expires: policy.expires, mustRevalidate: policy.mustRevalidate)
            : CacheEntry(data: data, etag: policy.etag, modified: policy.modified, expires: policy.expires, mustRevalidate: policy.mustRevalidate)
    }
}

/// Where the HTTP loader keeps what it fetched (the ambient cache, `MapWireCache`). Calls come from
/// many tasks at once: an implementation serializes them itself. Writes that fail are the
/// implementation's to log; a load never fails because of the cache.
protocol LoaderCache: Sendable {
    func lookup(_ url: String, now: Int64) -> CachedResource?
    func store(_ url: String, kind: Mapwire_V1_ResourceKind, resource: CachedResource, now: Int64)
    /// A 304: the copy is good again, with the new expiry and validators.
    func revalidated(_ url: String, policy: CachePolicy, now: Int64)
}
