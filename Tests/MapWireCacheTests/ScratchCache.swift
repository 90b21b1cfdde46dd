import Foundation
@testable import MapWireCache

/// A cache file in a folder of its own, removed with the folder when the test is done.
final class ScratchFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-cache-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var cachePath: String { url.appendingPathComponent("cache.db").path }

    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func cache(maximumSize: Int64 = 1 << 20, evictionBatch: Int = 50, now: Int64 = 1_000) throws -> ResourceCache {
        try ResourceCache(path: cachePath, maximumSize: maximumSize, evictionBatch: evictionBatch, now: now)
    }
}

func bytes(_ count: Int, _ value: UInt8 = 7) -> Data { Data(repeating: value, count: count) }
