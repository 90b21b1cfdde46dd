import Foundation
import SwiftProtobuf

/// Why an event message could not be read.
public enum EnvelopeDecodingError: Error, CustomStringConvertible, Equatable {
    case wrongFrameCount(Int)
    case malformed(String)
    case topicMismatch(topic: String, payload: String)

    public var description: String {
        switch self {
        case .wrongFrameCount(let n): "an event has 2 frames [topic, envelope], got \(n)"
        case .malformed(let why): "the envelope is not a valid mapwire.v1.Envelope: \(why)"
        case .topicMismatch(let topic, let payload): "topic \(topic) carries a \(payload) payload"
        }
    }
}

/// Encoding and decoding of the two-frame event message [topic, Envelope].
public enum EnvelopeCodec {
    /// Decodes an event message. An envelope with an unknown payload (a newer core) decodes with a
    /// nil payload: receivers skip it rather than fail.
    public static func decode(frames: [Data]) throws(EnvelopeDecodingError) -> (topic: String, envelope: Mapwire_V1_Envelope) {
        guard frames.count == 2 else { throw .wrongFrameCount(frames.count) }
        let topic = String(decoding: frames[0], as: UTF8.self)
        let envelope: Mapwire_V1_Envelope
        do { envelope = try frames[1].withUnsafeBytes { try DecodedEnvelope.decode($0).envelope() } }
        catch { throw .malformed(String(describing: error)) }
        if let payload = envelope.payload, payload.topic != topic {
            throw .topicMismatch(topic: topic, payload: payload.topic)
        }
        return (topic, envelope)
    }

    /// The same from borrowed frame buffers (no copies): what subscribers use on the hot path.
    public static func decode(topic topicBytes: UnsafeRawBufferPointer, envelope body: UnsafeRawBufferPointer)
        throws(EnvelopeDecodingError) -> (topic: String, envelope: Mapwire_V1_Envelope)
    {
        let envelope: Mapwire_V1_Envelope
        do { envelope = try DecodedEnvelope.decode(body).envelope() }
        catch { throw .malformed(String(describing: error)) }
        guard let payload = envelope.payload else { return (String(decoding: topicBytes, as: UTF8.self), envelope) }
        // The payload's own topic is a literal: comparing bytes and returning it spares a string per event.
        let expected = payload.topic
        guard expected.utf8.elementsEqual(topicBytes) else {
            throw .topicMismatch(topic: String(decoding: topicBytes, as: UTF8.self), payload: expected)
        }
        return (expected, envelope)
    }

    public static func encode(_ envelope: Mapwire_V1_Envelope) -> [Data] {
        let topic = Data((envelope.payload?.topic ?? "unknown").utf8)
        // Serializing a message built in-process cannot fail (no required fields in proto3).
        let body: Data = (try? envelope.serializedBytes()) ?? Data()
        return [topic, body]
    }
}
