import Foundation
import Testing
@testable import MapWireServe

/// A connection's request head: at most so many bytes, complete within so long; idle connections close.
@Suite struct ConnectionWatchTests {
    var limits: ConnectionWatch.Limits {
        var limits = ConnectionWatch.Limits()
        limits.maxHeadBytes = 64
        limits.headTimeoutMilliseconds = 1000
        limits.idleTimeoutMilliseconds = 5000
        return limits
    }

    @Test func aWholeHeadIsAnsweredWithoutLimit() {
        var watch = ConnectionWatch(limits: limits, now: 0)
        #expect(watch.received(Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8), now: 10) == .keep)
        #expect(watch.awaitsAnswer)
        // The blank line arrives in another read: the head is complete, its answer may take any time.
        #expect(watch.received(Array("\r\n".utf8), now: 20) == .keep)
        #expect(watch.tick(now: 100_000) == .keep)
        watch.sent(switchingProtocols: false, now: 100_000)
        #expect(!watch.awaitsAnswer)
    }

    @Test func aLongLineIs414AndLongHeaders431() {
        var line = ConnectionWatch(limits: limits, now: 0)
        #expect(line.received(Array(("GET /" + String(repeating: "a", count: 100)).utf8), now: 0)
                == .reject(status: 414, message: "the request line is longer than 64 bytes"))
        var headers = ConnectionWatch(limits: limits, now: 0)
        #expect(headers.received(Array(("GET / HTTP/1.1\r\nX: " + String(repeating: "b", count: 100)).utf8), now: 0)
                == .reject(status: 431, message: "the request's headers are larger than 64 bytes"))
    }

    @Test func aDrippedHeadIs408AndAnIdleConnectionCloses() {
        var watch = ConnectionWatch(limits: limits, now: 0)
        #expect(watch.received(Array("GE".utf8), now: 0) == .keep)
        #expect(watch.tick(now: 900) == .keep)
        #expect(watch.received(Array("T".utf8), now: 950) == .keep)
        #expect(watch.tick(now: 1001) == .reject(status: 408, message: "the request head did not arrive within 1000 ms"))
        var idle = ConnectionWatch(limits: limits, now: 0)
        #expect(idle.tick(now: 4000) == .keep && idle.tick(now: 5001) == .close)
    }

    @Test func afterAWebSocketUpgradeNothingIsWatched() {
        var watch = ConnectionWatch(limits: limits, now: 0)
        _ = watch.received(Array("GET /live/demo HTTP/1.1\r\n\r\n".utf8), now: 0)
        watch.sent(switchingProtocols: true, now: 1)
        #expect(watch.received([UInt8](repeating: 0x81, count: 1000), now: 2) == .keep)
        #expect(watch.tick(now: 1_000_000) == .keep)
    }
}
