import Foundation
import MapWireNumerics
import MapWireProtocol
import MapWireWireFormat
import SwiftProtobuf
import Testing

/// The control messages' plain form (load requests and resource replies, Generated/mapwire_v1_fastwire.swift)
/// against swift-protobuf: the same bytes out, the same messages in, over fixed and randomised messages;
/// anything unusual falls back to swift-protobuf.
@Suite struct ControlPlainFormTests {

    static let strings = ["", "a", "file:///tmp/x y/{z}/{x}/{y}.pbf", "ü✗ 東京", String(repeating: "long ", count: 40),
                          "Sun, 06 Nov 1994 08:49:37 GMT", "\"1a2b-5f3e\""]

    static func randomVarint(_ g: inout SeededRandom) -> UInt64 {
        switch g.next() % 5 {
        case 0: 0
        case 1: g.next() % 128
        case 2: g.next() % 20_000
        case 3: UInt64.max - g.next() % 3
        default: g.next()
        }
    }

    static func randomEnum(_ g: inout SeededRandom) -> Int {
        switch g.next() % 6 {
        case 0: -1 - Int(g.next() % 5)   // negative: ten bytes on the wire
        case 1: 1000 + Int(g.next() % 100) // unknown to this build
        default: Int(g.next() % 6)
        }
    }

    static func randomString(_ g: inout SeededRandom) -> String { strings[Int(g.next() % UInt64(strings.count))] }

    static func randomRequest(_ g: inout SeededRandom) -> Mapwire_V1_ControlMessage {
        .with {
            $0.request = .with {
                $0.id = randomVarint(&g)
                $0.deadlineUnixNanos = Int64(bitPattern: randomVarint(&g))
                $0.attempt = UInt32(truncatingIfNeeded: randomVarint(&g))
                $0.loadResource = .with {
                    if g.next() % 5 != 0 {
                        $0.request = .with {
                            $0.url = randomString(&g)
                            $0.kind = Mapwire_V1_ResourceKind(rawValue: randomEnum(&g))!
                            $0.priority = Mapwire_V1_ResourcePriority(rawValue: randomEnum(&g))!
                            $0.loadingMethod = (0..<Int(g.next() % 4)).map { _ in Mapwire_V1_LoadingMethod(rawValue: randomEnum(&g))! }
                        }
                    }
                    if g.next() % 2 == 0 {
                        $0.tileID = .with {
                            $0.z = UInt32(truncatingIfNeeded: randomVarint(&g))
                            $0.x = UInt32(truncatingIfNeeded: randomVarint(&g))
                            $0.y = UInt32(truncatingIfNeeded: randomVarint(&g))
                        }
                    }
                    if g.next() % 2 == 0 { $0.sourceID = randomString(&g) }
                }
            }
        }
    }

    static func randomReply(_ g: inout SeededRandom) -> Mapwire_V1_ControlMessage {
        .with {
            $0.reply = .with {
                $0.id = randomVarint(&g)
                $0.resource = .with {
                    $0.dataSource = Mapwire_V1_DataSource(rawValue: randomEnum(&g))!
                    let count = [0, 1, 64, 14_000, 40_000][Int(g.next() % 5)]
                    var bytes = [UInt8](repeating: 0, count: count)
                    for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: g.next()) }
                    $0.data = Data(bytes)
                    if g.next() % 3 == 0 { $0.retryAfterMs = UInt32(truncatingIfNeeded: randomVarint(&g)) }
                    if g.next() % 5 != 0 {
                        $0.response = .with {
                            $0.noContent = g.next() % 2 == 0
                            $0.notModified = g.next() % 2 == 0
                            $0.mustRevalidate = g.next() % 2 == 0
                            $0.source = Mapwire_V1_ResponseSource(rawValue: randomEnum(&g))!
                            $0.size = randomVarint(&g)
                            if g.next() % 2 == 0 { $0.modified = randomString(&g) }
                            if g.next() % 2 == 0 { $0.expires = randomString(&g) }
                            if g.next() % 2 == 0 { $0.etag = randomString(&g) }
                            if g.next() % 3 == 0 {
                                $0.error = .with { $0.reason = Mapwire_V1_ErrorReason(rawValue: randomEnum(&g))!; $0.message = randomString(&g) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// What the loader sends for a tile and the core for a load: the bench's shapes.
    static let typical: [Mapwire_V1_ControlMessage] = [
        .with {
            $0.request = .with {
                $0.id = 0x8000_0000_1234_5678
                $0.deadlineUnixNanos = 1_790_000_000_123_456_789
                $0.attempt = 1
                $0.loadResource = .with {
                    $0.request = .with { $0.url = "file:///tiles/14/8801/5374.pbf"; $0.kind = .tile; $0.priority = .regular; $0.loadingMethod = [.cache, .network] }
                    $0.tileID = .with { $0.z = 14; $0.x = 8801; $0.y = 5374 }
                    $0.sourceID = "openmaptiles"
                }
            }
        },
        .with {
            $0.reply = .with {
                $0.id = 0x8000_0000_1234_5678
                $0.resource = .with {
                    $0.dataSource = .fileSystem
                    $0.data = Data(repeating: 0x1A, count: 14_336)
                    $0.response = .with { $0.source = .localFile; $0.size = 14_336; $0.modified = "Sun, 06 Nov 1994 08:49:37 GMT"; $0.etag = "\"3800-2ed2\"" }
                }
            }
        },
        .with { $0.reply = .with { $0.id = 7; $0.resource = .init() } },
        .with { $0.request = .with { $0.id = 9; $0.loadResource = .init() } },
    ]

    @Test func typicalMessagesAreWrittenAndReadAsSwiftProtobufDoes() throws {
        for message in Self.typical { try expectSameAsSwiftProtobuf(message) }
    }

    @Test func randomisedMessagesAreWrittenAndReadAsSwiftProtobufDoes() throws {
        var g = SeededRandom(seed: 20)
        for _ in 0..<1500 {
            try expectSameAsSwiftProtobuf(Self.randomRequest(&g))
            try expectSameAsSwiftProtobuf(Self.randomReply(&g))
        }
    }

    func expectSameAsSwiftProtobuf(_ message: Mapwire_V1_ControlMessage) throws {
        let expected: Data = try message.serializedBytes()
        let plain = try #require(Mapwire_V1_ControlMessage.Plain(message))
        #expect(Self.written(plain) == expected, "\(message)")
        let read = try #require(expected.withUnsafeBytes { Mapwire_V1_ControlMessage.Plain(wireFields: $0) })
        #expect(read.protobuf == (try Mapwire_V1_ControlMessage(serializedBytes: expected)))
        #expect(read == plain)
        #expect(try ControlCodec.decode(expected) == message)
        #expect(ControlCodec.encode(message) == expected)
        // The core's own paths: a load request written from its parts, a reply read at the one decode point.
        if case .request(let request) = message.body, case .loadResource = request.kind, request.unknownFields.data.isEmpty {
            var writer = ProtobufRawWriter()
            Mapwire_V1_ControlMessage.writeRequest(try #require(Mapwire_V1_PluginRequest.Plain(request)), to: &writer)
            #expect(Data(writer.bytes) == expected)
        }
        let incoming = IncomingControl(expected)
        if case .reply(let reply) = message.body {
            // The core's plain form: read from the bytes, or taken from swift-protobuf's message, it is the same.
            guard case .resourceReply(let read) = incoming else { Issue.record("not read as a resource reply: \(message)"); return }
            #expect(ResourceReply(reply) == read)
            #expect(read.pluginReply == reply)
        } else {
            guard case .message(let read, _) = incoming else { Issue.record("read as a resource reply: \(message)"); return }
            #expect(read == message)
        }
    }

    /// What the plain form writes, as `Data`.
    static func written(_ plain: Mapwire_V1_ControlMessage.Plain) -> Data {
        var writer = ProtobufRawWriter()
        plain.writeFields(to: &writer)
        return Data(writer.bytes)
    }

    @Test func otherMessagesAreLeftToSwiftProtobuf() throws {
        let others: [Mapwire_V1_ControlMessage] = [
            .with { $0.heartbeat = .with { $0.epoch = 3 } },
            .with { $0.request = .with { $0.id = 1; $0.cancel = .with { $0.requestID = 2 } } },
            .with { $0.reply = .with { $0.id = 1; $0.error = .with { $0.message = "no" } } },
        ]
        for message in others {
            #expect(Mapwire_V1_ControlMessage.Plain(message) == nil)
            let bytes: Data = try message.serializedBytes()
            #expect(bytes.withUnsafeBytes { Mapwire_V1_ControlMessage.Plain(wireFields: $0) } == nil)
            #expect(try ControlCodec.decode(bytes) == message)
        }
        // A message with no body is in the plain form (no fields at all): the same (no) bytes.
        #expect(Mapwire_V1_ControlMessage.Plain(.init()).map(Self.written) == Data())
        // Unknown fields are kept by swift-protobuf: not in the plain form.
        var withUnknown = Self.typical[1]
        try withUnknown.merge(serializedBytes: Data([0xF8, 0x07, 0x01]))
        #expect(Mapwire_V1_ControlMessage.Plain(withUnknown) == nil)
        #expect(ControlCodec.encode(withUnknown) == (try withUnknown.serializedBytes()))
    }

    /// Unusual but valid encodings: the generated reader reads what it reads as swift-protobuf does and
    /// declines the rest, and ControlCodec gives swift-protobuf's answer.
    @Test func unusualEncodingsGoToSwiftProtobuf() throws {
        let typical: Data = try Self.typical[1].serializedBytes()
        var twice = typical
        twice.append(typical)  // the body twice: swift-protobuf merges the two
        let unpacked = Data([0x2A, 0x08, 0x52, 0x06, 0x0A, 0x04, 0x20, 0x01, 0x20, 0x02])  // loading_method unpacked
        let unknownInReply = Data([0x32, 0x05, 0x08, 0x01, 0xA8, 0x01, 0x05])          // reply field 21
        let badUTF8 = Data([0x2A, 0x07, 0x52, 0x05, 0x0A, 0x03, 0x0A, 0x01, 0xFF])       // url 0xFF
        let truncated = typical.prefix(typical.count - 1)
        for bytes in [twice, unknownInReply] {
            #expect(bytes.withUnsafeBytes { Mapwire_V1_ControlMessage.Plain(wireFields: $0) } == nil)
            #expect(try ControlCodec.decode(bytes) == Mapwire_V1_ControlMessage(serializedBytes: bytes))
        }
        // A proto3 reader takes a repeated enum unpacked as well as packed: so does the generated one.
        let read = try #require(unpacked.withUnsafeBytes { Mapwire_V1_ControlMessage.Plain(wireFields: $0) })
        #expect(read.protobuf == (try Mapwire_V1_ControlMessage(serializedBytes: unpacked)))
        #expect(try ControlCodec.decode(unpacked) == Mapwire_V1_ControlMessage(serializedBytes: unpacked))
        for bytes in [badUTF8, Data(truncated)] {
            #expect(bytes.withUnsafeBytes { Mapwire_V1_ControlMessage.Plain(wireFields: $0) } == nil)
            #expect(throws: EnvelopeDecodingError.self) { try ControlCodec.decode(bytes) }
            guard case .malformed = IncomingControl(bytes) else { Issue.record("not refused: \(bytes)"); continue }
        }
    }

    /// Every prefix and every one-byte change of a typical frame: no crash, and the same result as swift-protobuf.
    @Test func damagedFramesGiveSwiftProtobufsAnswer() throws {
        for message in Self.typical.prefix(2) {
            let good: Data = try message.serializedBytes()
            var cases: [Data] = (0..<min(good.count, 200)).map { Data(good.prefix($0)) }
            var g = SeededRandom(seed: 7)
            for _ in 0..<300 {
                var damaged = good
                let at = Int(g.next() % UInt64(min(good.count, 120)))
                damaged[at] = UInt8(truncatingIfNeeded: g.next())
                cases.append(damaged)
            }
            for bytes in cases {
                let reference = try? Mapwire_V1_ControlMessage(serializedBytes: bytes)
                #expect((try? ControlCodec.decode(bytes)) == reference)
                switch IncomingControl(bytes) {
                case .resourceReply(let reply): #expect(reference.flatMap { ResourceReply($0.reply) } == reply)
                case .message(let message, _): #expect(message == reference)
                case .malformed: #expect(reference == nil)
                }
            }
        }
    }
}
