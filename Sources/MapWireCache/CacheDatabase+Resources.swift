import Foundation
import MapWireFormats

/// The ambient cache's reads and writes on one connection.
extension CacheDatabase {
    private static let columns = "data, no_content, etag, modified, expires, must_revalidate"

    /// An entry's access time is rewritten at most this often: a hit is then a read, not a write, and
    /// the LRU order is still right to the minute.
    static let touchInterval: Int64 = 60

    /// The entry for `url`, touching its access time (the LRU order) when it is there.
    func lookup(_ url: String, now: Int64) throws(SQLiteError) -> CacheEntry? {
        let query = try statement("SELECT \(Self.columns) FROM resources WHERE url = ?1")
        try query.bind(1, text: url)
        guard try query.step() else { return nil }
        let entry = Self.entry(from: query)
        query.reset()
        // A failed touch (the file is busy for longer than the timeout) only costs LRU precision.
        if let touch = try? statement("UPDATE resources SET accessed = ?1 WHERE url = ?2 AND accessed <= ?1 - ?3") {
            try? touch.bind(1, int: now)
            try? touch.bind(3, int: Self.touchInterval)
            try? touch.bind(2, text: url)
            _ = try? touch.step()
            touch.reset()
        }
        return entry
    }

    /// Whether `url` is cached, without touching its access time.
    func contains(_ url: String) throws(SQLiteError) -> Bool {
        let query = try statement("SELECT 1 FROM resources WHERE url = ?1")
        try query.bind(1, text: url)
        defer { query.reset() }
        return try query.step()
    }

    private static func entry(from query: SQLiteStatement) -> CacheEntry {
        let noContent = query.int(1) != 0
        return CacheEntry(
            data: noContent ? nil : (query.blob(0) ?? Data()),
            noContent: noContent,
            etag: query.text(2),
            modified: query.isNull(3) ? nil : query.int(3),
            expires: query.isNull(4) ? nil : query.int(4),
            mustRevalidate: query.int(5) != 0)
    }

    /// Inserts or replaces the entry for `url`, keeping its row id so that a region holding it keeps it.
    func upsert(_ url: String, kind: CacheResourceKind, entry: CacheEntry, now: Int64) throws(SQLiteError) {
        let query = try statement("""
            INSERT INTO resources (url, kind, data, no_content, etag, modified, expires, must_revalidate, stored, accessed, size)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?10)
            ON CONFLICT (url) DO UPDATE SET kind = excluded.kind, data = excluded.data,
                no_content = excluded.no_content, etag = excluded.etag, modified = excluded.modified,
                expires = excluded.expires, must_revalidate = excluded.must_revalidate,
                stored = excluded.stored, accessed = excluded.accessed, size = excluded.size
            """)
        defer { query.reset() }
        try query.bind(1, text: url)
        try query.bind(2, text: kind.rawValue)
        if entry.noContent { try query.bindNull(3) } else { try query.bind(3, blob: entry.data ?? Data()) }
        try query.bind(4, int: entry.noContent ? 1 : 0)
        try bind(query, 5, entry.etag)
        try bind(query, 6, entry.modified)
        try bind(query, 7, entry.expires)
        try query.bind(8, int: entry.mustRevalidate ? 1 : 0)
        try query.bind(9, int: now)
        try query.bind(10, int: CacheSchema.accountedSize(url: url, entry: entry))
        try query.step()
    }

    /// After a 304: new expiry and validators, the body kept. False when the entry is gone.
    func revalidated(_ url: String, expires: Int64?, mustRevalidate: Bool, etag: String?, modified: Int64?,
                     now: Int64) throws(SQLiteError) -> Bool {
        let query = try statement("""
            UPDATE resources SET expires = ?2, must_revalidate = ?3, etag = coalesce(?4, etag),
                modified = coalesce(?5, modified), accessed = ?6 WHERE url = ?1
            """)
        defer { query.reset() }
        try query.bind(1, text: url)
        try bind(query, 2, expires)
        try query.bind(3, int: mustRevalidate ? 1 : 0)
        try bind(query, 4, etag)
        try bind(query, 5, modified)
        try query.bind(6, int: now)
        try query.step()
        return try changes() > 0
    }

    // MARK: Ambient size and eviction

    private static let ambient = "id NOT IN (SELECT resource_id FROM region_resources)"

    /// What the ambient entries (those in no region) count against the maximum.
    func ambientSize() throws(SQLiteError) -> Int64 {
        let query = try statement("SELECT ambient_size FROM totals")
        defer { query.reset() }
        return try query.step() ? query.int(0) : 0
    }

    /// Deletes the least recently used ambient entries, `batch` at a time, until `needed` more bytes fit
    /// under `maximum`. False when they cannot (nothing left to evict). Region data is never touched.
    func evict(toFit needed: Int64, maximum: Int64, batch: Int) throws(SQLiteError) -> Bool {
        while try ambientSize() + needed > maximum {
            let delete = try statement("""
                DELETE FROM resources WHERE id IN (
                    SELECT id FROM resources WHERE \(Self.ambient) ORDER BY accessed, id LIMIT ?1)
                """)
            try delete.bind(1, int: Int64(batch))
            try delete.step()
            delete.reset()
            if try changes() == 0 { return false }
        }
        return true
    }

    /// Every ambient entry becomes expired and must be revalidated (MapLibre's invalidateAmbientCache).
    func invalidateAmbient() throws(SQLiteError) {
        try database.execute("UPDATE resources SET expires = 0, must_revalidate = 1 WHERE \(Self.ambient)")
    }

    /// Deletes every ambient entry and gives the freed pages back to the file system.
    func clearAmbient() throws(SQLiteError) {
        try immediateTransaction { () throws(SQLiteError) in
            try database.execute("DELETE FROM resources WHERE \(Self.ambient)")
        }
        try database.execute("PRAGMA incremental_vacuum")
        _ = try? pragmaInt("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    // MARK: Binding helpers

    func bind(_ query: SQLiteStatement, _ index: Int32, _ value: String?) throws(SQLiteError) {
        if let value { try query.bind(index, text: value) } else { try query.bindNull(index) }
    }

    func bind(_ query: SQLiteStatement, _ index: Int32, _ value: Int64?) throws(SQLiteError) {
        if let value { try query.bind(index, int: value) } else { try query.bindNull(index) }
    }
}
