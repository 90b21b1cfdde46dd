import Foundation
import MapWireClient
import MapWireProtocol

/// Watches a core's events on the calling thread: waits for map-idle, counting tiles loaded on the way.
final class MapWatcher {
    private let subscriber: EventSubscriber

    init(endpoint: String) throws {
        subscriber = try EventSubscriber(endpoint: endpoint, prefixes: ["map-idle", "source-data-loaded", "map-did-fail-loading"])
        _ = try subscriber.waitUntilWelcomed(timeoutMilliseconds: 10_000)
        guard subscriber.isWelcomed else { throw BenchError("the core did not welcome the bench's subscriber") }
    }

    /// Drops whatever is queued.
    func drain() throws {
        while try subscriber.next(timeoutMilliseconds: 0) != nil {}
    }

    /// Waits for the next map-idle; returns when it arrived (monotonic ns), when the core published it
    /// (its envelope's Unix ns) and the tiles loaded before it.
    func waitForIdle(timeoutSeconds: Double) throws -> (nanos: UInt64, publishedUnixNanos: Int64, tiles: Int) {
        let deadline = BenchThreads.now() + UInt64(timeoutSeconds * 1e9)
        var tiles = 0
        while BenchThreads.now() < deadline {
            guard let item = try subscriber.next(timeoutMilliseconds: 200), case .event(_, let envelope) = item else { continue }
            switch envelope.payload {
            case .mapIdle: return (BenchThreads.now(), envelope.beginUnixNanos, tiles)
            // `loaded` says whether the whole source is loaded; every tile event is one tile finished.
            case .sourceDataLoaded(let e) where e.type == .tile: tiles += 1
            case .mapDidFailLoading(let e): throw BenchError("the map failed to load: \(e.error)")
            default: break
            }
        }
        throw BenchError("no map-idle within \(Int(timeoutSeconds)) s")
    }
}
