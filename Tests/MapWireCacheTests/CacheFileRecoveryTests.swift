import Foundation
@testable import MapWireCache
import MapWireFormats
import Testing

@Suite struct CacheFileRecoveryTests {
    /// Opens the file at `folder.cachePath` and checks it was moved aside, with a warning, and replaced by a working cache.
    func expectMovedAside(_ folder: ScratchFolder, original: Data, because reason: String) throws {
        let cache = try folder.cache(now: 77)
        #expect(cache.warnings.count == 1)
        #expect(cache.warnings.first?.contains(reason) == true, "\(cache.warnings)")
        #expect(cache.warnings.first?.contains("cache.db.corrupt-77") == true)
        let aside = folder.url.appendingPathComponent("cache.db.corrupt-77").path
        #expect(FileManager.default.contents(atPath: aside) == original)
        try cache.store("u", kind: .tile, entry: CacheEntry(data: bytes(3)), now: 78)
        #expect(cache.lookup("u", now: 79)?.data == bytes(3))
        // The new file is a good cache: opening it again warns of nothing.
        #expect(try folder.cache(now: 80).warnings.isEmpty)
    }

    @Test func randomBytesAreMovedAside() throws {
        let folder = ScratchFolder()
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        #expect(FileManager.default.createFile(atPath: folder.cachePath, contents: garbage))
        try expectMovedAside(folder, original: garbage, because: "not a SQLite database")
    }

    @Test func aForeignDatabaseIsMovedAside() throws {
        let folder = ScratchFolder()
        do {
            let foreign = try SQLiteDatabase(path: folder.cachePath, mode: .readWriteCreate)
            try foreign.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_data BLOB); INSERT INTO tiles VALUES (1, x'00')")
        }
        let original = try #require(FileManager.default.contents(atPath: folder.cachePath))
        try expectMovedAside(folder, original: original, because: "another program (tables: tiles)")
    }

    @Test func aNewerSchemaIsMovedAside() throws {
        let folder = ScratchFolder()
        do {
            let cache = try folder.cache()
            try cache.store("old", kind: .tile, entry: CacheEntry(data: bytes(1)), now: 1)
        }
        do {
            let database = try SQLiteDatabase(path: folder.cachePath, mode: .readWriteCreate)
            try database.execute("PRAGMA user_version = 99; PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let cache = try folder.cache(now: 77)
        #expect(cache.warnings.first?.contains("schema version 99 is newer") == true, "\(cache.warnings)")
        #expect(folder.files().contains("cache.db.corrupt-77"))
        #expect(cache.lookup("old", now: 78) == nil)
    }

    @Test func aDirectoryIsAClearError() throws {
        let folder = ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.cachePath, withIntermediateDirectories: true)
        #expect {
            _ = try folder.cache()
        } throws: { error in
            guard case CacheError.cannotOpen(_, let reason) = error else { return false }
            return reason.contains("directory")
        }
    }

    @Test func missingFoldersAreCreated() throws {
        let folder = ScratchFolder()
        let path = folder.url.appendingPathComponent("a/b/mapwire/cache.db").path
        let cache = try ResourceCache(path: path, maximumSize: 1_000_000)
        try cache.store("u", kind: .style, entry: CacheEntry(data: bytes(1)), now: 1)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aFullDiskFailsTheWriteAndNothingElse() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache(maximumSize: 64 << 20)
        try cache.store("before", kind: .tile, entry: CacheEntry(data: bytes(2_000)), now: 1)
        try cache.limitPageCountForTesting(0)
        #expect {
            try cache.store("big", kind: .tile, entry: CacheEntry(data: bytes(200_000)), now: 2)
        } throws: { error in
            guard case CacheError.diskFull = error else { return false }
            return "\(error)".contains("disk is full")
        }
        // Rolled back: nothing half written, the rest still works.
        #expect(cache.lookup("big", now: 3) == nil)
        #expect(cache.lookup("before", now: 3)?.data == bytes(2_000))
        #expect(try cache.info().entries == 1)
    }
}

/// The file going bad, or away, while a cache has it open.
@Suite struct CacheRecoveryInUseTests {
    @Test func aFileMovedAwayIsMadeAgain() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        try cache.store("a", kind: .tile, entry: CacheEntry(data: bytes(3)), now: 1)
        // What another loader does when it finds the file damaged.
        let aside = try CacheFile.moveAside(folder.cachePath, now: 9)
        try cache.store("b", kind: .tile, entry: CacheEntry(data: bytes(4)), now: 2)
        #expect(cache.lookup("b", now: 3)?.data == bytes(4))
        #expect(cache.lookup("a", now: 3) == nil)
        let warnings = cache.takeWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("moved or deleted") == true, "\(warnings)")
        #expect(cache.takeWarnings().isEmpty)
        // The new file is at the path, the old one untouched aside.
        #expect(try folder.cache().lookup("b", now: 4) != nil)
        #expect(FileManager.default.fileExists(atPath: aside))
    }

    /// Loader A moves the file aside and makes a new one; loader B then notices and reopens too. B's old
    /// connection closing must not delete the new file's -wal and -shm (SQLite deletes them by name).
    @Test func aLateReopenLeavesTheNewFileAlone() throws {
        let folder = ScratchFolder()
        let first = try folder.cache()
        let second = try folder.cache()
        try second.store("old", kind: .tile, entry: CacheEntry(data: bytes(1)), now: 1)
        _ = try CacheFile.moveAside(folder.cachePath, now: 9)
        try first.store("x", kind: .tile, entry: CacheEntry(data: bytes(5)), now: 2)
        try second.store("y", kind: .tile, entry: CacheEntry(data: bytes(6)), now: 3)
        let third = try folder.cache()
        #expect(third.lookup("x", now: 4)?.data == bytes(5))
        #expect(third.lookup("y", now: 4)?.data == bytes(6))
        #expect(third.lookup("old", now: 4) == nil)
        #expect(first.takeWarnings().count == 1)
        #expect(second.takeWarnings().count == 1)
    }

    @Test func aFileFoundDamagedIsMovedAsideAndMadeAgain() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        try cache.store("a", kind: .tile, entry: CacheEntry(data: bytes(3)), now: 1)
        // SQLite's answer when it reads a damaged page (not reliably caused by damaging a live file).
        let recovered = cache.connection.withLock { $0.recover(from: SQLiteError(code: 11, message: "database disk image is malformed")) }
        #expect(recovered)
        #expect(cache.lookup("a", now: 2) == nil)
        try cache.store("b", kind: .tile, entry: CacheEntry(data: bytes(4)), now: 2)
        #expect(cache.lookup("b", now: 3) != nil)
        let warnings = cache.takeWarnings()
        #expect(warnings.first?.contains("malformed") == true, "\(warnings)")
        #expect(warnings.first?.contains("moved aside to \(folder.cachePath).corrupt-") == true, "\(warnings)")
        #expect(folder.files().contains { $0.hasPrefix("cache.db.corrupt-") })
    }

    @Test func otherErrorsAreNotRecoveries() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache()
        #expect(!cache.connection.withLock { $0.recover(from: SQLiteError(code: 13, message: "database or disk is full")) })
        #expect(!cache.connection.withLock { $0.recover(from: SQLiteError(code: 5, message: "database is locked")) })
        #expect(folder.files() == ["cache.db", "cache.db-shm", "cache.db-wal"])
        #expect(cache.takeWarnings().isEmpty)
    }
}
