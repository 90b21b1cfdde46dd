import Foundation
import MapWireFormats
import Synchronization

/// The ambient cache and the offline regions in one SQLite file, shared safely by several threads (one
/// connection behind a mutex) and by several processes (WAL, a busy timeout, writes in BEGIN IMMEDIATE).
///
/// Nothing here is fatal for the caller: a file that is not a usable cache is moved aside and recreated
/// (see `warnings`), a failed write throws a `CacheError` after rolling back, a failed read is a miss.
public final class ResourceCache: Sendable {
    public let path: String
    /// The most the ambient entries may count (bytes); region data does not count.
    public let maximumSize: Int64
    /// What opening had to do that the caller should log (a corrupt or foreign file moved aside).
    public let warnings: [String]
    /// Entries evicted together when the cache is full (MapLibre Native evicts 50 at a time).
    let evictionBatch: Int
    let connection: Mutex<CacheConnection>

    public convenience init(path: String, maximumSize: Int64 = CachePaths.defaultMaximumSize, now: Int64 = ResourceCache.now())
        throws(CacheError) {
        try self.init(path: path, maximumSize: maximumSize, evictionBatch: 50, now: now)
    }

    init(path: String, maximumSize: Int64, evictionBatch: Int, now: Int64) throws(CacheError) {
        let (database, warnings) = try CacheFile.open(path: path, now: now)
        self.path = path
        self.maximumSize = maximumSize
        self.evictionBatch = max(1, evictionBatch)
        self.warnings = warnings
        connection = Mutex(CacheConnection(path: path, database: database))
    }

    /// `--cache-size 0` disables the cache: nil then, else the opened cache.
    public static func open(path: String = CachePaths.defaultPath(), maximumSize: Int64 = CachePaths.defaultMaximumSize)
        throws(CacheError) -> ResourceCache? {
        guard maximumSize > 0 else { return nil }
        return try ResourceCache(path: path, maximumSize: maximumSize)
    }

    /// Unix seconds now.
    public static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }

    // MARK: The ambient cache

    /// The entry for `url` as requested, or nil (a failed read is a miss too). Touches its LRU access time.
    public func lookup(_ url: String, now: Int64) -> CacheEntry? {
        (try? run { database throws(SQLiteError) in try database.lookup(url, now: now) }) ?? nil
    }

    /// Stores data or a no-content entry (never an error response), evicting least recently used ambient
    /// entries in batches first when it would not fit. Returns false when the entry alone is larger than
    /// the whole cache (it is not stored). Throws when the write fails (disk full…); nothing is half written.
    @discardableResult
    public func store(_ url: String, kind: CacheResourceKind, entry: CacheEntry, now: Int64) throws(CacheError) -> Bool {
        guard entry.noContent || entry.data != nil else { throw .notCacheable(url: url) }
        let size = CacheSchema.accountedSize(url: url, entry: entry)
        guard size <= maximumSize else { return false }
        let (maximum, batch) = (maximumSize, evictionBatch)
        return try run { database throws(SQLiteError) in
            try database.immediateTransaction { () throws(SQLiteError) -> Bool in
                guard try database.evict(toFit: size, maximum: maximum, batch: batch) else { return false }
                try database.upsert(url, kind: kind, entry: entry, now: now)
                return true
            }
        }
    }

    /// After a 304: the body stays, its expiry and validators are renewed (a nil etag or modified keeps
    /// the stored one). False when the entry is no longer there.
    @discardableResult
    public func revalidated(_ url: String, expires: Int64?, mustRevalidate: Bool, etag: String?, modified: Int64?,
                            now: Int64) throws(CacheError) -> Bool {
        try run { database throws(SQLiteError) in
            try database.revalidated(url, expires: expires, mustRevalidate: mustRevalidate, etag: etag,
                                     modified: modified, now: now)
        }
    }

    /// Every ambient entry expires and must be revalidated before use (MapLibre's invalidateAmbientCache):
    /// the next request asks the server with the stored validators. Region data is left alone.
    public func invalidate() throws(CacheError) {
        try run { database throws(SQLiteError) in try database.invalidateAmbient() }
    }

    /// Deletes every ambient entry (region data stays) and shrinks the file.
    public func clear() throws(CacheError) {
        try run { database throws(SQLiteError) in try database.clearAmbient() }
    }

    public func info() throws(CacheError) -> CacheInfo {
        let (path, maximum) = (self.path, maximumSize)
        return try run { database throws(SQLiteError) in
            let byKind = try database.totalsByKind()
            return CacheInfo(
                path: path, fileBytes: CacheFile.bytesOnDisk(path), maximumSize: maximum,
                entries: byKind.reduce(0) { $0 + $1.entries }, dataBytes: byKind.reduce(0) { $0 + $1.dataBytes },
                ambientEntries: try database.ambientEntries(), ambientSize: try database.ambientSize(),
                byKind: byKind, regions: try database.regions())
        }
    }

    /// What went wrong with the file after it was opened (it became unusable and was moved aside, or
    /// was moved away by someone else and recreated), for the caller to log; each is returned once.
    public func takeWarnings() -> [String] {
        connection.withLock { state in
            defer { state.warnings = [] }
            return state.warnings
        }
    }

    /// Runs `body` on the connection, turning SQLite's errors into `CacheError`s. A file found damaged,
    /// or moved away, is replaced by a new one (see `CacheConnection.recover`) and `body` tried once more.
    func run<T: Sendable>(_ body: (CacheDatabase) throws(SQLiteError) -> T) throws(CacheError) -> T {
        let result: Result<T, SQLiteError> = connection.withLock { state in
            state.reopenIfReplaced()
            var attempt = 0
            while true {
                guard let database = state.database else {
                    return .failure(SQLiteError(code: 1, message: "the cache file could not be reopened"))
                }
                do throws(SQLiteError) { return .success(try body(database)) }
                catch {
                    attempt += 1
                    guard attempt == 1, state.recover(from: error) else { return .failure(error) }
                }
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw CacheError(error)
        }
    }

    /// Testing only: caps the file's page count so the next growing write fails as on a full disk.
    func limitPageCountForTesting(_ pages: Int64) throws(CacheError) {
        try run { database throws(SQLiteError) in
            let used = try database.pragmaInt("PRAGMA page_count")
            try database.limitPageCount(max(pages, used))
        }
    }
}
