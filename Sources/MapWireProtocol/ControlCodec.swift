import Foundation
import MapWireWireFormat
import SwiftProtobuf

/// One-frame control messages: encode, and decode with a readable error. The request path's shapes (a
/// load request, a resource reply: what the plain form `Mapwire_V1_ControlMessage.Plain` holds) have
/// generated readers and writers; anything else, or anything they give up on, goes through swift-protobuf,
/// with the same bytes and messages either way.
public enum ControlCodec {
    public static func encode(_ message: Mapwire_V1_ControlMessage) -> Data {
        if let plain = Mapwire_V1_ControlMessage.Plain(message) { return written(plain) }
        // Serializing an in-process proto3 message cannot fail.
        return (try? message.serializedBytes()) ?? Data()
    }

    /// What `encode(_:as:)` made: a message of the plain form as `Data`, anything else in the caller's buffer type.
    public enum Encoded<Bytes> {
        case generated(Data)
        case serialized(Bytes)
    }

    /// `encode` for a caller with a buffer type of its own: swift-protobuf writes the message once, straight
    /// into `Bytes` (the core: libzmq's message, so a render frame's tiles are not copied again to be sent).
    public static func encode<Bytes: SwiftProtobufContiguousBytes>(_ message: Mapwire_V1_ControlMessage, as _: Bytes.Type) -> Encoded<Bytes> {
        if let plain = Mapwire_V1_ControlMessage.Plain(message) { return .generated(written(plain)) }
        // Serializing an in-process proto3 message cannot fail.
        return .serialized((try? message.serializedBytes()) ?? Bytes(repeating: 0, count: 0))
    }

    private static func written(_ plain: Mapwire_V1_ControlMessage.Plain) -> Data {
        var writer = ProtobufRawWriter(capacity: 256)
        plain.writeFields(to: &writer)
        return writer.withBytes { Data($0) }
    }

    /// `decode` straight from a buffer lent by the socket (libzmq's message): no `Data` copy of the frame
    /// first, so a render frame's tiles are copied once, into the decoded message's own `Data`.
    public static func decode(lent frame: UnsafeRawBufferPointer) throws(EnvelopeDecodingError) -> Mapwire_V1_ControlMessage {
        if let plain = Mapwire_V1_ControlMessage.Plain(wireFields: frame) { return plain.protobuf }
        return try decodeWithSwiftProtobuf(lent: frame)
    }

    public static func decode(_ frame: Data) throws(EnvelopeDecodingError) -> Mapwire_V1_ControlMessage {
        if let plain = frame.withUnsafeBytes({ Mapwire_V1_ControlMessage.Plain(wireFields: $0) }) { return plain.protobuf }
        do { return try Mapwire_V1_ControlMessage(serializedBytes: frame) }
        catch { throw .malformed(String(describing: error)) }
    }

    /// swift-protobuf's decoder alone. It copies every bytes field and unknown field out of the buffer it
    /// reads: the message keeps nothing of `frame`.
    static func decodeWithSwiftProtobuf(lent frame: UnsafeRawBufferPointer) throws(EnvelopeDecodingError) -> Mapwire_V1_ControlMessage {
        do { return try Mapwire_V1_ControlMessage(serializedBytes: unsafe RawSpan(_unsafeBytes: frame)) }
        catch { throw .malformed(String(describing: error)) }
    }
}

extension Mapwire_V1_ControlMessage {
    public static func error(_ code: Mapwire_V1_Error.Code, _ message: String, inReplyTo id: UInt64 = 0) -> Self {
        .with { $0.error = .with { $0.code = code; $0.message = message; $0.inReplyTo = id } }
    }
}
