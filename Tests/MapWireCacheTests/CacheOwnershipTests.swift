import Foundation
import Testing
@testable import MapWireCache

/// The cache file is trusted as the run directory is: another user's file, or one anyone may write to,
/// is refused with the reason; a new one is made private.
@Suite struct CacheOwnershipTests {
    func refusal(_ open: () throws -> Void) -> String? {
        do { try open() } catch CacheError.cannotOpen(_, let reason) { return reason } catch { return "\(error)" }
        return nil
    }

    @Test func aNewCacheFileIsPrivate() throws {
        let folder = ScratchFolder()
        _ = try folder.cache()
        let mode = try #require(FileManager.default.attributesOfItem(atPath: folder.cachePath)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue & 0o077 == 0, "mode \(String(mode.intValue, radix: 8))")
    }

    @Test func aFileOthersCanWriteIsRefused() throws {
        let folder = ScratchFolder()
        _ = try folder.cache()
        chmod(folder.cachePath, 0o666)
        let reason = refusal { _ = try folder.cache() }
        #expect(reason?.contains("writable by group or others (mode 0666)") == true, "\(reason ?? "opened")")
    }

    @Test(.enabled(if: getuid() == 0, "needs root, to give a file to another user"))
    func anotherUsersFileIsRefused() throws {
        let folder = ScratchFolder()
        _ = try folder.cache()
        for file in folder.files() { chown(folder.url.appendingPathComponent(file).path, 65534, 65534) }
        let reason = refusal { _ = try folder.cache() }
        #expect(reason?.contains("belongs to uid 65534") == true, "\(reason ?? "opened")")
    }

    @Test func aFolderOthersCanWriteWithoutTheStickyBitIsRefused() throws {
        let folder = ScratchFolder()
        chmod(folder.url.path, 0o777)
        #expect(refusal { _ = try folder.cache() }?.contains("its folder") == true)
        // With the sticky bit (as /tmp) others cannot replace our file: allowed.
        chmod(folder.url.path, 0o1777)
        #expect(refusal { _ = try folder.cache() } == nil)
    }
}
