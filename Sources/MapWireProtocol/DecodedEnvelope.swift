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
        if let decoded = try fastDecode(bytes) { return decoded }
        let e = try Mapwire_V1_Envelope(serializedBytes: Data(bytes))
        var h = EnvelopeHeader()
        h.protocolVersion = e.protocolVersion
        h.epoch = e.epoch
        h.sequence = e.sequence
        h.beginUnixNanos = e.beginUnixNanos
        h.endUnixNanos = e.endUnixNanos
        h.mapID = e.mapID
        h.payloadField = e.payload?.fieldAndMessage.field ?? 0
        h.benchmark = e.benchmark
        h.causationID = e.causationID
        return DecodedEnvelope(header: h, payload: e.payload, full: e)
    }

    /// EnvelopeReader's fast path, field for field, into a header instead of the message; nil where it
    /// gives up too (the full decoder then reads it).
    private static func fastDecode(_ bytes: UnsafeRawBufferPointer) throws -> DecodedEnvelope? {
        var h = EnvelopeHeader()
        var payload: Mapwire_V1_Envelope.OneOf_Payload?
        var reader = ProtobufWireReader(bytes)
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key() else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v = reader.varint() else { return nil }; h.protocolVersion = UInt32(truncatingIfNeeded: v)
            case (2, 1): guard let v = reader.fixed64() else { return nil }; h.epoch = v
            case (3, 0): guard let v = reader.varint() else { return nil }; h.sequence = v
            case (4, 0): guard let v = reader.varint() else { return nil }; h.beginUnixNanos = Int64(bitPattern: v)
            case (5, 0): guard let v = reader.varint() else { return nil }; h.endUnixNanos = Int64(bitPattern: v)
            case (130, 0): guard let v = reader.varint() else { return nil }; h.benchmark = v != 0
            case (131, 0): guard let v = reader.varint() else { return nil }; h.causationID = v
            case (_, 2):
                guard let slice = reader.lengthDelimited() else { return nil }
                if field == 6 {
                    guard let id = ProtobufWireReader.string(slice) else { return nil }
                    h.mapID = id
                } else {
                    guard payload == nil else { return nil }
                    if PayloadWire.isHandWritten(field: field) {
                        guard let p = PayloadWire.read(field: field, slice) else { return nil }
                        payload = p
                    } else {
                        guard let p = try Mapwire_V1_Envelope.OneOf_Payload.decode(field: field, from: slice) else { return nil }
                        payload = p
                    }
                    h.payloadField = field
                }
            default:
                return nil
            }
        }
        return DecodedEnvelope(header: h, payload: payload)
    }
}

extension EnvelopeCodec {
    /// An event message from borrowed frame buffers into a DecodedEnvelope: the same topic, values and
    /// errors as `decode(topic:envelope:)`, without building the envelope message.
    public static func decodeHeaderAndPayload(topic topicBytes: UnsafeRawBufferPointer, envelope body: UnsafeRawBufferPointer)
        throws(EnvelopeDecodingError) -> (topic: String, decoded: DecodedEnvelope)
    {
        let decoded: DecodedEnvelope
        do { decoded = try DecodedEnvelope.decode(body) }
        catch { throw .malformed(String(describing: error)) }
        guard let payload = decoded.payload else { return (String(decoding: topicBytes, as: UTF8.self), decoded) }
        let expected = payload.topic
        guard expected.utf8.elementsEqual(topicBytes) else {
            throw .topicMismatch(topic: String(decoding: topicBytes, as: UTF8.self), payload: expected)
        }
        return (expected, decoded)
    }
}
