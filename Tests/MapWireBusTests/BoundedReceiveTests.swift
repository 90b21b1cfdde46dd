import Foundation
import MapWireBus
import Testing

/// `receive(limit:keep:)`: a frame over the limit arrives cut to its first bytes with its real size, so the
/// core refuses an oversized message without copying it (PROTOCOL.md 3.3).
@Suite struct BoundedReceiveTests {
    @Test func aFrameOverTheLimitKeepsItsFirstBytesAndSaysItsSize() throws {
        let context = ZMQContext()
        let router = try ZMQSocket(context, type: .router)
        let dealer = try ZMQSocket(context, type: .dealer)
        defer { router.close(); dealer.close() }
        let address = "ipc:///tmp/mwbus-\(UUID().uuidString.prefix(8))-bounded"
        try router.bind(address)
        try router.setReceiveTimeout(milliseconds: 5000)
        try dealer.setIdentity(Array("peer".utf8))
        try dealer.connect(address)
        let big = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
        try dealer.send([big])
        try dealer.send([Data("small".utf8)])
        let first = try #require(try router.receive(limit: 1000, keep: 16))
        #expect(first.frames == [Data("peer".utf8), big.prefix(16)])
        #expect(first.largestFrameBytes == 10_000)
        let second = try #require(try router.receive(limit: 1000, keep: 16))
        #expect(second.frames == [Data("peer".utf8), Data("small".utf8)])
        #expect(second.largestFrameBytes == 5)
    }
}
