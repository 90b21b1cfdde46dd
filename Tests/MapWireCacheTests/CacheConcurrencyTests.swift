import Foundation
import Synchronization
@testable import MapWireCache
import Testing

@Suite struct CacheConcurrencyTests {
    /// Runs `work` on `count` threads at once and waits (with a deadline) for all of them.
    func onThreads(_ count: Int, timeout: TimeInterval = 60, _ work: @escaping @Sendable (Int) -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        for index in 0..<count {
            Thread { work(index); done.signal() }.start()
        }
        return (0..<count).allSatisfy { _ in done.wait(timeout: .now() + timeout) == .success }
    }

    @Test func twoConnectionsWriteAtOnce() throws {
        let folder = ScratchFolder()
        // Two connections, as two loader processes would have, each written from its own thread.
        let caches = [try folder.cache(maximumSize: 64 << 20), try folder.cache(maximumSize: 64 << 20)]
        let failures = Failures()
        let finished = onThreads(2) { writer in
            for index in 0..<300 {
                let url = "https://h/\(writer)/\(index).pbf"
                do {
                    try caches[writer].store(url, kind: .tile, entry: CacheEntry(data: bytes(2_000, UInt8(writer))), now: Int64(index))
                    // And read what the other connection wrote.
                    _ = caches[1 - writer].lookup("https://h/\(1 - writer)/\(index).pbf", now: Int64(index))
                } catch {
                    failures.add("\(url): \(error)")
                }
            }
        }
        #expect(finished)
        #expect(failures.all.isEmpty)
        let reader = try folder.cache()
        for writer in 0..<2 {
            for index in 0..<300 {
                #expect(reader.lookup("https://h/\(writer)/\(index).pbf", now: 1_000)?.data == bytes(2_000, UInt8(writer)))
            }
        }
        #expect(try reader.info().entries == 600)
    }

    @Test func oneCacheFromManyThreads() throws {
        let folder = ScratchFolder()
        let cache = try folder.cache(maximumSize: 64 << 20)
        let failures = Failures()
        #expect(onThreads(4) { thread in
            for index in 0..<100 {
                do { try cache.store("t\(thread)-\(index)", kind: .tile, entry: CacheEntry(data: bytes(100)), now: 1) }
                catch { failures.add("\(error)") }
                _ = cache.lookup("t\((thread + 1) % 4)-\(index)", now: 2)
            }
        })
        #expect(failures.all.isEmpty)
        #expect(try cache.info().entries == 400)
    }
}

/// Errors collected from several threads.
final class Failures: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ failure: String) { list.withLock { $0.append(failure) } }
    var all: [String] { list.withLock { $0 } }
}
