/// The cache file's tables. `user_version` numbers the schema; `application_id` marks the file as ours,
/// so a SQLite file of some other program is recognised and moved aside rather than written into.
enum CacheSchema {
    static let version: Int64 = 1
    /// "MWC1" as a big-endian 32-bit number.
    static let applicationID: Int64 = 0x4D57_4331
    static let tables: Set<String> = ["resources", "regions", "region_resources", "totals"]

    /// Every resource once, keyed by the URL as requested. A row in `region_resources` belongs to an
    /// offline region and is never evicted; the others are the ambient cache. `size` is what a row
    /// counts against the maximum (body, URL, etag and a fixed overhead).
    static let create = """
        CREATE TABLE resources (
            id INTEGER PRIMARY KEY,
            url TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            data BLOB,
            no_content INTEGER NOT NULL DEFAULT 0,
            etag TEXT,
            modified INTEGER,
            expires INTEGER,
            must_revalidate INTEGER NOT NULL DEFAULT 0,
            stored INTEGER NOT NULL,
            accessed INTEGER NOT NULL,
            size INTEGER NOT NULL
        );
        CREATE INDEX resources_lru ON resources (accessed, size);
        CREATE TABLE regions (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            definition BLOB NOT NULL,
            created INTEGER NOT NULL,
            required_count INTEGER,
            complete INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE region_resources (
            region_id INTEGER NOT NULL REFERENCES regions (id) ON DELETE CASCADE,
            resource_id INTEGER NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
            PRIMARY KEY (region_id, resource_id)
        ) WITHOUT ROWID;
        CREATE INDEX region_resources_resource ON region_resources (resource_id);
        \(ambientTotal)
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(version);
        """

    /// The ambient entries' total size, kept by triggers in the writer's own transaction (whichever process
    /// writes), so that a store need not add up every row to know whether it must evict.
    /// A BEFORE DELETE sees the row's region links before ON DELETE CASCADE removes them; a link removed by
    /// that cascade finds its resource already gone and adds nothing back.
    static let ambientTotal = """
        CREATE TABLE totals (id INTEGER PRIMARY KEY CHECK (id = 1), ambient_size INTEGER NOT NULL);
        INSERT INTO totals VALUES (1, 0);
        CREATE TRIGGER resources_inserted AFTER INSERT ON resources BEGIN
            UPDATE totals SET ambient_size = ambient_size + NEW.size;
        END;
        CREATE TRIGGER resources_resized AFTER UPDATE OF size ON resources
        WHEN NOT EXISTS (SELECT 1 FROM region_resources WHERE resource_id = NEW.id) BEGIN
            UPDATE totals SET ambient_size = ambient_size + NEW.size - OLD.size;
        END;
        CREATE TRIGGER resources_deleting BEFORE DELETE ON resources
        WHEN NOT EXISTS (SELECT 1 FROM region_resources WHERE resource_id = OLD.id) BEGIN
            UPDATE totals SET ambient_size = ambient_size - OLD.size;
        END;
        CREATE TRIGGER region_link_added AFTER INSERT ON region_resources
        WHEN NOT EXISTS (SELECT 1 FROM region_resources WHERE resource_id = NEW.resource_id AND region_id != NEW.region_id) BEGIN
            UPDATE totals SET ambient_size = ambient_size - coalesce((SELECT size FROM resources WHERE id = NEW.resource_id), 0);
        END;
        CREATE TRIGGER region_link_removed AFTER DELETE ON region_resources
        WHEN NOT EXISTS (SELECT 1 FROM region_resources WHERE resource_id = OLD.resource_id) BEGIN
            UPDATE totals SET ambient_size = ambient_size + coalesce((SELECT size FROM resources WHERE id = OLD.resource_id), 0);
        END;
        """

    /// Bytes a row counts beyond its body, URL and etag (the row's other columns and its index entries).
    static let rowOverhead = 64

    static func accountedSize(url: String, entry: CacheEntry) -> Int64 {
        Int64(entry.byteCount + url.utf8.count + (entry.etag?.utf8.count ?? 0) + rowOverhead)
    }

    /// What an existing file's header and tables say about it.
    enum Verdict: Equatable {
        case empty
        case ours
        case unusable(String)
    }

    static func verdict(userVersion: Int64, applicationID: Int64, tables: Set<String>) -> Verdict {
        if userVersion == 0 && applicationID == 0 && tables.isEmpty { return .empty }
        if applicationID != Self.applicationID {
            return .unusable("it is a SQLite database of another program (tables: \(tables.sorted().joined(separator: ", ")))")
        }
        if userVersion > version {
            return .unusable("its schema version \(userVersion) is newer than this MapWire's (\(version))")
        }
        if userVersion < version {
            return .unusable("its schema version \(userVersion) is older than this MapWire's (\(version))")
        }
        let missing = Self.tables.subtracting(tables)
        if !missing.isEmpty { return .unusable("tables are missing: \(missing.sorted().joined(separator: ", "))") }
        return .ours
    }
}
