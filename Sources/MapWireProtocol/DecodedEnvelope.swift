import Foundation
import MapWireWireFormat
import SwiftProtobuf

/// An envelope decoded into its header (EnvelopeHeader) and its payload, without the
/// `Mapwire_V1_Envelope` message: a subscriber reading every event at full rate spares the message's
/// heap storage (allocated and copied per event). `envelope()` gives the message itself, equal to what
/// the full decoder gives.
public struct DecodedEnvelope {
    public var header: EnvelopeHeader
    public var payload: Mapwire_V1_Envelope.OneOf_Payload?
    /// Set when the envelope took the full decoder (unknown fields, unusual shapes): kept as decoded,
    /// so that nothing it carries is lost.
    private var full: Mapwire_V1_Envelope?

    /// An empty value for `EnvelopeCodec.decodeHeaderAndPayload(topic:envelope:into:)` to fill.
    public init() {
        header = EnvelopeHeader()
    }

    init(header: EnvelopeHeader, payload: Mapwire_V1_Envelope.OneOf_Payload?, full: Mapwire_V1_Envelope? = nil) {
        self.header = header
        self.payload = payload
        self.full = full
    }

    /// The same envelope as a swift-protobuf message.
    public func envelope() -> Mapwire_V1_Envelope {
        if let full { return full }
        var e = Mapwire_V1_Envelope()
        e.protocolVersion = header.protocolVersion
        e.epoch = header.epoch
        e.sequence = header.sequence
        e.beginUnixNanos = header.beginUnixNanos
        e.endUnixNanos = header.endUnixNanos
        e.mapID = header.mapID
        e.payload = payload
        e.benchmark = header.benchmark
        e.causationID = header.causationID
        return e
    }

    /// Reads an envelope: the same values, and the same errors, as `EnvelopeReader.decode`.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws -> DecodedEnvelope {
        var decoded = DecodedEnvelope(header: EnvelopeHeader(), payload: nil)
        try decoded.read(bytes)
        return decoded
    }

    /// `decode` into this value, whatever it held: built in place, the large payload enum is not copied on
    /// its way out (returned through an Optional, it was copied and destroyed at each level, per event).
    mutating func read(_ bytes: UnsafeRawBufferPointer) throws {
        header = EnvelopeHeader()
        payload = nil
        full = nil
        if try readFast(bytes) { return }
        let e = try Mapwire_V1_Envelope(serializedBytes: Data(bytes))
        header.protocolVersion = e.protocolVersion
        header.epoch = e.epoch
        header.sequence = e.sequence
        header.beginUnixNanos = e.beginUnixNanos
        header.endUnixNanos = e.endUnixNanos
        header.mapID = e.mapID
        header.payloadField = e.payload?.fieldAndMessage.field ?? 0
        header.benchmark = e.benchmark
        header.causationID = e.causationID
        payload = e.payload
        full = e
    }

    /// EnvelopeReader's fast path, field for field, into a header instead of the message; false where it
    /// gives up too (the full decoder then reads it; what this wrote is reset by `read`).
    private mutating func readFast(_ bytes: UnsafeRawBufferPointer) throws -> Bool {
        var reader = ProtobufWireReader(bytes)
        var sawPayload = false
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key() else { return false }
            switch (field, wireType) {
            case (1, 0): guard let v = reader.varint() else { return false }; header.protocolVersion = UInt32(truncatingIfNeeded: v)
            case (2, 1): guard let v = reader.fixed64() else { return false }; header.epoch = v
            case (3, 0): guard let v = reader.varint() else { return false }; header.sequence = v
            case (4, 0): guard let v = reader.varint() else { return false }; header.beginUnixNanos = Int64(bitPattern: v)
            case (5, 0): guard let v = reader.varint() else { return false }; header.endUnixNanos = Int64(bitPattern: v)
            case (130, 0): guard let v = reader.varint() else { return false }; header.benchmark = v != 0
            case (131, 0): guard let v = reader.varint() else { return false }; header.causationID = v
            case (_, 2):
                guard let slice = reader.lengthDelimited() else { return false }
                if field == 6 {
                    guard let id = ProtobufWireReader.string(slice) else { return false }
                    header.mapID = id
                } else {
                    guard !sawPayload else { return false }
                    if PayloadWire.isHandWritten(field: field) {
                        guard PayloadWire.read(field: field, slice, into: &payload) else { return false }
                    } else {
                        guard let p = try Mapwire_V1_Envelope.OneOf_Payload.decode(field: field, from: slice) else { return false }
                        payload = p
                    }
                    sawPayload = true
                    header.payloadField = field
                }
            default:
                return false
            }
        }
        return true
    }
}

extension EnvelopeCodec {
    /// An event message from borrowed frame buffers into a DecodedEnvelope: the same topic, values and
    /// errors as `decode(topic:envelope:)`, without building the envelope message.
    public static func decodeHeaderAndPayload(topic topicBytes: UnsafeRawBufferPointer, envelope body: UnsafeRawBufferPointer)
        throws(EnvelopeDecodingError) -> (topic: String, decoded: DecodedEnvelope)
    {
        var decoded = DecodedEnvelope(header: EnvelopeHeader(), payload: nil)
        let topic = try decodeHeaderAndPayload(topic: topicBytes, envelope: body, into: &decoded)
        return (topic, decoded)
    }

    /// `decodeHeaderAndPayload(topic:envelope:)` into `decoded` (EventSubscriber's hot path: no copy of the
    /// payload on the way out); returns the topic.
    public static func decodeHeaderAndPayload(topic topicBytes: UnsafeRawBufferPointer, envelope body: UnsafeRawBufferPointer,
                                              into decoded: inout DecodedEnvelope) throws(EnvelopeDecodingError) -> String
    {
        do { try decoded.read(body) }
        catch { throw .malformed(String(describing: error)) }
        // The topic read in place (`guard let payload` copied the payload enum, ≈ 900 instructions per event).
        guard var expected = decoded.payload?.topic else { return String(decoding: topicBytes, as: UTF8.self) }
        // The topics are string literals (contiguous UTF-8): a memcmp, where `utf8.elementsEqual` went byte by
        // byte through the String's index machinery (≈ 880 instructions per event).
        let same = expected.withUTF8 { own in
            own.count == topicBytes.count && (own.isEmpty || memcmp(own.baseAddress!, topicBytes.baseAddress!, own.count) == 0)
        }
        guard same else { throw .topicMismatch(topic: String(decoding: topicBytes, as: UTF8.self), payload: expected) }
        return expected
    }
}
