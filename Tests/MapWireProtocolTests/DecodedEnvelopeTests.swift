import Foundation
import MapWireNumerics
import MapWireProtocol
import SwiftProtobuf
import Testing

/// DecodedEnvelope (a header and a payload, what the bench's decoding subscriber reads) against the full
/// decoder: the same values and the same failures, valid, unusual or broken input alike.
@Suite struct DecodedEnvelopeTests {
    @Test(arguments: [21, 22])
    func randomEventsDecodeToTheValuesWritten(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for round in 0..<1000 {
            let envelope = HotPayloadTests.envelope(RandomPayload.any(&random), sequence: UInt64(round))
            let bytes: [UInt8] = try envelope.serializedBytes()
            let decoded = try bytes.withUnsafeBytes { try DecodedEnvelope.decode($0) }
            #expect(decoded.envelope() == envelope, "seed \(seed) round \(round)")
            #expect(Self.header(decoded.header, matches: envelope), "seed \(seed) round \(round)")
        }
    }

    @Test(arguments: [23, 24])
    func truncatedAndFlippedEventsFailOrDecodeAsTheFullDecoderDoes(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for round in 0..<400 {
            let bytes: [UInt8] = try HotPayloadTests.envelope(RandomPayload.any(&random)).serializedBytes()
            let broken = HotPayloadTests.broken(bytes, truncated: round % 2 == 0, &random)
            let full = try? Mapwire_V1_Envelope(serializedBytes: broken)
            let decoded = try? broken.withUnsafeBytes { try DecodedEnvelope.decode($0) }
            #expect(HotPayloadTests.sameOutcome(full, decoded?.envelope()), "seed \(seed) round \(round): \(broken)")
            if let full, let decoded { #expect(Self.header(decoded.header, matches: full)) }
        }
    }

    @Test func unknownFieldsAndOtherPayloadsAreKeptAsTheFullDecoderKeepsThem() throws {
        var bytes: [UInt8] = try HotPayloadTests.envelope(.sourceAdded(.with { $0.id = "a" })).serializedBytes()
        bytes += [0x9a, 0x06, 0x02, 0x08, 0x01]  // field 99, from a newer core
        let decoded = try bytes.withUnsafeBytes { try DecodedEnvelope.decode($0) }
        #expect(decoded.envelope() == (try Mapwire_V1_Envelope(serializedBytes: bytes)))
        #expect(!decoded.envelope().unknownFields.data.isEmpty)
        #expect(decoded.header.sequence == 9 && decoded.header.mapID == "main")
        for bad in [[0x32, 0x02, 0xff, 0xfe], [0xff, 0xff, 0xff], [0x0a]] as [[UInt8]] {
            #expect(throws: (any Error).self) { try bad.withUnsafeBytes { try DecodedEnvelope.decode($0) } }
        }
    }

    @Test func topicsAreCheckedAsTheEnvelopeCodecChecksThem() throws {
        let bytes: [UInt8] = try HotPayloadTests.envelope(.cameraChanged(.init())).serializedBytes()
        for topic in ["camera-changed", "resource-request", ""] {
            // Each outcome as text: the topic and the envelope, or the error.
            func outcome(_ decode: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> (String, Mapwire_V1_Envelope)) -> String {
                do {
                    let (t, e) = try Array(topic.utf8).withUnsafeBytes { t in try bytes.withUnsafeBytes { b in try decode(t, b) } }
                    return "\(t) \(e)"
                } catch { return "error \(error)" }
            }
            let full = outcome { t, b in try EnvelopeCodec.decode(topic: t, envelope: b) }
            let decoded = outcome { t, b in
                let r = try EnvelopeCodec.decodeHeaderAndPayload(topic: t, envelope: b)
                return (r.topic, r.decoded.envelope())
            }
            #expect(full == decoded, "topic \(topic)")
            #expect(full.hasPrefix("error") == (topic != "camera-changed"))
        }
    }

    /// The subscriber's in-place decode (`into:`) fed one value after another, as EventSubscriber does:
    /// nothing of an earlier envelope (its payload, a full decoder's message) stays in a later one.
    @Test(arguments: [25])
    func decodingIntoOneValueGivesWhatAFreshDecodeGives(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var reused = DecodedEnvelope()
        for round in 0..<600 {
            let envelope = HotPayloadTests.envelope(RandomPayload.any(&random), sequence: UInt64(round))
            var bytes: [UInt8] = try envelope.serializedBytes()
            if round % 3 == 1 { bytes += [0x9a, 0x06, 0x02, 0x08, 0x01] }  // an unknown field: the full decoder
            if round % 5 == 2 { bytes.removeLast(Int.random(in: 1...bytes.count, using: &random)) }
            let topic = round % 7 == 3 ? "camera-changed" : (envelope.payload?.topic ?? "")
            func fresh() -> String {
                do {
                    let r = try Array(topic.utf8).withUnsafeBytes { t in
                        try bytes.withUnsafeBytes { b in try EnvelopeCodec.decodeHeaderAndPayload(topic: t, envelope: b) }
                    }
                    return "\(r.topic) \(r.decoded.header) \(r.decoded.envelope())"
                } catch { return "error \(error)" }
            }
            let inPlace: String
            do {
                let t = try Array(topic.utf8).withUnsafeBytes { t in
                    try bytes.withUnsafeBytes { b in try EnvelopeCodec.decodeHeaderAndPayload(topic: t, envelope: b, into: &reused) }
                }
                inPlace = "\(t) \(reused.header) \(reused.envelope())"
            } catch { inPlace = "error \(error)" }
            #expect(inPlace == fresh(), "seed \(seed) round \(round)")
        }
    }

    @Test func cameraChangedIsWrittenAndReadAsSwiftProtobufDoes() throws {
        let envelope = HotPayloadTests.envelope(.cameraChanged(.init()))
        let expected: [UInt8] = try envelope.serializedBytes()
        #expect(HotPayloadTests.written(envelope) == expected)
        #expect(try expected.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() } == envelope)
        // camera-changed (field 28) carrying a newer peer's varint field 5 = 1: kept, and written again.
        let unknown = HotPayloadTests.envelopeBytes(field: 28, body: [0x28, 0x01])
        let full = try Mapwire_V1_Envelope(serializedBytes: unknown)
        #expect(try unknown.withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() } == full)
        #expect(try unknown.withUnsafeBytes { try DecodedEnvelope.decode($0) }.envelope() == full)
        #expect(HotPayloadTests.written(full) == (try full.serializedBytes()))
    }

    static func header(_ h: EnvelopeHeader, matches e: Mapwire_V1_Envelope) -> Bool {
        h.protocolVersion == e.protocolVersion && h.epoch == e.epoch && h.sequence == e.sequence
            && h.beginUnixNanos == e.beginUnixNanos && h.endUnixNanos == e.endUnixNanos && h.mapID == e.mapID
            && h.benchmark == e.benchmark && h.causationID == e.causationID && (h.payloadField == 0) == (e.payload == nil)
    }
}
