import Foundation
import MapWireNumerics
import MapWireProtocol
import MapWireWireFormat
import SwiftProtobuf
import Testing

/// The loader's wire path (a load request read in plain fields, a resource reply written from them with no
/// swift-protobuf message: `Mapwire_V1_ControlMessage.Plain`, `writeReply`) against swift-protobuf: the
/// same fields read, the same bytes written, over fixed and randomised messages; anything it does not read
/// exactly is declined (nil) and left to `ControlCodec`.
@Suite struct LoaderWirePathTests {
    typealias Shapes = ControlPlainFormTests

    /// The load request a frame holds, as the loader reads it (`LoaderPlugin.handleWire`: the request alone),
    /// checked against the whole message's plain form.
    static func loadRequest(_ bytes: UnsafeRawBufferPointer) -> Mapwire_V1_PluginRequest.Plain? {
        var request = Mapwire_V1_PluginRequest.Plain()
        let read = Mapwire_V1_ControlMessage.readRequest(bytes, into: &request)
        let whole = Mapwire_V1_ControlMessage.Plain(wireFields: bytes)
        #expect(!read || whole == Mapwire_V1_ControlMessage.Plain(request: request))
        guard read, request.loadResource != nil else { return nil }
        return request
    }

    @Test func typicalAndRandomisedRequestsAreReadAsSwiftProtobufReadsThem() throws {
        try expectRequestRead(Shapes.typical[0])
        try expectRequestRead(Shapes.typical[3])
        var g = SeededRandom(seed: 2020)
        for _ in 0..<4000 { try expectRequestRead(Shapes.randomRequest(&g)) }
    }

    func expectRequestRead(_ message: Mapwire_V1_ControlMessage) throws {
        let bytes: [UInt8] = try message.serializedBytes()
        let read = try #require(bytes.withUnsafeBytes { Self.loadRequest($0) }, "\(message)")
        guard case .request(let expected) = message.body, case .loadResource(let load) = expected.kind,
              let readLoad = read.loadResource else {
            Issue.record("not a load request: \(message)")
            return
        }
        #expect(read.protobuf == expected)
        #expect(read.id == expected.id && read.attempt == expected.attempt && read.deadlineUnixNanos == expected.deadlineUnixNanos)
        #expect(readLoad.request?.url == (load.hasRequest ? load.request.url : nil))
        #expect(readLoad.request?.kind == (load.hasRequest ? load.request.kind : nil))
        #expect(readLoad.tileID.map { [$0.z, $0.x, $0.y] } == (load.hasTileID ? [load.tileID.z, load.tileID.x, load.tileID.y] : nil))
        #expect(readLoad.sourceID == (load.hasSourceID ? load.sourceID : nil))
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
        let plain = try #require(Mapwire_V1_ResourceData.Plain(resource))
        var alone = ProtobufRawWriter()
        plain.writeFields(to: &alone)
        #expect(alone.bytes == (try resource.serializedBytes() as [UInt8]))
        // Appended after other replies in one batch buffer: the earlier bytes stay as they were.
        var batch = ProtobufRawWriter()
        ([1, 2, 3] as [UInt8]).withUnsafeBytes { batch.raw($0) }
        Mapwire_V1_ControlMessage.writeReply(ResourceReply(id: reply.id, resource: plain), to: &batch)
        #expect(batch.bytes == [1, 2, 3] + expected, "\(message)")
        // From swift-protobuf's message, through its generated fields.
        var direct = ProtobufRawWriter()
        Mapwire_V1_ControlMessage.writeReply(try #require(Mapwire_V1_PluginReply.Plain(reply)), to: &direct)
        #expect(direct.bytes == expected)
        // Round trip: the core's reader gives back the reply.
        guard case .resourceReply(let read) = IncomingControl(Data(expected)) else { Issue.record("not read back"); return }
        #expect(read.pluginReply == reply)
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
            #expect(bytes.withUnsafeBytes { Self.loadRequest($0) } == nil, "\(message)")
        }
        let typical: [UInt8] = try Shapes.typical[0].serializedBytes()
        let badUTF8: [UInt8] = [0x2A, 0x07, 0x52, 0x05, 0x0A, 0x03, 0x0A, 0x01, 0xFF]        // url 0xFF
        let unknownInRequest: [UInt8] = [0x2A, 0x05, 0x52, 0x00, 0xA8, 0x01, 0x05]            // request field 21
        for bytes in [typical + typical, badUTF8, unknownInRequest, Array(typical.dropLast())] {
            #expect(bytes.withUnsafeBytes { Self.loadRequest($0) } == nil, "\(bytes)")
        }
        // Unpacked loading methods: read, as swift-protobuf reads them.
        let unpacked: [UInt8] = [0x2A, 0x08, 0x52, 0x06, 0x0A, 0x04, 0x20, 0x01, 0x20, 0x02]
        let read = try #require(unpacked.withUnsafeBytes { Self.loadRequest($0) })
        #expect(Mapwire_V1_ControlMessage.with { $0.request = read.protobuf } == (try Mapwire_V1_ControlMessage(serializedBytes: unpacked)))
        // A resource with unknown fields has no plain form: swift-protobuf writes it.
        var resource = Mapwire_V1_ResourceData()
        try resource.merge(serializedBytes: Data([0xF8, 0x07, 0x01]))
        #expect(Mapwire_V1_ResourceData.Plain(resource) == nil)
        #expect(Mapwire_V1_PluginReply.Plain(.with { $0.id = 1; $0.resource = resource }) == nil)
    }

    /// Truncated and bit-flipped requests (`HotPayloadTests.broken`): never a crash, and whatever the
    /// generated reader accepts is what swift-protobuf reads; what it declines, `ControlCodec` answers as before.
    @Test(arguments: [31, 32])
    func brokenRequestsAreReadAsSwiftProtobufReadsThemOrDeclined(seed: UInt64) throws {
        var g = SeededRandom(seed: seed)
        for round in 0..<3000 {
            let bytes: [UInt8] = try (round % 3 == 0 ? Shapes.typical[0] : Shapes.randomRequest(&g)).serializedBytes()
            let broken = HotPayloadTests.broken(bytes, truncated: round % 2 == 0, &g)
            let full = try? Mapwire_V1_ControlMessage(serializedBytes: broken)
            guard let fast = broken.withUnsafeBytes({ Self.loadRequest($0) }) else {
                // Declined: the runner decodes with ControlCodec, which gives swift-protobuf's answer or its error.
                let slow = try? broken.withUnsafeBytes { try ControlCodec.decode(lent: $0) }
                #expect(slow == full, "seed \(seed) round \(round): \(broken)")
                continue
            }
            #expect(full.map { Mapwire_V1_ControlMessage.with { $0.request = fast.protobuf } == $0 } == true,
                    "seed \(seed) round \(round): \(broken)")
        }
    }
}
