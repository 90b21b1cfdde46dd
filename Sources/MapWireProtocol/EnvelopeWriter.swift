import MapWireWireFormat
import SwiftProtobuf

/// The publish hot path: encodes an event's envelope into one reused buffer, the six header fields by
/// hand, the payloads with nested messages by hand too (PayloadWire), and any other payload message
/// through swift-protobuf. The bytes are exactly what
/// `Mapwire_V1_Envelope.serializedBytes()` gives (fields in number order, defaults left out), so any
/// protobuf library reads them; the envelope message itself is never built, which is most of its cost.
/// A value type used by one thread (the core's loop).
public struct EnvelopeWriter {
    /// The encoded envelope of the last `encode` call.
    public var bytes: [UInt8] { wire.bytes }
    private var wire = ProtobufWireWriter(capacity: 2048)

    public init() {}

    public mutating func encode(
        protocolVersion: UInt32, epoch: UInt64, sequence: UInt64, beginUnixNanos: Int64, endUnixNanos: Int64,
        mapID: String, payload: Mapwire_V1_Envelope.OneOf_Payload?, benchmark: Bool = false, causationID: UInt64 = 0
    ) {
        wire.removeAll()
        if protocolVersion != 0 { wire.key(1, wireType: 0); wire.varint(UInt64(protocolVersion)) }
        if epoch != 0 { wire.key(2, wireType: 1); wire.fixed64(epoch) }
        if sequence != 0 { wire.key(3, wireType: 0); wire.varint(sequence) }
        if beginUnixNanos != 0 { wire.key(4, wireType: 0); wire.varint(UInt64(bitPattern: beginUnixNanos)) }
        if endUnixNanos != 0 { wire.key(5, wireType: 0); wire.varint(UInt64(bitPattern: endUnixNanos)) }
        if !mapID.isEmpty {
            wire.key(6, wireType: 2)
            var id = mapID
            id.withUTF8 { wire.lengthDelimited($0) }
        }
        if let payload { write(payload) }
        // Fields 130 and 131 come after every payload field (16...100).
        if benchmark { wire.key(130, wireType: 0); wire.varint(1) }
        if causationID != 0 { wire.key(131, wireType: 0); wire.varint(causationID) }
    }

    private mutating func write(_ payload: Mapwire_V1_Envelope.OneOf_Payload) {
        // The payloads with nested messages have a hand-written codec (PayloadWire), the rest one message
        // through swift-protobuf.
        if PayloadWire.write(payload, to: &wire) { return }
        let (field, message) = payload.fieldAndMessage
        // A oneof member is written even when empty: its presence is the information.
        wire.key(field, wireType: 2)
        guard let message, let body: [UInt8] = try? message.serializedBytes() else {
            wire.varint(0)
            return
        }
        wire.lengthDelimited(body)
    }
}
