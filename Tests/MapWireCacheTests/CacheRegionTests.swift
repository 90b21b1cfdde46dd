import Foundation
@testable import MapWireCache
import Testing

@Suite struct CacheRegionTests {
    @Test func createStoreContainsStatusDelete() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        let definition = Data(#"{"style":"https://h/style.json","bounds":[-88,41,-87,42],"zoom":[10,12]}"#.utf8)
        let region = try cache.createRegion(name: "chicago", definition: definition, now: 1_234)
        #expect(try cache.region(named: "chicago") == region)
        #expect(try cache.region(named: "elsewhere") == nil)
        #expect(throws: CacheError.regionExists(name: "chicago")) { try cache.createRegion(name: "chicago", definition: Data()) }

        #expect(!cache.regionContains(region, url: "https://h/style.json"))
        try cache.storeInRegion(region, url: "https://h/style.json", kind: .style, entry: CacheEntry(data: bytes(40)), now: 2)
        try cache.storeInRegion(region, url: "https://h/10/1/1.pbf", kind: .tile, entry: CacheEntry(data: bytes(500)), now: 2)
        try cache.storeInRegion(region, url: "https://h/10/1/2.pbf", kind: .tile, entry: .noContent(), now: 2)
        #expect(cache.regionContains(region, url: "https://h/style.json"))
        #expect(cache.regionContains(region, url: "https://h/10/1/2.pbf"))
        #expect(!cache.regionContains(region, url: "https://h/10/1/3.pbf"))
        // Region data answers ordinary lookups too.
        #expect(cache.lookup("https://h/10/1/1.pbf", now: 3)?.data == bytes(500))

        // An ambient entry is adopted without fetching; an absent one is not.
        try cache.store("https://h/sprite.json", kind: .spriteJSON, entry: CacheEntry(data: bytes(9)), now: 2)
        #expect(try cache.addToRegion(region, url: "https://h/sprite.json"))
        #expect(try !cache.addToRegion(region, url: "https://h/sprite.png"))
        #expect(cache.regionContains(region, url: "https://h/sprite.json"))

        try cache.setRegionProgress(region, requiredResourceCount: 6, complete: false)
        let status = try #require(try cache.regionStatus(name: "chicago"))
        #expect(status.region.id == region)
        #expect(status.region.definition == definition)
        #expect(status.region.created == 1_234)
        #expect(status.region.resourceCount == 4)
        #expect(status.region.dataBytes == 549)
        #expect(status.region.requiredResourceCount == 6)
        #expect(!status.region.complete)
        #expect(status.byKind == [
            CacheKindTotals(kind: .spriteJSON, entries: 1, noContentEntries: 0, dataBytes: 9),
            CacheKindTotals(kind: .style, entries: 1, noContentEntries: 0, dataBytes: 40),
            CacheKindTotals(kind: .tile, entries: 2, noContentEntries: 1, dataBytes: 500),
        ])
        try cache.setRegionProgress(region, requiredResourceCount: 4, complete: true)
        #expect(try cache.regions().map(\.complete) == [true])
        #expect(try cache.regionStatus(name: "nowhere") == nil)

        try cache.deleteRegion(name: "chicago")
        #expect(try cache.regions().isEmpty)
        #expect(try cache.region(named: "chicago") == nil)
        #expect(!cache.regionContains(region, url: "https://h/style.json"))
        #expect(throws: CacheError.noSuchRegion(name: "chicago")) { try cache.deleteRegion(name: "chicago") }
        #expect(throws: CacheError.self) {
            try cache.storeInRegion(region, url: "x", kind: .tile, entry: CacheEntry(data: bytes(1)), now: 1)
        }
    }

    @Test func twoRegionsShareAnEntry() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache(maximumSize: 300, evictionBatch: 1)
        let first = try cache.createRegion(name: "a", definition: Data())
        let second = try cache.createRegion(name: "b", definition: Data())
        try cache.storeInRegion(first, url: "shared", kind: .glyphs, entry: CacheEntry(data: bytes(1_000)), now: 1)
        try cache.storeInRegion(second, url: "shared", kind: .glyphs, entry: CacheEntry(data: bytes(1_000)), now: 1)
        try cache.deleteRegion(name: "a")
        // Still held by b, so not evicted although it is larger than the whole ambient cache.
        #expect(cache.regionContains(second, url: "shared"))
        #expect(cache.lookup("shared", now: 2) != nil)
        #expect(try cache.regions().map { [$0.name: $0.resourceCount] } == [["b": 1]])
    }
}
