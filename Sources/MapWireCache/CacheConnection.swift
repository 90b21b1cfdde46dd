import Foundation
import MapWireFormats

/// The connection `ResourceCache` keeps behind its mutex, and what to do when the file goes bad under it.
struct CacheConnection {
    let path: String
    /// nil after a recovery that could not open a new file.
    var database: CacheDatabase?
    var warnings: [String] = []
    /// The opened file's device and inode: when the path names another file (or none), someone moved or
    /// deleted ours, and SQLite in WAL mode would go on writing into the orphan unaware.
    private var identity: FileIdentity?

    init(path: String, database: CacheDatabase) {
        self.path = path
        self.database = database
        identity = FileIdentity(path)
    }

    /// Before each call: a file moved or deleted under the connection is made again at the path.
    mutating func reopenIfReplaced() {
        guard database != nil, FileIdentity(path) != identity else { return }
        database = nil
        reopen(reason: "it was moved or deleted", done: "started a new one", now: Int64(Date().timeIntervalSince1970))
    }

    /// After a failed call: a damaged file is moved aside and a new one made; a file moved or deleted by
    /// someone else (SQLITE_READONLY_DBMOVED) is simply made again. True when there is a new file to retry on.
    /// MapLibre Native does the same, except that it deletes the damaged file.
    mutating func recover(from error: SQLiteError) -> Bool {
        let moved = error.code == 8 | (4 << 8)   // SQLITE_READONLY_DBMOVED
        guard moved || error.isCorrupt || error.isNotADatabase else { return false }
        // Closed first: a connection closing after the rename would delete the new file's -wal by name.
        database = nil
        let now = Int64(Date().timeIntervalSince1970)
        var done = moved ? "it was moved or deleted: started a new one" : ""
        if !moved {
            do throws(CacheError) { done = "moved aside to \(try CacheFile.moveAside(path, now: now)) and started empty" }
            catch {
                warnings.append("the cache \(path) became unusable (\(error)) and cannot be moved aside: caching is off")
                return false
            }
        }
        return reopen(reason: error.message, done: done, now: now)
    }

    @discardableResult
    private mutating func reopen(reason: String, done: String, now: Int64) -> Bool {
        do throws(CacheError) {
            let (reopened, openWarnings) = try CacheFile.open(path: path, now: now)
            database = reopened
            identity = FileIdentity(path)
            warnings.append("the cache \(path) became unusable (\(reason)): \(done)")
            warnings += openWarnings
            return true
        } catch {
            warnings.append("the cache \(path) became unusable (\(reason)) and cannot be made again (\(error)): caching is off")
            return false
        }
    }
}

/// A file's device and inode number.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
