import Foundation
import MapWireProtocol

/// A cached copy of a resource as the HTTP loader uses it (data or a missing tile, with validators).
struct CachedResource: Equatable, Sendable {
    var data: Data
    var noContent = false
    var policy = CachePolicy()

    enum Use: Equatable {
        /// Answer with it, nothing else to do.
        case fresh
        /// Answer with it and refresh it in the background.
        case stale
        /// Ask the server first (a conditional request); use it only after a 304.
        case revalidate
    }

    /// MapLibre's rules (as `MapWireCache.CacheEntry.freshness`): fresh until `expires`; then stale, or
    /// to be revalidated when the server said `must-revalidate` (`no-cache` expires at once, so it is
    /// always revalidated); with no expiry at all fresh, unless it must be revalidated.
    func use(now: Int64) -> Use {
        if let expires = policy.expires, expires > now { return .fresh }
        if policy.mustRevalidate { return .revalidate }
        return policy.expires == nil ? .fresh : .stale
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
