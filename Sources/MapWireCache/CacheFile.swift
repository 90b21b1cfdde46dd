import Foundation
import MapWireFormats

/// Opening the cache file: the folder made when missing, and a file that is not a usable cache moved
/// aside (with its -wal and -shm) and replaced by a new one, with a warning for the caller to log.
enum CacheFile {
    static func open(path: String, now: Int64) throws(CacheError) -> (CacheDatabase, [String]) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            catch { throw .cannotOpen(path: path, reason: "cannot create \(folder): \(error.localizedDescription)") }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .cannotOpen(path: path, reason: "it is a directory")
        }
        try CacheFileOwnership.check(path)
        switch attempt(path) {
        case .success(let database): return (database, [])
        case .failure(.failed(let error)): throw .cannotOpen(path: path, reason: error.message)
        case .failure(.unusable(let reason)):
            let aside = try moveAside(path, now: now)
            let warning = "the cache \(path) was unusable (\(reason)): moved aside to \(aside) and started empty"
            switch attempt(path) {
            case .success(let database): return (database, [warning])
            case .failure(.failed(let error)): throw .cannotOpen(path: path, reason: error.message)
            case .failure(.unusable(let again)): throw .cannotOpen(path: path, reason: again)
            }
        }
    }

    private static func attempt(_ path: String) -> Result<CacheDatabase, CacheOpenFailure> {
        do throws(CacheOpenFailure) { return .success(try CacheDatabase(path: path)) }
        catch { return .failure(error) }
    }

    /// Renames `path` to `path.corrupt-<unix seconds>` (a number added if that exists), with its WAL files.
    static func moveAside(_ path: String, now: Int64) throws(CacheError) -> String {
        let manager = FileManager.default
        var aside = "\(path).corrupt-\(now)"
        var number = 1
        while manager.fileExists(atPath: aside) {
            aside = "\(path).corrupt-\(now)-\(number)"
            number += 1
        }
        do { try manager.moveItem(atPath: path, toPath: aside) }
        catch { throw .cannotOpen(path: path, reason: "it is unusable and cannot be moved aside: \(error.localizedDescription)") }
        for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: path + suffix) {
            try? manager.moveItem(atPath: path + suffix, toPath: aside + suffix)
        }
        return aside
    }

    static func bytesOnDisk(_ path: String) -> Int64 {
        [path, path + "-wal"].reduce(0) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value
            return total + (size ?? 0)
        }
    }
}

extension CacheError {
    /// SQLite's failure in words the caller can log.
    init(_ error: SQLiteError) {
        switch error.code & 0xff {
        case 13: self = .diskFull(error.message)          // SQLITE_FULL
        case 5, 6: self = .busy(error.message)            // SQLITE_BUSY, SQLITE_LOCKED
        default: self = .failed(error.description)
        }
    }
}
