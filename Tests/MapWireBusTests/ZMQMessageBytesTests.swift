import Foundation
import MapWireBus
import MapWireProtocol
import SwiftProtobuf
import Testing

/// `ZMQMessageBytes`: a render frame serialized once, by swift-protobuf, straight into libzmq's message and
/// sent without a copy (a tile's bytes are copied at most once on their way to the renderer).
@Suite struct ZMQMessageBytesTests {
    /// A render frame carrying one 37 KiB tile, as the core sends it.
    static let frame: Mapwire_V1_ControlMessage = .with {
        $0.request = .with {
            $0.id = 42
            $0.renderFrame = .with {
                $0.frameID = 7
                $0.styleKey = "style"
                $0.resources = [.with {
                    $0.key = "tile/14/4202/6089"
                    $0.data = Data((0..<37_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
                    $0.dataIncluded = true
                }]
            }
        }
    }

    /// A ROUTER with mandatory routing and a DEALER named "renderer" connected to it over ipc.
    func pair() throws -> (ZMQContext, ZMQSocket, ZMQSocket) {
        let context = ZMQContext()
        let router = try ZMQSocket(context, type: .router)
        let dealer = try ZMQSocket(context, type: .dealer)
        try router.setRouterMandatory(true)
        let address = "ipc:///tmp/mwbus-\(UUID().uuidString.prefix(8))-msgbytes"
        try router.bind(address)
        try dealer.setReceiveTimeout(milliseconds: 5000)
        try router.setReceiveTimeout(milliseconds: 5000)
        try dealer.setIdentity(Array("renderer".utf8))
        try dealer.connect(address)
        // The router knows the dealer once a message from it arrived.
        try dealer.send([Data("hello".utf8)])
        _ = try #require(try router.receive())
        return (context, router, dealer)
    }

    @Test func aFrameIsSerializedIntoTheMessageThatIsSentWithoutACopy() throws {
        let (_, router, dealer) = try pair()
        defer { router.close(); dealer.close() }
        guard case .serialized(let body) = ControlCodec.encode(Self.frame, as: ZMQMessageBytes.self) else {
            Issue.record("a render frame is not one of the kinds of the plain form")
            return
        }
        let expected = ControlCodec.encode(Self.frame)
        // What libzmq will send is exactly what swift-protobuf wrote, in libzmq's buffer: no Data between.
        #expect(body.withUnsafeBytes { Data($0) } == expected)
        #expect(body.count > 37_000)
        try Array("renderer".utf8).withUnsafeBytes { try router.send($0, body, dontWait: true) }
        // libzmq took the buffer itself: nothing is left here to copy or to free.
        #expect(body.isSent)
        #expect(body.count == 0)
        let received = try #require(try dealer.receive())
        #expect(received == [expected])
        #expect(try ControlCodec.decode(received[0]) == Self.frame)
    }

    @Test func aFailedSendLeavesTheMessageWithTheCallerToSendAgainOrDrop() throws {
        let (_, router, dealer) = try pair()
        defer { router.close(); dealer.close() }
        let body: ZMQMessageBytes = try Self.frame.serializedBytes()
        let size = body.count
        // No peer of that name: the routing frame fails, the body was not handed over.
        let gone = Array("nobody".utf8)
        #expect(throws: ZMQError.self) { try gone.withUnsafeBytes { try router.send($0, body, dontWait: true) } }
        #expect(!body.isSent)
        #expect(body.count == size)
        // Still whole: sent to the right peer it arrives intact.
        try Array("renderer".utf8).withUnsafeBytes { try router.send($0, body, dontWait: true) }
        #expect(try dealer.receive() == [ControlCodec.encode(Self.frame)])
        // A message sent once cannot be sent again (it is empty now).
        #expect(throws: ZMQError.self) { try dealer.send(body) }
        // One never sent is closed when dropped (no leak: the address sanitizer and valgrind runs would say).
        _ = try Self.frame.serializedBytes() as ZMQMessageBytes
    }

    @Test func theProtocolsInitializersMakeTheBytesAsked() {
        let zeros = ZMQMessageBytes(repeating: 0, count: 5)
        #expect(zeros.withUnsafeBytes { Array($0) } == [0, 0, 0, 0, 0])
        let copied = ZMQMessageBytes([1, 2, 3])
        #expect(copied.withUnsafeBytes { Array($0) } == [1, 2, 3])
        let empty = ZMQMessageBytes(repeating: 9, count: 0)
        #expect(empty.count == 0)
        #expect(empty.withUnsafeBytes { $0.count } == 0)
        let filled = ZMQMessageBytes(repeating: 0, count: 3)
        filled.withUnsafeMutableBytes { $0.copyBytes(from: [7, 8, 9]) }
        #expect(filled.withUnsafeBytes { Array($0) } == [7, 8, 9])
    }
}
