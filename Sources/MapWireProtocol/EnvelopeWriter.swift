import SwiftProtobuf

/// The publish hot path: encodes an event's envelope into one reused buffer, the six header fields by
/// hand and only the payload message through swift-protobuf. The bytes are exactly what
/// `Mapwire_V1_Envelope.serializedBytes()` gives (fields in number order, defaults left out), so any
/// protobuf library reads them; the envelope message itself is never built, which is most of its cost.
/// A value type used by one thread (the core's loop).
public struct EnvelopeWriter {
    /// The encoded envelope of the last `encode` call.
    public private(set) var bytes: [UInt8] = []

    public init() { bytes.reserveCapacity(2048) }

    public mutating func encode(
        protocolVersion: UInt32, epoch: UInt64, sequence: UInt64, beginUnixNanos: Int64, endUnixNanos: Int64,
        mapID: String, payload: Mapwire_V1_Envelope.OneOf_Payload?, benchmark: Bool = false, causationID: UInt64 = 0
    ) {
        bytes.removeAll(keepingCapacity: true)
        if protocolVersion != 0 { key(1, wireType: 0); varint(UInt64(protocolVersion)) }
        if epoch != 0 {
            key(2, wireType: 1)
            withUnsafeBytes(of: epoch.littleEndian) { bytes.append(contentsOf: $0) }
        }
        if sequence != 0 { key(3, wireType: 0); varint(sequence) }
        if beginUnixNanos != 0 { key(4, wireType: 0); varint(UInt64(bitPattern: beginUnixNanos)) }
        if endUnixNanos != 0 { key(5, wireType: 0); varint(UInt64(bitPattern: endUnixNanos)) }
        if !mapID.isEmpty {
            key(6, wireType: 2)
            var id = mapID
            id.withUTF8 { varint(UInt64($0.count)); bytes.append(contentsOf: $0) }
        }
        if let payload { write(payload) }
        // Fields 130 and 131 come after every payload field (16...100).
        if benchmark { key(130, wireType: 0); varint(1) }
        if causationID != 0 { key(131, wireType: 0); varint(causationID) }
    }

    private mutating func write(_ payload: Mapwire_V1_Envelope.OneOf_Payload) {
        let (field, message) = payload.fieldAndMessage
        // A oneof member is written even when empty: its presence is the information.
        key(field, wireType: 2)
        guard let message, let body: [UInt8] = try? message.serializedBytes() else {
            bytes.append(0)
            return
        }
        varint(UInt64(body.count))
        bytes.append(contentsOf: body)
    }

    private mutating func key(_ field: Int, wireType: UInt64) { varint(UInt64(field) << 3 | wireType) }

    private mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
}
