import Foundation
import MapWireFormats

/// Offline regions and the reports on one connection.
extension CacheDatabase {
    func createRegion(name: String, definition: Data, now: Int64) throws(SQLiteError) -> RegionID? {
        let insert = try statement("INSERT OR IGNORE INTO regions (name, definition, created) VALUES (?1, ?2, ?3)")
        defer { insert.reset() }
        try insert.bind(1, text: name)
        try insert.bind(2, blob: definition)
        try insert.bind(3, int: now)
        try insert.step()
        guard try changes() > 0 else { return nil }
        return try regionID(named: name)
    }

    func regionID(named name: String) throws(SQLiteError) -> RegionID? {
        let query = try statement("SELECT id FROM regions WHERE name = ?1")
        defer { query.reset() }
        try query.bind(1, text: name)
        return try query.step() ? RegionID(rawValue: query.int(0)) : nil
    }

    /// Links the cached entry for `url` to the region. False when `url` is not cached.
    func link(_ region: RegionID, url: String) throws(SQLiteError) -> Bool {
        let insert = try statement("""
            INSERT OR IGNORE INTO region_resources (region_id, resource_id)
            SELECT ?1, id FROM resources WHERE url = ?2
            """)
        defer { insert.reset() }
        try insert.bind(1, int: region.rawValue)
        try insert.bind(2, text: url)
        try insert.step()
        return try contains(url)
    }

    func regionContains(_ region: RegionID, url: String) throws(SQLiteError) -> Bool {
        let query = try statement("""
            SELECT 1 FROM region_resources JOIN resources ON resources.id = resource_id
            WHERE region_id = ?1 AND url = ?2
            """)
        defer { query.reset() }
        try query.bind(1, int: region.rawValue)
        try query.bind(2, text: url)
        return try query.step()
    }

    func regionExists(_ region: RegionID) throws(SQLiteError) -> Bool {
        let query = try statement("SELECT 1 FROM regions WHERE id = ?1")
        defer { query.reset() }
        try query.bind(1, int: region.rawValue)
        return try query.step()
    }

    func setRegionProgress(_ region: RegionID, requiredResourceCount: Int64?, complete: Bool) throws(SQLiteError) -> Bool {
        let update = try statement("UPDATE regions SET required_count = ?2, complete = ?3 WHERE id = ?1")
        defer { update.reset() }
        try update.bind(1, int: region.rawValue)
        try bind(update, 2, requiredResourceCount)
        try update.bind(3, int: complete ? 1 : 0)
        try update.step()
        return try changes() > 0
    }

    /// Deletes the region; its entries that no other region holds become ambient again. False when absent.
    func deleteRegion(named name: String) throws(SQLiteError) -> Bool {
        let delete = try statement("DELETE FROM regions WHERE name = ?1")
        defer { delete.reset() }
        try delete.bind(1, text: name)
        try delete.step()
        return try changes() > 0
    }

    func regions(named name: String? = nil) throws(SQLiteError) -> [RegionInfo] {
        let query = try statement("""
            SELECT regions.id, name, definition, created, required_count, complete,
                count(resources.id), total(length(resources.data))
            FROM regions
            LEFT JOIN region_resources ON region_id = regions.id
            LEFT JOIN resources ON resources.id = resource_id
            WHERE ?1 IS NULL OR name = ?1
            GROUP BY regions.id ORDER BY name
            """)
        defer { query.reset() }
        try bind(query, 1, name)
        var regions: [RegionInfo] = []
        while try query.step() {
            regions.append(RegionInfo(
                id: RegionID(rawValue: query.int(0)), name: query.text(1) ?? "", definition: query.blob(2) ?? Data(),
                created: query.int(3), resourceCount: query.int(6), dataBytes: query.int(7),
                requiredResourceCount: query.isNull(4) ? nil : query.int(4), complete: query.int(5) != 0))
        }
        return regions
    }

    /// Totals by kind, of the whole cache or of one region.
    func totalsByKind(region: RegionID? = nil) throws(SQLiteError) -> [CacheKindTotals] {
        let query = try statement("""
            SELECT kind, count(*), total(no_content), total(length(data)) FROM resources
            WHERE ?1 IS NULL OR id IN (SELECT resource_id FROM region_resources WHERE region_id = ?1)
            GROUP BY kind ORDER BY kind
            """)
        defer { query.reset() }
        try bind(query, 1, region?.rawValue)
        var totals: [CacheKindTotals] = []
        while try query.step() {
            let kind = query.text(0).flatMap(CacheResourceKind.init(rawValue:)) ?? .unknown
            totals.append(CacheKindTotals(kind: kind, entries: query.int(1), noContentEntries: query.int(2), dataBytes: query.int(3)))
        }
        return totals
    }

    func ambientEntries() throws(SQLiteError) -> Int64 {
        try pragmaInt("SELECT count(*) FROM resources WHERE id NOT IN (SELECT resource_id FROM region_resources)")
    }
}
