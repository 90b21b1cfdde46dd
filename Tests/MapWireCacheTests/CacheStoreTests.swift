import Foundation
@testable import MapWireCache
import Testing

@Suite struct CacheStoreTests {
    @Test func everyFieldRoundTrips() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        let entry = CacheEntry(data: Data("tile".utf8), etag: "\"abc\"", modified: 1_600_000_000, expires: 1_700_000_000,
                               mustRevalidate: true)
        #expect(try cache.store("https://h/t/1/2/3.pbf", kind: .tile, entry: entry, now: 1_000))
        #expect(cache.lookup("https://h/t/1/2/3.pbf", now: 1_001) == entry)
        #expect(cache.lookup("https://h/t/1/2/4.pbf", now: 1_001) == nil)

        let bare = CacheEntry(data: Data())
        try cache.store("https://h/empty.json", kind: .source, entry: bare, now: 1_000)
        #expect(cache.lookup("https://h/empty.json", now: 1_000) == bare)

        // Another connection reads what was committed.
        let again = try folder.cache()
        #expect(again.lookup("https://h/t/1/2/3.pbf", now: 1_002) == entry)
        #expect(again.warnings.isEmpty)
    }

    @Test func keyIsTheURLAsRequested() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        try cache.store("https://h/a.json?key=1", kind: .style, entry: CacheEntry(data: bytes(1, 1)), now: 1)
        try cache.store("https://h/a.json?key=2", kind: .style, entry: CacheEntry(data: bytes(1, 2)), now: 1)
        #expect(cache.lookup("https://h/a.json?key=1", now: 2)?.data == bytes(1, 1))
        #expect(cache.lookup("https://h/a.json?key=2", now: 2)?.data == bytes(1, 2))
        #expect(cache.lookup("https://h/a.json", now: 2) == nil)
    }

    @Test func noContentIsCachedAndErrorsAreNot() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        let missing = CacheEntry.noContent(etag: "e", expires: 5_000)
        try cache.store("https://h/9/1/1.pbf", kind: .tile, entry: missing, now: 1_000)
        let found = cache.lookup("https://h/9/1/1.pbf", now: 1_000)
        #expect(found == missing)
        #expect(found?.data == nil)
        #expect(found?.noContent == true)

        #expect(throws: CacheError.notCacheable(url: "https://h/err")) {
            try cache.store("https://h/err", kind: .tile, entry: CacheEntry(data: nil), now: 1_000)
        }
        #expect(cache.lookup("https://h/err", now: 1_000) == nil)
    }

    @Test func replacingKeepsOneEntry() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        try cache.store("u", kind: .tile, entry: CacheEntry(data: bytes(10), etag: "1"), now: 1)
        try cache.store("u", kind: .tile, entry: .noContent(etag: "2"), now: 2)
        #expect(cache.lookup("u", now: 3) == .noContent(etag: "2"))
        #expect(try cache.info().entries == 1)
    }

    @Test func revalidationRenewsExpiryAndKeepsTheBody() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        try cache.store("u", kind: .style, entry: CacheEntry(data: bytes(3), etag: "a", modified: 10, expires: 100,
                                                              mustRevalidate: true), now: 50)
        #expect(cache.lookup("u", now: 200)?.freshness(now: 200) == .mustRevalidate)
        #expect(try cache.revalidated("u", expires: 500, mustRevalidate: false, etag: nil, modified: nil, now: 200))
        let renewed = cache.lookup("u", now: 201)
        #expect(renewed == CacheEntry(data: bytes(3), etag: "a", modified: 10, expires: 500))
        #expect(renewed?.freshness(now: 201) == .fresh)
        #expect(try cache.revalidated("u", expires: nil, mustRevalidate: true, etag: "b", modified: 20, now: 300))
        #expect(cache.lookup("u", now: 301) == CacheEntry(data: bytes(3), etag: "b", modified: 20, mustRevalidate: true))
        #expect(try !cache.revalidated("gone", expires: 1, mustRevalidate: false, etag: nil, modified: nil, now: 1))
    }

    @Test func invalidateMakesAmbientEntriesMustRevalidate() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        try cache.store("a", kind: .tile, entry: CacheEntry(data: bytes(1), etag: "x", expires: 10_000), now: 1)
        try cache.store("b", kind: .style, entry: CacheEntry(data: bytes(1)), now: 1)
        let region = try cache.createRegion(name: "r", definition: Data("{}".utf8))
        try cache.storeInRegion(region, url: "c", kind: .tile, entry: CacheEntry(data: bytes(1), expires: 10_000), now: 1)

        try cache.invalidate()
        for url in ["a", "b"] {
            let entry = try #require(cache.lookup(url, now: 2))
            #expect(entry.freshness(now: 2) == .mustRevalidate)
            #expect(entry.data == bytes(1))
        }
        #expect(cache.lookup("a", now: 2)?.etag == "x")
        // Region data is left alone.
        #expect(cache.lookup("c", now: 2)?.freshness(now: 2) == .fresh)
    }

    @Test func clearDeletesAmbientEntriesAndKeepsRegions() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache(maximumSize: 64 << 20)
        for index in 0..<200 {
            try cache.store("https://h/\(index)", kind: .tile, entry: CacheEntry(data: bytes(20_000)), now: 1)
        }
        let region = try cache.createRegion(name: "r", definition: Data())
        try cache.storeInRegion(region, url: "https://h/kept", kind: .tile, entry: CacheEntry(data: bytes(5)), now: 1)
        let before = try cache.info()
        #expect(before.entries == 201)

        try cache.clear()
        let after = try cache.info()
        #expect(after.entries == 1)
        #expect(after.ambientEntries == 0)
        #expect(after.fileBytes < before.fileBytes / 4)
        #expect(cache.lookup("https://h/0", now: 2) == nil)
        #expect(cache.lookup("https://h/kept", now: 2)?.data == bytes(5))
        #expect(try cache.regions().map(\.name) == ["r"])
    }

    @Test func infoCountsByKind() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        try cache.store("t1", kind: .tile, entry: CacheEntry(data: bytes(100)), now: 1)
        try cache.store("t2", kind: .tile, entry: .noContent(), now: 1)
        try cache.store("s", kind: .style, entry: CacheEntry(data: bytes(30)), now: 1)
        try cache.store("j", kind: .spriteJSON, entry: CacheEntry(data: bytes(7)), now: 1)
        let info = try cache.info()
        #expect(info.path == folder.cachePath)
        #expect(info.entries == 4)
        #expect(info.dataBytes == 137)
        #expect(info.ambientEntries == 4)
        #expect(info.maximumSize == 1 << 20)
        #expect(info.fileBytes > 0)
        #expect(info.byKind == [
            CacheKindTotals(kind: .spriteJSON, entries: 1, noContentEntries: 0, dataBytes: 7),
            CacheKindTotals(kind: .style, entries: 1, noContentEntries: 0, dataBytes: 30),
            CacheKindTotals(kind: .tile, entries: 2, noContentEntries: 1, dataBytes: 100),
        ])
    }

    @Test func sizeZeroOpensNothing() throws {
        let folder = ScratchFolder()
        #expect(try ResourceCache.open(path: folder.cachePath, maximumSize: 0) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.cachePath))
        #expect(try ResourceCache.open(path: folder.cachePath, maximumSize: 1) != nil)
    }
}
