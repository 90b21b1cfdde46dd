import Foundation
import MapWireFormats

/// Offline regions: their entries live in the same table as the ambient cache (one copy of a resource
/// whichever holds it) but are never evicted while a region holds them.
extension ResourceCache {
    public func createRegion(name: String, definition: Data, now: Int64 = ResourceCache.now()) throws(CacheError) -> RegionID {
        let created = try run { database throws(SQLiteError) in
            try database.createRegion(name: name, definition: definition, now: now)
        }
        guard let created else { throw .regionExists(name: name) }
        return created
    }

    /// The region named `name`, to resume its download.
    public func region(named name: String) throws(CacheError) -> RegionID? {
        try run { database throws(SQLiteError) in try database.regionID(named: name) }
    }

    /// Stores the entry (as `store` does, but without eviction or a size limit) and adds it to the region.
    public func storeInRegion(_ region: RegionID, url: String, kind: CacheResourceKind, entry: CacheEntry, now: Int64)
        throws(CacheError) {
        guard entry.noContent || entry.data != nil else { throw .notCacheable(url: url) }
        let exists = try run { database throws(SQLiteError) in
            try database.immediateTransaction { () throws(SQLiteError) -> Bool in
                guard try database.regionExists(region) else { return false }
                try database.upsert(url, kind: kind, entry: entry, now: now)
                _ = try database.link(region, url: url)
                return true
            }
        }
        guard exists else { throw .noSuchRegion(name: "#\(region.rawValue)") }
    }

    /// Adds an entry already in the cache to the region without fetching it again. False when `url` is not cached.
    @discardableResult
    public func addToRegion(_ region: RegionID, url: String) throws(CacheError) -> Bool {
        try run { database throws(SQLiteError) in
            try database.immediateTransaction { () throws(SQLiteError) -> Bool in try database.link(region, url: url) }
        }
    }

    /// Whether the region already holds `url` (a resumed download skips it). False when the read fails.
    public func regionContains(_ region: RegionID, url: String) -> Bool {
        (try? run { database throws(SQLiteError) in try database.regionContains(region, url: url) }) ?? false
    }

    /// What the downloader records: how many resources the region needs, and whether all are stored.
    public func setRegionProgress(_ region: RegionID, requiredResourceCount: Int64?, complete: Bool) throws(CacheError) {
        let found = try run { database throws(SQLiteError) in
            try database.setRegionProgress(region, requiredResourceCount: requiredResourceCount, complete: complete)
        }
        guard found else { throw .noSuchRegion(name: "#\(region.rawValue)") }
    }

    public func regions() throws(CacheError) -> [RegionInfo] {
        try run { database throws(SQLiteError) in try database.regions() }
    }

    public func regionStatus(name: String) throws(CacheError) -> RegionStatus? {
        try run { database throws(SQLiteError) -> RegionStatus? in
            guard let region = try database.regions(named: name).first else { return nil }
            return RegionStatus(region: region, byKind: try database.totalsByKind(region: region.id))
        }
    }

    /// Deletes the region. Its entries that no other region holds become ambient, and the least recently
    /// used of them are evicted if the ambient cache is now over its maximum.
    public func deleteRegion(name: String) throws(CacheError) {
        let (maximum, batch) = (maximumSize, evictionBatch)
        let deleted = try run { database throws(SQLiteError) in
            try database.immediateTransaction { () throws(SQLiteError) -> Bool in
                guard try database.deleteRegion(named: name) else { return false }
                _ = try database.evict(toFit: 0, maximum: maximum, batch: batch)
                return true
            }
        }
        guard deleted else { throw .noSuchRegion(name: name) }
    }
}
