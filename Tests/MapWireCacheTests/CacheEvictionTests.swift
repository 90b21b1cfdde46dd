import Foundation
@testable import MapWireCache
import MapWireFormats
import Testing

typealias SQLiteErrorAlias = SQLiteError

@Suite struct CacheEvictionTests {
    /// Each entry counts 1,000 bytes of body plus its URL and the row overhead.
    static func entrySize(_ url: String) -> Int64 {
        CacheSchema.accountedSize(url: url, entry: CacheEntry(data: bytes(1_000)))
    }

    @Test func evictsLeastRecentlyUsedInBatches() throws {
        let folder = ScratchFolder()
        let one = Self.entrySize("u00")
        // Room for exactly ten entries; batches of three.
        let cache = try folder.cache(maximumSize: one * 10, evictionBatch: 3)
        for index in 0..<10 {
            try cache.store(String(format: "u%02d", index), kind: .tile, entry: CacheEntry(data: bytes(1_000)), now: Int64(index))
        }
        // Using u00 and u01 makes them the most recent.
        #expect(cache.lookup("u00", now: 100) != nil)
        #expect(cache.lookup("u01", now: 101) != nil)
        #expect(try cache.info().ambientEntries == 10)

        // One more does not fit: the three least recently used go together (u02, u03, u04).
        try cache.store("u10", kind: .tile, entry: CacheEntry(data: bytes(1_000)), now: 200)
        let left = (0...10).map { String(format: "u%02d", $0) }.filter { cache.lookup($0, now: 300) != nil }
        #expect(left == ["u00", "u01", "u05", "u06", "u07", "u08", "u09", "u10"])
        #expect(try cache.info().ambientSize <= one * 10)
    }

    @Test func regionDataIsNeverEvicted() throws {
        let folder = ScratchFolder()
        let one = Self.entrySize("r00")
        let cache = try folder.cache(maximumSize: one * 4, evictionBatch: 2)
        let region = try cache.createRegion(name: "downtown", definition: Data("{}".utf8))
        // Region data does not count against the maximum: ten region entries in a cache of four.
        for index in 0..<10 {
            try cache.storeInRegion(region, url: String(format: "r%02d", index), kind: .tile,
                                    entry: CacheEntry(data: bytes(1_000)), now: Int64(index))
        }
        // One entry stored ambient first and then added to the region: it survives as region data.
        try cache.store("both", kind: .style, entry: CacheEntry(data: bytes(1_000)), now: 0)
        #expect(try cache.addToRegion(region, url: "both"))
        for index in 0..<12 {
            try cache.store(String(format: "a%02d", index), kind: .tile, entry: CacheEntry(data: bytes(1_000)), now: Int64(100 + index))
        }
        for index in 0..<10 { #expect(cache.lookup(String(format: "r%02d", index), now: 500) != nil) }
        #expect(cache.lookup("both", now: 500) != nil)
        #expect(cache.lookup("a00", now: 500) == nil)
        #expect(cache.lookup("a11", now: 500) != nil)
        let info = try cache.info()
        #expect(info.ambientEntries <= 4)
        #expect(info.entries == info.ambientEntries + 11)

        // Stored again ambient (a refresh), a region entry stays in the region.
        try cache.store("r00", kind: .tile, entry: CacheEntry(data: bytes(1_000, 9)), now: 600)
        #expect(cache.regionContains(region, url: "r00"))
    }

    @Test func deletingARegionReturnsItsDataToTheLRU() throws {
        let folder = ScratchFolder()
        let one = Self.entrySize("r00")
        let cache = try folder.cache(maximumSize: one * 3, evictionBatch: 1)
        let region = try cache.createRegion(name: "r", definition: Data())
        for index in 0..<6 {
            try cache.storeInRegion(region, url: String(format: "r%02d", index), kind: .tile,
                                    entry: CacheEntry(data: bytes(1_000)), now: Int64(index))
        }
        try cache.deleteRegion(name: "r")
        // The three most recently used survive as ambient entries.
        let left = (0..<6).map { String(format: "r%02d", $0) }.filter { cache.lookup($0, now: 100) != nil }
        #expect(left == ["r03", "r04", "r05"])
    }

    @Test func anEntryLargerThanTheCacheIsNotStored() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache(maximumSize: 2_000)
        try cache.store("small", kind: .tile, entry: CacheEntry(data: bytes(100)), now: 1)
        #expect(try !cache.store("big", kind: .tile, entry: CacheEntry(data: bytes(5_000)), now: 2))
        #expect(cache.lookup("big", now: 3) == nil)
        // Nothing was evicted for it.
        #expect(cache.lookup("small", now: 3) != nil)
    }
}

/// The running ambient total (kept by triggers) against the rows added up, after every kind of change.
@Suite struct CacheAmbientTotalTests {
    func expectTotalMatches(_ cache: ResourceCache, _ step: String) throws {
        let (kept, counted) = try cache.run { database throws(SQLiteErrorAlias) in
            (try database.ambientSize(),
             try database.pragmaInt("SELECT total(size) FROM resources WHERE id NOT IN (SELECT resource_id FROM region_resources)"))
        }
        #expect(kept == counted, "after \(step)")
    }

    @Test func totalFollowsEveryChange() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache(maximumSize: 20_000, evictionBatch: 2)
        for index in 0..<10 { try cache.store("a\(index)", kind: .tile, entry: CacheEntry(data: bytes(index * 100)), now: Int64(index)) }
        try expectTotalMatches(cache, "stores")
        try cache.store("a3", kind: .tile, entry: CacheEntry(data: bytes(3_000)), now: 20)
        try expectTotalMatches(cache, "a replacement")
        let first = try cache.createRegion(name: "one", definition: Data())
        let second = try cache.createRegion(name: "two", definition: Data())
        try cache.addToRegion(first, url: "a1")
        try cache.addToRegion(second, url: "a1")
        try cache.addToRegion(first, url: "a2")
        try cache.storeInRegion(second, url: "r", kind: .glyphs, entry: CacheEntry(data: bytes(700)), now: 21)
        try expectTotalMatches(cache, "region links")
        try cache.store("a2", kind: .tile, entry: CacheEntry(data: bytes(5)), now: 22)
        try expectTotalMatches(cache, "replacing region data")
        for index in 10..<40 { try cache.store("a\(index)", kind: .tile, entry: CacheEntry(data: bytes(1_000)), now: Int64(index + 30)) }
        try expectTotalMatches(cache, "eviction")
        #expect(try cache.info().ambientSize <= 20_000)
        try cache.deleteRegion(name: "one")
        try expectTotalMatches(cache, "deleting a region sharing an entry")
        try cache.deleteRegion(name: "two")
        try expectTotalMatches(cache, "deleting the last region")
        try cache.clear()
        try expectTotalMatches(cache, "clear")
        #expect(try cache.info().ambientSize == 0)
    }
}
