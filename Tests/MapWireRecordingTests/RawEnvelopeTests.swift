import Foundation
import MapWireProtocol
import Testing
@testable import MapWireRecording

/// RawEnvelope reads what the core's EnvelopeWriter writes and writes what swift-protobuf reads.
struct RawEnvelopeTests {
    func coreBytes() -> [UInt8] {
        var writer = EnvelopeWriter()
        let payload = Mapwire_V1_Envelope.OneOf_Payload.sourceAdded(.with { $0.id = "town" })
        writer.encode(protocolVersion: 1, epoch: 0xDEAD_BEEF_0000_0001, sequence: 42, beginUnixNanos: 1_700_000_000_000_000_001,
                      endUnixNanos: 1_700_000_000_000_000_002, mapID: "main", payload: payload, benchmark: true, causationID: 9)
        return writer.bytes
    }

    @Test func readsTheHeaderAndThePayloadBytesAsPublished() throws {
        let bytes = coreBytes()
        let raw = try #require(bytes.withUnsafeBytes { RawEnvelope.parse($0) })
        #expect(raw.protocolVersion == 1 && raw.epoch == 0xDEAD_BEEF_0000_0001 && raw.sequence == 42)
        #expect(raw.beginUnixNanos == 1_700_000_000_000_000_001 && raw.endUnixNanos == 1_700_000_000_000_000_002)
        #expect(raw.mapID == "main" && raw.benchmark && raw.causationID == 9)
        #expect(raw.payloadField == 24)
        #expect(try Mapwire_V1_SourceAdded(serializedBytes: raw.payload).id == "town")
    }

    @Test func encodesTheSameBytesTheCoreWrites() throws {
        let bytes = coreBytes()
        let raw = try #require(bytes.withUnsafeBytes { RawEnvelope.parse($0) })
        #expect(raw.encoded() == bytes)
    }

    @Test func anEmptyPayloadKeepsItsPresence() throws {
        var raw = RawEnvelope()
        raw.sequence = 3
        raw.payloadField = 18
        let envelope = try Mapwire_V1_Envelope(serializedBytes: raw.encoded())
        #expect(envelope.payload?.topic == "map-idle")
    }

    @Test func truncatedBytesAreRefused() {
        let bytes = coreBytes()
        for cut in [1, 5, 12, bytes.count - 1] {
            #expect(Array(bytes.prefix(cut)).withUnsafeBytes { RawEnvelope.parse($0) } == nil)
        }
    }
}
