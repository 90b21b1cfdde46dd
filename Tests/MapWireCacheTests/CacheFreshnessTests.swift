import Foundation
import MapWireCache
import Testing

@Suite struct CacheFreshnessTests {
    @Test func unexpiredIsFresh() {
        let entry = CacheEntry(data: bytes(1), expires: 101)
        #expect(entry.freshness(now: 100) == .fresh)
        // Must-revalidate does not matter before the expiry.
        #expect(CacheEntry(data: bytes(1), expires: 101, mustRevalidate: true).freshness(now: 100) == .fresh)
    }

    @Test func expiredIsStaleUnlessItMustBeRevalidated() {
        #expect(CacheEntry(data: bytes(1), expires: 100).freshness(now: 100) == .stale)
        #expect(CacheEntry(data: bytes(1), expires: 50).freshness(now: 100) == .stale)
        #expect(CacheEntry(data: bytes(1), expires: 100, mustRevalidate: true).freshness(now: 100) == .mustRevalidate)
    }

    @Test func withoutExpiryIsFreshUnlessItMustBeRevalidated() {
        // MapLibre Native: no expiry and no error is fresh; must-revalidate without expiry is not usable.
        #expect(CacheEntry(data: bytes(1)).freshness(now: 100) == .fresh)
        #expect(CacheEntry(data: bytes(1), mustRevalidate: true).freshness(now: 100) == .mustRevalidate)
    }

    @Test func noContentFollowsTheSameRules() {
        #expect(CacheEntry.noContent(expires: 200).freshness(now: 100) == .fresh)
        #expect(CacheEntry.noContent(expires: 50).freshness(now: 100) == .stale)
    }

    @Test func defaultPathFollowsXDG() {
        #expect(CachePaths.defaultPath(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/mapwire/cache.db")
        #expect(CachePaths.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.cache/mapwire/cache.db")
        // A relative XDG_CACHE_HOME is ignored (the XDG base directory rule).
        #expect(CachePaths.defaultPath(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/home/u"]) == "/home/u/.cache/mapwire/cache.db")
        #expect(CachePaths.defaultMaximumSize == 50 * 1024 * 1024)
    }
}
