import Foundation
import Testing
@testable import MapWireServe
@testable import MapWireServeInput

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

/// A request line that is not `METHOD TARGET HTTP/1.x` is refused at its first bad byte, before any parser.
@Suite struct RequestLineTests {
    func verdict(_ bytes: [UInt8]) -> ConnectionWatch.Verdict {
        var watch = ConnectionWatch(now: 0)
        return watch.received(bytes, now: 0)
    }

    @Test func wellFormedLinesPass() {
        for line in ["GET /styles/demo/1/0/0.png HTTP/1.1\r\nHost: a\r\n\r\n", "\r\nHEAD / HTTP/1.0\r\n\r\n",
                     "POST /admin/reload HTTP/1.1\r\n", "OPTIONS * HTTP/1.1\r\n"] {
            #expect(verdict(Array(line.utf8)) == .keep, "\(line)")
        }
    }

    @Test func garbageUnknownMethodsAndRawUTF8Are400() {
        let bad: [[UInt8]] = [
            [0x16, 0x03, 0x01, 0x02, 0x00],                       // a TLS hello on the plain port
            Array("BREW /pot HTTP/1.1\r\n".utf8),
            Array("GET /styles/d\u{E9}mo/1/0/0.png HTTP/1.1\r\n".utf8),
            [0x47, 0x45, 0x54, 0x20, 0x2F, 0xFF, 0xFE, 0x20],       // GET / and bytes that are not UTF-8
            Array("GET / HTTP/9.9\r\n".utf8),
            Array("GET  / HTTP/1.1\r\n".utf8),
            Array("GET /\0 HTTP/1.1\r\n".utf8),
        ]
        for bytes in bad {
            guard case .reject(let status, _) = verdict(bytes) else {
                Issue.record("accepted: \(bytes.prefix(20))")
                continue
            }
            #expect(status == 400)
        }
    }

    @Test func headerValuesMayHoldAnyText() {
        #expect(verdict(Array("GET / HTTP/1.1\r\nX-Name: Zoë\r\n\r\n".utf8)) == .keep)
    }
}
