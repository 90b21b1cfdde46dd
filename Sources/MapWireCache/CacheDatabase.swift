import CSQLite
import Foundation
import MapWireFormats

/// Why a cache file could not be opened: the file is not a usable cache (move it aside and start again),
/// or SQLite failed for another reason (a folder that cannot be written…).
enum CacheOpenFailure: Error {
    case unusable(String)
    case failed(SQLiteError)
}

/// One connection to the cache file and its prepared statements. Not Sendable: `ResourceCache` keeps it
/// behind a mutex. Every write runs in `BEGIN IMMEDIATE`, so with WAL and the busy timeout several
/// connections and processes take turns instead of failing.
final class CacheDatabase {
    let database: SQLiteDatabase
    private var statements: [String: SQLiteStatement] = [:]
    static let busyTimeoutMilliseconds = 5000

    init(path: String) throws(CacheOpenFailure) {
        do {
            database = try SQLiteDatabase(path: path, mode: .readWriteCreate)
            try database.execute("PRAGMA busy_timeout = \(Self.busyTimeoutMilliseconds)")
        } catch { throw .failed(error) }
        do {
            // Read before anything is written, so a file that is not ours is left exactly as it was.
            // A file that is not SQLite fails here.
            if case .unusable(let reason) = try currentVerdict() { throw CacheOpenFailure.unusable(reason) }
            // auto_vacuum only takes effect on an empty file, before it turns to WAL: `clear` then gives
            // pages back to the file system.
            try database.execute("PRAGMA auto_vacuum = INCREMENTAL")
            let mode = try pragmaText("PRAGMA journal_mode = WAL")
            guard mode?.lowercased() == "wal" else {
                throw CacheOpenFailure.failed(SQLiteError(code: SQLITE_ERROR, message: "journal_mode is \(mode ?? "unknown"), not WAL"))
            }
            // NORMAL: a commit is not synced (a power cut may lose the last entries, never the file's
            // integrity): right for a cache. The WAL is cut back to 4 MiB after a checkpoint.
            try database.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = 4194304")
            // Checked again under the write lock: another process may have created the schema meanwhile.
            let verdict = try immediateTransaction { () throws(SQLiteError) -> CacheSchema.Verdict in
                let verdict = try currentVerdict()
                if verdict == .empty { try database.execute(CacheSchema.create) }
                return verdict
            }
            if case .unusable(let reason) = verdict { throw CacheOpenFailure.unusable(reason) }
        } catch let error as CacheOpenFailure {
            throw error
        } catch let error as SQLiteError {
            if error.isNotADatabase || error.isCorrupt { throw .unusable("it is not a SQLite database or it is damaged (\(error.message))") }
            throw .failed(error)
        } catch {
            throw .failed(SQLiteError(code: SQLITE_ERROR, message: "\(error)"))
        }
    }

    // MARK: Statements

    /// A cached prepared statement, reset and ready for bindings.
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let prepared = try database.prepare(sql)
        statements[sql] = prepared
        return prepared
    }

    func pragmaInt(_ sql: String) throws(SQLiteError) -> Int64 {
        let query = try database.prepare(sql)
        return try query.step() ? query.int(0) : 0
    }

    func pragmaText(_ sql: String) throws(SQLiteError) -> String? {
        let query = try database.prepare(sql)
        return try query.step() ? query.text(0) : nil
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE on this connection.
    func changes() throws(SQLiteError) -> Int64 {
        try pragmaInt("SELECT changes()")
    }

    private func currentVerdict() throws(SQLiteError) -> CacheSchema.Verdict {
        CacheSchema.verdict(userVersion: try pragmaInt("PRAGMA user_version"),
                            applicationID: try pragmaInt("PRAGMA application_id"), tables: try tableNames())
    }

    private func tableNames() throws(SQLiteError) -> Set<String> {
        let query = try database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        var names: Set<String> = []
        while try query.step() { if let name = query.text(0) { names.insert(name) } }
        return names
    }

    /// Takes the write lock at BEGIN (waiting up to the busy timeout), so a read that turns into a write
    /// cannot fail half way because another connection wrote in between.
    func immediateTransaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try database.execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try database.execute("COMMIT")
            return result
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    /// Testing only: caps the file at `pages` pages so that a write fails as on a full disk.
    func limitPageCount(_ pages: Int64) throws(SQLiteError) {
        _ = try pragmaInt("PRAGMA max_page_count = \(pages)")
    }
}

@available(*, unavailable, message: "a cache connection is confined to one thread at a time (ResourceCache locks it)")
extension CacheDatabase: Sendable {}
