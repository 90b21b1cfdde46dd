import Foundation
import Synchronization
import MapWireCache
import Testing

/// `mapwire cache info|clear|invalidate` on a cache file made by the test, and that command writing the
/// file while this process writes it too (two processes, one WAL file).
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct CacheCommandTests {
    /// A cache with two tiles (one no-content), a style and a one-entry region.
    func filledCache(_ run: TestRun) throws -> ResourceCache {
        let cache = try ResourceCache(path: run.file("cache.db").path, maximumSize: 1 << 20)
        try cache.store("https://h/0/0/0.pbf", kind: .tile, entry: CacheEntry(data: Data(count: 1_000), expires: 9_999_999_999), now: 1)
        try cache.store("https://h/1/0/0.pbf", kind: .tile, entry: .noContent(), now: 1)
        try cache.store("https://h/style.json", kind: .style, entry: CacheEntry(data: Data(count: 50)), now: 1)
        let region = try cache.createRegion(name: "home", definition: Data("{}".utf8), now: 5)
        try cache.storeInRegion(region, url: "https://h/2/1/1.pbf", kind: .tile, entry: CacheEntry(data: Data(count: 200)), now: 1)
        return cache
    }

    func infoJSON(_ run: TestRun) throws -> [String: Any] {
        let result = try run.mapwire(["cache", "info", "--cache", run.file("cache.db").path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [String: Any], "\(result.stdout)")
    }

    @Test func infoPrintsJSONAndText() throws {
        let run = try TestRun()
        _ = try filledCache(run)
        let info = try infoJSON(run)
        #expect(info["path"] as? String == run.file("cache.db").path)
        #expect(info["entries"] as? Int == 4)
        #expect(info["data-bytes"] as? Int == 1_250)
        #expect(info["ambient-entries"] as? Int == 3)
        #expect(info["maximum-size"] as? Int == 50 * 1024 * 1024)
        #expect((info["file-bytes"] as? Int ?? 0) > 0)
        let kinds = try #require(info["by-kind"] as? [[String: Any]])
        #expect(kinds.map { $0["kind"] as? String } == ["style", "tile"])
        #expect(kinds.last?["entries"] as? Int == 3)
        #expect(kinds.last?["no-content-entries"] as? Int == 1)
        let regions = try #require(info["regions"] as? [[String: Any]])
        #expect(regions.map { $0["name"] as? String } == ["home"])
        #expect(regions.first?["resource-count"] as? Int == 1)

        let text = try run.mapwire(["cache", "info", "--cache", run.file("cache.db").path])
        #expect(text.status == 0)
        #expect(text.stdout.contains("entries:  4"))
        #expect(text.stdout.contains("home: 1 resources"))
    }

    @Test func invalidateAndClearLeaveRegionsAlone() throws {
        let run = try TestRun()
        let cache = try filledCache(run)
        let path = run.file("cache.db").path

        let invalidated = try run.mapwire(["cache", "invalidate", "--cache", path])
        #expect(invalidated.status == 0, "\(invalidated.stderr)")
        #expect(cache.lookup("https://h/0/0/0.pbf", now: 2)?.freshness(now: 2) == .mustRevalidate)
        #expect(cache.lookup("https://h/2/1/1.pbf", now: 2)?.freshness(now: 2) == .fresh)

        let cleared = try run.mapwire(["cache", "clear", "--cache", path])
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(cache.lookup("https://h/0/0/0.pbf", now: 3) == nil)
        #expect(cache.lookup("https://h/2/1/1.pbf", now: 3) != nil)
        #expect(try infoJSON(run)["entries"] as? Int == 1)
    }

    @Test func aCorruptFileIsMovedAsideWithAWarning() throws {
        let run = try TestRun()
        let path = run.file("cache.db").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("this is not a database, only text".utf8)))
        let result = try run.mapwire(["cache", "info", "--cache", path, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("unusable"), "\(result.stderr)")
        #expect(result.stderr.contains("cache.db.corrupt-"))
        #expect(result.stdout.contains(#""entries":0"#))
        let files = try FileManager.default.contentsOfDirectory(atPath: run.directory.path)
        #expect(files.contains { $0.hasPrefix("cache.db.corrupt-") })
    }

    @Test func aPathThatCannotBeACacheExitsOne() throws {
        let run = try TestRun()
        let result = try run.mapwire(["cache", "info", "--cache", run.directory.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot open the cache"), "\(result.stderr)")
    }

    /// This process stores entries while `mapwire cache invalidate` runs again and again in another: with
    /// WAL and the busy timeout neither fails and nothing is lost.
    @Test func twoProcessesWriteOneFile() throws {
        let run = try TestRun()
        let path = run.file("cache.db").path
        let cache = try ResourceCache(path: path, maximumSize: 64 << 20)
        let writer = WriterThread(cache: cache, count: 1_500)
        var statuses: [Int32?] = []
        while statuses.count < 3 || (!writer.isDone && statuses.count < 50) {
            statuses.append(try run.mapwire(["cache", "invalidate", "--cache", path]).status)
        }
        #expect(writer.waitUntilDone(timeout: 60))
        #expect(statuses.allSatisfy { $0 == 0 }, "\(statuses)")
        #expect(writer.failures.isEmpty, "\(writer.failures)")
        #expect(try infoJSON(run)["entries"] as? Int == 1_500)
    }
}

/// Stores `count` entries from a thread of its own.
final class WriterThread: Sendable {
    private let failureList = Mutex<[String]>([])
    private let done = DispatchSemaphore(value: 0)
    private let finished = Atomic(false)

    init(cache: ResourceCache, count: Int) {
        Thread { [self] in
            for index in 0..<count {
                do { try cache.store("https://h/w/\(index)", kind: .tile, entry: CacheEntry(data: Data(count: 4_000)), now: Int64(index)) }
                catch { failureList.withLock { $0.append("\(index): \(error)") } }
            }
            finished.store(true, ordering: .releasing)
            done.signal()
        }.start()
    }

    var failures: [String] { failureList.withLock { $0 } }
    var isDone: Bool { finished.load(ordering: .acquiring) }

    func waitUntilDone(timeout: TimeInterval) -> Bool { done.wait(timeout: .now() + timeout) == .success }
}
