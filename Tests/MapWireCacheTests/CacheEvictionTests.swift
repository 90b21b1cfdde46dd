import Foundation
@testable import MapWireCache
import Testing

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
