import Foundation
import Logging
import MapWireCache
import MapWireProtocol

/// The HTTP loader's cache on `MapWireCache.ResourceCache` (one SQLite file, shared by every loader on
/// the machine). A failing write (disk full, a locked file) is logged and the load goes on uncached.
final class AmbientCache: LoaderCache {
    private let cache: ResourceCache
    private let logger: Logger

    init(_ cache: ResourceCache, logger: Logger) {
        self.cache = cache
        self.logger = logger
    }

    func lookup(_ url: String, now: Int64) -> CachedResource? {
        guard let entry = cache.lookup(url, now: now) else { return nil }
        return CachedResource(data: entry.data ?? Data(), noContent: entry.noContent,
                              policy: CachePolicy(expires: entry.expires, mustRevalidate: entry.mustRevalidate,
                                                  etag: entry.etag, modified: entry.modified))
    }

    func store(_ url: String, kind: Mapwire_V1_ResourceKind, resource: CachedResource, now: Int64) {
        do { try cache.store(url, kind: CacheResourceKind(kind), entry: resource.entry, now: now) }
        catch { logger.warning("not cached: \(error)", metadata: ["url": "\(url)"]) }
    }

    func revalidated(_ url: String, policy: CachePolicy, now: Int64) {
        do {
            try cache.revalidated(url, expires: policy.expires, mustRevalidate: policy.mustRevalidate,
                                  etag: policy.etag, modified: policy.modified, now: now)
        } catch { logger.warning("cache not renewed after a 304: \(error)", metadata: ["url": "\(url)"]) }
    }

}

extension CacheResourceKind {
    /// The cache's name for a protocol resource kind (the loader's and the offline download's).
    package init(_ kind: Mapwire_V1_ResourceKind) {
        self = switch kind {
        case .style: .style
        case .source: .source
        case .tile: .tile
        case .glyphs: .glyphs
        case .spriteImage: .spriteImage
        case .spriteJson: .spriteJSON
        case .image: .image
        case .unspecified, .unknown, .UNRECOGNIZED: .unknown
        }
    }
}
