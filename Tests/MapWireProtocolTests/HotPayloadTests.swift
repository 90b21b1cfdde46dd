import Foundation
import MapWireNumerics
import MapWireProtocol
import SwiftProtobuf
import Testing

/// The generated codecs of the hot payloads (resource-request, map-loading-error, gesture, camera-changed:
/// Generated/mapwire_v1_fastwire.swift) against swift-protobuf, over many random messages: the same bytes
/// out of EnvelopeWriter, the same message (or the same failure) out of DecodedEnvelope.
@Suite struct HotPayloadTests {
    static let rounds = 3000

    @Test(arguments: [1, 2, 3])
    func randomPayloadsAreWrittenAndReadAsSwiftProtobufDoes(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for round in 0..<Self.rounds {
            let payload = RandomPayload.any(&random)
            let envelope = Self.envelope(payload, sequence: UInt64(round))
            let expected: [UInt8] = try envelope.serializedBytes()
            let written = Self.written(envelope)
            #expect(written == expected, "seed \(seed) round \(round): \(payload)")
            let read = try expected.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(read == envelope, "seed \(seed) round \(round)")
            if written != expected || read != envelope { return }
        }
    }

    @Test func unknownFieldsAnywhereAreKeptAsSwiftProtobufKeepsThem() throws {
        var random = SeededRandom(seed: 7)
        // A newer peer's field 15 (a varint) and field 20 (bytes), at the top or inside a nested message.
        let unknown = try Mapwire_V1_TileId(serializedBytes: [0x78, 0x2a, 0xa2, 0x01, 0x02, 0x68, 0x69] as [UInt8]).unknownFields
        #expect(!unknown.data.isEmpty)
        for round in 0..<300 {
            var payload = RandomPayload.any(&random)
            switch (payload, round % 3) {
            case (.resourceRequest(var m), 0): m.unknownFields = unknown; payload = .resourceRequest(m)
            case (.resourceRequest(var m), 1): m.request.unknownFields = unknown; payload = .resourceRequest(m)
            case (.resourceRequest(var m), _): m.response.error.unknownFields = unknown; payload = .resourceRequest(m)
            case (.mapLoadingError(var m), 0): m.unknownFields = unknown; payload = .mapLoadingError(m)
            case (.mapLoadingError(var m), _): m.tileID.unknownFields = unknown; payload = .mapLoadingError(m)
            case (.gesture(var m), 0): m.unknownFields = unknown; payload = .gesture(m)
            case (.gesture(var m), 1): m.location.unknownFields = unknown; payload = .gesture(m)
            case (.gesture(var m), _): m.translation.unknownFields = unknown; payload = .gesture(m)
            default: continue
            }
            let envelope = Self.envelope(payload)
            let expected: [UInt8] = try envelope.serializedBytes()
            #expect(Self.written(envelope) == expected, "round \(round)")
            let read = try expected.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(read == (try Mapwire_V1_Envelope(serializedBytes: expected)) && read == envelope, "round \(round)")
        }
    }

    @Test func defaultsEmptyStringsAndEmptyMessagesAreWrittenAsSwiftProtobufWritesThem() throws {
        let payloads: [Mapwire_V1_Envelope.OneOf_Payload] = [
            .resourceRequest(.init()), .mapLoadingError(.init()), .gesture(.init()),
            // Set but empty: an optional string, a message with nothing in it.
            .resourceRequest(.with { $0.request = .init(); $0.response = .with { $0.etag = ""; $0.error = .init() } }),
            .mapLoadingError(.with { $0.sourceID = ""; $0.tileID = .init() }),
            .gesture(.with { $0.location = .init(); $0.translation = .with { $0.x = -0.0 }; $0.scale = -0.0 }),
            .gesture(.with { $0.scale = .infinity; $0.degrees = -.greatestFiniteMagnitude; $0.handledBy = "default" }),
        ]
        for payload in payloads {
            let envelope = Self.envelope(payload)
            let expected: [UInt8] = try envelope.serializedBytes()
            #expect(Self.written(envelope) == expected, "\(payload)")
            let read = try expected.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(read == envelope, "\(payload)")
        }
    }

    @Test func largeValuesAndLongStringsAreWrittenAsSwiftProtobufWritesThem() throws {
        let long = String(repeating: "ü/x", count: 9000)  // a 45,000-byte string: a three-byte length
        let payloads: [Mapwire_V1_Envelope.OneOf_Payload] = [
            .resourceRequest(.with {
                $0.dataSource = Mapwire_V1_DataSource(rawValue: Int(Int32.max))!
                $0.request = .with { $0.url = long; $0.kind = Mapwire_V1_ResourceKind(rawValue: -1)!; $0.loadingMethod = Array(repeating: .network, count: 300) }
                $0.response = .with { $0.size = .max; $0.source = Mapwire_V1_ResponseSource(rawValue: Int(Int32.min))!; $0.modified = long }
            }),
            .mapLoadingError(.with { $0.type = .renderer; $0.message = long; $0.tileID = .with { $0.z = .max; $0.x = .max; $0.y = 1 << 31 } }),
            .gesture(.with { $0.kind = Mapwire_V1_GestureKind(rawValue: 1000)!; $0.handledBy = long; $0.degrees = .leastNonzeroMagnitude }),
        ]
        for payload in payloads {
            let envelope = Self.envelope(payload)
            let expected: [UInt8] = try envelope.serializedBytes()
            #expect(Self.written(envelope) == expected)
            let read = try expected.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(read == envelope)
        }
    }

    /// Bytes no MapWire core writes but a protobuf reader takes: fields out of order, repeated scalars
    /// (the last wins), a message given twice (merged), unpacked enums, over-long varints.
    @Test func unusualButValidBytesReadAsSwiftProtobufReadsThem() throws {
        let bodies: [(field: UInt8, bytes: [UInt8])] = [
            (29, [0x20, 0x01, 0x08, 0x02]),                                  // cancelled before data_source
            (29, [0x08, 0x02, 0x08, 0x03]),                                  // data_source twice
            (29, [0x12, 0x02, 0x20, 0x01, 0x12, 0x02, 0x20, 0x02]),          // request twice: merged
            (29, [0x12, 0x04, 0x20, 0x01, 0x20, 0x02]),                      // loading_method unpacked
            (29, [0x12, 0x04, 0x22, 0x00, 0x20, 0x02]),                      // an empty packed run, then one unpacked
            (29, [0x12, 0x03, 0x10, 0x84, 0x00]),                            // kind as an over-long varint
            (29, [0x12, 0x0b, 0x10, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]),  // kind: 64-bit -1
            (29, [0x12, 0x06, 0x10, 0x80, 0x80, 0x80, 0x80, 0x10]),          // kind beyond 32 bits: truncated
            (17, [0x22, 0x02, 0x08, 0x01, 0x22, 0x02, 0x10, 0x02]),          // tile_id twice: merged
            (17, [0x1a, 0x01, 0x61, 0x1a, 0x00]),                            // source_id twice: the empty one wins
            (17, [0x22, 0x06, 0x08, 0xff, 0xff, 0xff, 0xff, 0x1f]),          // z beyond 32 bits: truncated
            (33, [0x29, 0, 0, 0, 0, 0, 0, 0xf8, 0x7f]),                      // scale NaN
            (33, [0x40, 0x02]),                                              // camera_vetoed = 2 reads true
            (33, [0x1a, 0x09, 0x09, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0x1a, 0x00]),  // location twice: merged
        ]
        for (field, body) in bodies {
            let bytes = Self.envelopeBytes(field: field, body: body)
            let full = try? Mapwire_V1_Envelope(serializedBytes: bytes)
            let fast = try? bytes.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(full != nil, "\(body)")
            #expect(Self.sameOutcome(full, fast), "\(body)")
        }
    }

    /// Unknown fields, wrong wire types, bad UTF-8 and truncations: whatever swift-protobuf makes of them.
    @Test func unusualOrBrokenBytesReadAsSwiftProtobufReadsThem() throws {
        let bodies: [(field: UInt8, bytes: [UInt8])] = [
            (29, [0x28, 0x01]),                                              // unknown field 5
            (29, [0x09, 1, 2, 3, 4, 5, 6, 7, 8]),                            // data_source as fixed64
            (29, [0x12, 0x03, 0x0a, 0x01, 0xff]),                            // url not UTF-8
            (29, [0x12, 0x05, 0x0a, 0x03, 0xed, 0xa0, 0x80]),                // url: a UTF-8 surrogate
            (29, [0x12, 0x05, 0x22, 0x03, 0x01, 0x80]),                      // packed run ends inside a varint
            (29, [0x1a, 0x04, 0x4a, 0x02, 0x18, 0x01]),                      // unknown field inside response.error
            (29, [0x1a, 0x09]),                                              // response longer than the bytes
            (17, [0x12, 0x02, 0xc0, 0x80]),                                  // message: an over-long NUL
            (17, [0x23, 0x24]),                                              // a group
            (17, [0x00]),                                                    // field number 0
            (33, [0x2d, 0, 0, 0x80, 0x3f]),                                  // scale as fixed32
            (33, [0x1a, 0x02, 0x08, 0x01]),                                  // location.x as a varint
        ]
        for (field, body) in bodies {
            let bytes = Self.envelopeBytes(field: field, body: body)
            let full = try? Mapwire_V1_Envelope(serializedBytes: bytes)
            let fast = try? bytes.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(Self.sameOutcome(full, fast), "\(body)")
        }
    }

    /// `bytes` cut short at a random point (`truncated`), else with one to three random bits flipped.
    static func broken(_ bytes: [UInt8], truncated: Bool, _ random: inout SeededRandom) -> [UInt8] {
        var broken = bytes
        if truncated {
            broken.removeLast(Int.random(in: 1...bytes.count, using: &random))
        } else {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                broken[Int.random(in: 0..<broken.count, using: &random)] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            }
        }
        return broken
    }

    @Test(arguments: [11, 12])
    func truncatedAndFlippedEventsReadAsSwiftProtobufReadsThem(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for round in 0..<300 {
            let bytes: [UInt8] = try Self.envelope(RandomPayload.any(&random)).serializedBytes()
            let broken = HotPayloadTests.broken(bytes, truncated: round % 2 == 0, &random)
            let full = try? Mapwire_V1_Envelope(serializedBytes: broken)
            let fast = try? broken.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() }
            #expect(Self.sameOutcome(full, fast), "seed \(seed) round \(round): \(broken)")
        }
    }

    // MARK: Helpers

    static func envelope(_ payload: Mapwire_V1_Envelope.OneOf_Payload, sequence: UInt64 = 9) -> Mapwire_V1_Envelope {
        .with {
            $0.protocolVersion = mapWireProtocolVersion
            $0.epoch = 0x0123_4567_89ab_cdef
            $0.sequence = sequence
            $0.beginUnixNanos = 1_790_000_000_000_000_001
            $0.endUnixNanos = 1_790_000_000_000_000_002
            $0.mapID = "main"
            $0.payload = payload
            $0.causationID = 77
        }
    }

    static func written(_ e: Mapwire_V1_Envelope) -> [UInt8] {
        var writer = EnvelopeWriter()
        writer.encode(protocolVersion: e.protocolVersion, epoch: e.epoch, sequence: e.sequence, beginUnixNanos: e.beginUnixNanos,
                      endUnixNanos: e.endUnixNanos, mapID: e.mapID, payload: e.payload, benchmark: e.benchmark, causationID: e.causationID)
        // The frames a publisher sends: the payload's topic (kept ready for the frequent payloads) and the bytes.
        let bytes = writer.bytes
        if let payload = e.payload {
            writer.withFrames(of: payload) { topic, envelope in
                #expect(String(decoding: topic, as: UTF8.self) == payload.topic)
                #expect(Array(envelope) == bytes)
            }
        }
        return bytes
    }

    /// An envelope with sequence 1 and `body` as the payload of envelope field `field` (< 128 bytes).
    static func envelopeBytes(field: UInt8, body: [UInt8]) -> [UInt8] {
        let key = Int(field) << 3 | 2  // two varint bytes for fields 16...2047
        return [0x18, 0x01, UInt8(key & 0x7f) | 0x80, UInt8(key >> 7), UInt8(body.count)] + body
    }

    /// Equal messages, or both failed; NaNs compare by their bits (NaN != NaN in ==).
    static func sameOutcome(_ a: Mapwire_V1_Envelope?, _ b: Mapwire_V1_Envelope?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a == b || ((try? a.serializedBytes()) as [UInt8]?) == ((try? b.serializedBytes()) as [UInt8]?)
    }
}


/// Random messages of the hot payloads, each field set or left at its default at random
/// (camera-changed, the empty one, one time in ten).
enum RandomPayload {
    static func any<R: RandomNumberGenerator>(_ r: inout R) -> Mapwire_V1_Envelope.OneOf_Payload {
        switch Int.random(in: 0..<10, using: &r) {
        case 0, 1, 2: .resourceRequest(resourceRequest(&r))
        case 3, 4, 5: .mapLoadingError(mapLoadingError(&r))
        case 6: .cameraChanged(.init())
        default: .gesture(gesture(&r))
        }
    }

    static func resourceRequest<R: RandomNumberGenerator>(_ r: inout R) -> Mapwire_V1_ResourceRequest {
        var m = Mapwire_V1_ResourceRequest()
        if coin(&r) { m.dataSource = enumValue(&r) }
        if coin(&r) {
            m.request = .with {
                if coin(&r) { $0.url = string(&r) }
                if coin(&r) { $0.kind = enumValue(&r) }
                if coin(&r) { $0.priority = enumValue(&r) }
                if coin(&r) { $0.loadingMethod = (0..<Int.random(in: 0...4, using: &r)).map { _ in enumValue(&r) } }
            }
        }
        if coin(&r) {
            m.response = .with {
                if coin(&r) { $0.noContent = coin(&r) }
                if coin(&r) { $0.notModified = coin(&r) }
                if coin(&r) { $0.mustRevalidate = coin(&r) }
                if coin(&r) { $0.source = enumValue(&r) }
                if coin(&r) { $0.size = coin(&r) ? UInt64.random(in: 0...100_000, using: &r) : r.next() }
                if coin(&r) { $0.modified = string(&r) }
                if coin(&r) { $0.expires = string(&r) }
                if coin(&r) { $0.etag = string(&r) }
                if coin(&r) { $0.error = .with { if coin(&r) { $0.reason = enumValue(&r) }; if coin(&r) { $0.message = string(&r) } } }
            }
        }
        if coin(&r) { m.cancelled = coin(&r) }
        return m
    }

    static func mapLoadingError<R: RandomNumberGenerator>(_ r: inout R) -> Mapwire_V1_MapLoadingError {
        var m = Mapwire_V1_MapLoadingError()
        if coin(&r) { m.type = enumValue(&r) }
        if coin(&r) { m.message = string(&r) }
        if coin(&r) { m.sourceID = string(&r) }
        if coin(&r) { m.tileID = .with { if coin(&r) { $0.z = uint32(&r) }; if coin(&r) { $0.x = uint32(&r) }; if coin(&r) { $0.y = uint32(&r) } } }
        return m
    }

    static func gesture<R: RandomNumberGenerator>(_ r: inout R) -> Mapwire_V1_GestureEvent {
        var m = Mapwire_V1_GestureEvent()
        if coin(&r) { m.kind = enumValue(&r) }
        if coin(&r) { m.phase = enumValue(&r) }
        if coin(&r) { m.location = .with { if coin(&r) { $0.x = double(&r) }; if coin(&r) { $0.y = double(&r) } } }
        if coin(&r) { m.translation = .with { if coin(&r) { $0.x = double(&r) }; if coin(&r) { $0.y = double(&r) } } }
        if coin(&r) { m.scale = double(&r) }
        if coin(&r) { m.degrees = double(&r) }
        if coin(&r) { m.handledBy = string(&r) }
        if coin(&r) { m.cameraVetoed = coin(&r) }
        return m
    }

    static func coin<R: RandomNumberGenerator>(_ r: inout R) -> Bool { Bool.random(using: &r) }

    /// Mostly a known value; sometimes one this version does not know (UNRECOGNIZED), negative included.
    static func enumValue<E: SwiftProtobuf.Enum, R: RandomNumberGenerator>(_ r: inout R) -> E where E.RawValue == Int {
        let raw = Int.random(in: 0..<10, using: &r) < 8 ? Int.random(in: 0...8, using: &r) : Int(Int32.random(in: .min ... .max, using: &r))
        return E(rawValue: raw) ?? E()
    }

    static func uint32<R: RandomNumberGenerator>(_ r: inout R) -> UInt32 {
        coin(&r) ? UInt32.random(in: 0...20_000, using: &r) : UInt32.random(in: 0 ... .max, using: &r)
    }

    /// Ordinary numbers, zeros of both signs, infinities, extremes; no NaN (== would not hold).
    static func double<R: RandomNumberGenerator>(_ r: inout R) -> Double {
        let bits = Double(bitPattern: r.next())  // any bits but a NaN's
        return switch Int.random(in: 0..<8, using: &r) {
        case 0: -0.0
        case 1: [Double.infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude][Int.random(in: 0..<4, using: &r)]
        case 2: bits.isNaN ? 0.5 : bits
        default: Double.random(in: -5000...5000, using: &r)
        }
    }

    /// Empty, ASCII, or mixed with two-, three- and four-byte characters; now and then past 127 bytes.
    static func string<R: RandomNumberGenerator>(_ r: inout R) -> String {
        let alphabet: [Character] = ["a", "z", "/", "?", "%", " ", "é", "ß", "中", "🗺", "\u{0}", "\n"]
        let length = [0, 1, 5, 20, 60, 130, 300][Int.random(in: 0..<7, using: &r)]
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &r)] })
    }
}
