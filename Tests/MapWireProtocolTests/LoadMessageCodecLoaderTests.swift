import Foundation
import MapWireNumerics
import MapWireProtocol
import SwiftProtobuf
import Testing

/// The loader's hand path (`decodeLoadRequest`, `encodeResource` + `appendReply`) against swift-protobuf:
/// the same fields read, the same bytes written, over fixed and randomised messages; anything it does
/// not read exactly is declined (nil) and left to `ControlCodec`.
@Suite struct LoadMessageCodecLoaderTests {
    typealias Shapes = LoadMessageCodecTests

    @Test func typicalAndRandomisedRequestsAreReadAsSwiftProtobufReadsThem() throws {
        try expectRequestRead(Shapes.typical[0])
        try expectRequestRead(Shapes.typical[3])
        var g = SeededRandom(seed: 2020)
        for _ in 0..<4000 { try expectRequestRead(Shapes.randomRequest(&g)) }
    }

    func expectRequestRead(_ message: Mapwire_V1_ControlMessage) throws {
        let bytes: [UInt8] = try message.serializedBytes()
        let read = try #require(bytes.withUnsafeBytes { LoadMessageCodec.decodeLoadRequest($0) }, "\(message)")
        guard case .request(let expected) = message.body, case .loadResource(let load) = expected.kind else {
            Issue.record("not a load request: \(message)")
            return
        }
        #expect(read.pluginRequest == expected)
        #expect(read.id == expected.id && read.attempt == expected.attempt && read.deadlineUnixNanos == expected.deadlineUnixNanos)
        #expect(read.url == load.request.url && read.kind == load.request.kind && read.hasInfo == load.hasRequest)
        #expect(read.tile.map { [$0.z, $0.x, $0.y] } == (load.hasTileID ? [load.tileID.z, load.tileID.x, load.tileID.y] : nil))
        #expect(read.sourceID == (load.hasSourceID ? load.sourceID : nil))
    }

    @Test func typicalAndRandomisedRepliesAreWrittenAsSwiftProtobufWritesThem() throws {
        try expectReplyWritten(Shapes.typical[1])
        try expectReplyWritten(Shapes.typical[2])
        var g = SeededRandom(seed: 2021)
        for _ in 0..<4000 { try expectReplyWritten(Shapes.randomReply(&g)) }
    }

    func expectReplyWritten(_ message: Mapwire_V1_ControlMessage) throws {
        guard case .reply(let reply) = message.body, case .resource(let resource) = reply.kind else {
            Issue.record("not a resource reply: \(message)")
            return
        }
        let expected: [UInt8] = try message.serializedBytes()
        let resourceBytes = try #require(LoadMessageCodec.encodeResource(resource))
        #expect(resourceBytes == (try resource.serializedBytes() as [UInt8]))
        #expect(LoadMessageCodec.encodeReply(id: reply.id, resource: resource) == expected, "\(message)")
        // Appended after other replies in one batch buffer: the earlier bytes stay as they were.
        var batch: [UInt8] = [1, 2, 3]
        resourceBytes.withUnsafeBytes { LoadMessageCodec.appendReply(id: reply.id, resource: $0, to: &batch) }
        #expect(batch == [1, 2, 3] + expected)
        var direct: [UInt8] = [4, 5]
        #expect(LoadMessageCodec.appendReply(id: reply.id, resource: resource, to: &direct))
        #expect(direct == [4, 5] + expected)
        // Round trip: the core's reader gives back the reply.
        #expect(expected.withUnsafeBytes { LoadMessageCodec.decodeResourceReply($0) } == reply)
    }

    @Test func otherMessagesAndUnusualEncodingsAreDeclined() throws {
        let others: [Mapwire_V1_ControlMessage] = [
            .with { $0.heartbeat = .with { $0.epoch = 3 } },
            .with { $0.request = .with { $0.id = 1; $0.cancel = .with { $0.requestID = 2 } } },
            .with { $0.request = .with { $0.id = 1; $0.renderFrame = .init() } },
            Shapes.typical[1],
            .init(),
        ]
        for message in others {
            let bytes: [UInt8] = try message.serializedBytes()
            #expect(bytes.withUnsafeBytes { LoadMessageCodec.decodeLoadRequest($0) } == nil, "\(message)")
        }
        let typical: [UInt8] = try Shapes.typical[0].serializedBytes()
        let unpacked: [UInt8] = [0x2A, 0x08, 0x52, 0x06, 0x0A, 0x04, 0x20, 0x01, 0x20, 0x02]  // loading_method unpacked
        let badUTF8: [UInt8] = [0x2A, 0x07, 0x52, 0x05, 0x0A, 0x03, 0x0A, 0x01, 0xFF]        // url 0xFF
        let unknownInRequest: [UInt8] = [0x2A, 0x05, 0x52, 0x00, 0xA8, 0x01, 0x05]            // request field 21
        for bytes in [typical + typical, unpacked, badUTF8, unknownInRequest, Array(typical.dropLast())] {
            #expect(bytes.withUnsafeBytes { LoadMessageCodec.decodeLoadRequest($0) } == nil, "\(bytes)")
        }
        // A resource with unknown fields is not written by hand.
        var resource = Mapwire_V1_ResourceData()
        try resource.merge(serializedBytes: Data([0xF8, 0x07, 0x01]))
        #expect(LoadMessageCodec.encodeResource(resource) == nil)
        #expect(LoadMessageCodec.encodeReply(id: 1, resource: resource) == nil)
        var untouched: [UInt8] = [9]
        #expect(!LoadMessageCodec.appendReply(id: 1, resource: resource, to: &untouched))
        #expect(untouched == [9])
    }

    /// Truncated and bit-flipped requests (`PayloadWireTests.broken`): never a crash, and whatever the hand
    /// reader accepts is what swift-protobuf reads; what it declines, `ControlCodec` answers as before.
    @Test(arguments: [31, 32])
    func brokenRequestsAreReadAsSwiftProtobufReadsThemOrDeclined(seed: UInt64) throws {
        var g = SeededRandom(seed: seed)
        for round in 0..<3000 {
            let bytes: [UInt8] = try (round % 3 == 0 ? Shapes.typical[0] : Shapes.randomRequest(&g)).serializedBytes()
            let broken = PayloadWireTests.broken(bytes, truncated: round % 2 == 0, &g)
            let full = try? Mapwire_V1_ControlMessage(serializedBytes: broken)
            guard let fast = broken.withUnsafeBytes({ LoadMessageCodec.decodeLoadRequest($0) }) else {
                // Declined: the runner decodes with ControlCodec, which gives swift-protobuf's answer or its error.
                let slow = try? broken.withUnsafeBytes { try ControlCodec.decode(lent: $0) }
                #expect(slow == full, "seed \(seed) round \(round): \(broken)")
                continue
            }
            #expect(full.map { Mapwire_V1_ControlMessage.with { $0.request = fast.pluginRequest } == $0 } == true,
                    "seed \(seed) round \(round): \(broken)")
        }
    }
}
