import Foundation
import MapWireWireFormat
import SwiftProtobuf

/// The subscriber hot path: reads an envelope's header fields by hand, the payloads with nested messages
/// by hand too (PayloadWire), and any other payload message through swift-protobuf. Anything it does not
/// expect (an unknown field from a newer core, a repeated payload, bad UTF-8, a truncated field) goes to
/// swift-protobuf's full decoder, so the result, errors included, is always what
/// `Mapwire_V1_Envelope(serializedBytes:)` gives.
public enum EnvelopeReader {
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws -> Mapwire_V1_Envelope {
        if let envelope = try fastDecode(bytes) { return envelope }
        return try Mapwire_V1_Envelope(serializedBytes: Data(bytes))
    }

    /// nil: not the common shape; use the full decoder.
    private static func fastDecode(_ bytes: UnsafeRawBufferPointer) throws -> Mapwire_V1_Envelope? {
        var envelope = Mapwire_V1_Envelope()
        var reader = ProtobufWireReader(bytes)
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key() else { return nil }
            switch (field, wireType) {
            case (1, 0): guard let v = reader.varint() else { return nil }; envelope.protocolVersion = UInt32(truncatingIfNeeded: v)
            case (2, 1): guard let v = reader.fixed64() else { return nil }; envelope.epoch = v
            case (3, 0): guard let v = reader.varint() else { return nil }; envelope.sequence = v
            case (4, 0): guard let v = reader.varint() else { return nil }; envelope.beginUnixNanos = Int64(bitPattern: v)
            case (5, 0): guard let v = reader.varint() else { return nil }; envelope.endUnixNanos = Int64(bitPattern: v)
            case (130, 0): guard let v = reader.varint() else { return nil }; envelope.benchmark = v != 0
            case (131, 0): guard let v = reader.varint() else { return nil }; envelope.causationID = v
            case (_, 2):
                guard let slice = reader.lengthDelimited() else { return nil }
                if field == 6 {
                    guard let id = ProtobufWireReader.string(slice) else { return nil }
                    envelope.mapID = id
                } else if PayloadWire.isHandWritten(field: field) {
                    var payload: Mapwire_V1_Envelope.OneOf_Payload?
                    guard envelope.payload == nil, PayloadWire.read(field: field, slice, into: &payload) else { return nil }
                    envelope.payload = payload
                } else {
                    guard envelope.payload == nil, let payload = try Mapwire_V1_Envelope.OneOf_Payload.decode(field: field, from: slice)
                    else { return nil }
                    envelope.payload = payload
                }
            default:
                return nil
            }
        }
        return envelope
    }
}
