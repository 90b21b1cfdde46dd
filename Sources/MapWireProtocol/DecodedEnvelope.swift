import Foundation
import SwiftProtobuf

/// An envelope decoded into its header (EnvelopeHeader) and its payload, without the
/// `Mapwire_V1_Envelope` message: a subscriber reading every event at full rate spares the message's
/// heap storage (allocated and copied per event). `envelope()` gives the message itself, equal to what
/// swift-protobuf's decoder gives.
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

    /// The same envelope as a swift-protobuf message.
    public func envelope() -> Mapwire_V1_Envelope {
        full ?? header.protobuf(payload: payload)
    }

    /// Reads an envelope: the values, and the errors, of `Mapwire_V1_Envelope(serializedBytes:)`.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws -> DecodedEnvelope {
        var decoded = DecodedEnvelope()
        try decoded.read(bytes)
        return decoded
    }

    /// `decode` into this value, whatever it held: built in place, the large payload enum is not copied on
    /// its way out (returned through an Optional, it was copied and destroyed at each level, per event).
    /// The generated readers first (the header, then a hot payload's own reader or swift-protobuf's for the
    /// payload alone); anything they give up on, swift-protobuf's decoder for the whole envelope.
    mutating func read(_ bytes: UnsafeRawBufferPointer) throws {
        header = EnvelopeHeader()
        payload = nil
        full = nil
        var body = UnsafeRawBufferPointer(start: nil, count: 0)
        if header.read(bytes, payload: &body) {
            let field = header.payloadField
            if field == 0 { return }
            if Mapwire_V1_Envelope.OneOf_Payload.isHot(field: field) {
                if Mapwire_V1_Envelope.OneOf_Payload.readHot(field: field, body, into: &payload) { return }
            } else if let p = try Mapwire_V1_Envelope.OneOf_Payload.decode(field: field, from: body) {
                payload = p
                return
            }
            header = EnvelopeHeader()
        }
        let e = try Mapwire_V1_Envelope(serializedBytes: Data(bytes))
        header = EnvelopeHeader(e)
        payload = e.payload
        full = e
    }
}

extension EnvelopeCodec {
    /// An event message from borrowed frame buffers into a DecodedEnvelope: the same topic, values and
    /// errors as `decode(topic:envelope:)`, without building the envelope message.
    public static func decodeHeaderAndPayload(topic topicBytes: UnsafeRawBufferPointer, envelope body: UnsafeRawBufferPointer)
        throws(EnvelopeDecodingError) -> (topic: String, decoded: DecodedEnvelope)
    {
        var decoded = DecodedEnvelope()
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
