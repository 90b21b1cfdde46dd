import MapWireProtocol
import MapWireWireFormat

/// An envelope read without decoding its payload: the header fields and the payload's field number and
/// bytes. The recorder stores the payload bytes as they came (MCAP Message data), and replay writes them
/// back into an envelope the same way, so a recording costs no protobuf decoding or encoding per event.
public struct RawEnvelope: Equatable, Sendable {
    public var protocolVersion: UInt32 = 0
    public var epoch: UInt64 = 0
    public var sequence: UInt64 = 0
    public var beginUnixNanos: Int64 = 0
    public var endUnixNanos: Int64 = 0
    public var mapID = ""
    /// The payload's Envelope field number (0: none).
    public var payloadField = 0
    public var payload: [UInt8] = []
    public var benchmark = false
    public var causationID: UInt64 = 0

    public init() {}

    /// Reads the wire format; nil for bytes that are not an envelope (truncated, wrong wire types).
    /// Fields it does not know are skipped, as protobuf readers do (EnvelopeHeader.parse).
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> RawEnvelope? {
        guard let (h, payload) = EnvelopeHeader.parse(bytes) else { return nil }
        var e = RawEnvelope()
        e.protocolVersion = h.protocolVersion
        e.epoch = h.epoch
        e.sequence = h.sequence
        e.beginUnixNanos = h.beginUnixNanos
        e.endUnixNanos = h.endUnixNanos
        e.mapID = h.mapID
        e.payloadField = h.payloadField
        e.payload = Array(payload)
        e.benchmark = h.benchmark
        e.causationID = h.causationID
        return e
    }

    /// The wire bytes, fields in number order with defaults left out (as the core's EnvelopeWriter
    /// writes them); the payload field is written even when empty, its presence being the information.
    public func encoded() -> [UInt8] {
        var w = ProtobufWireWriter(capacity: 48 + mapID.utf8.count + payload.count)
        if protocolVersion != 0 { w.key(1, wireType: 0); w.varint(UInt64(protocolVersion)) }
        if epoch != 0 { w.key(2, wireType: 1); w.fixed64(epoch) }
        if sequence != 0 { w.key(3, wireType: 0); w.varint(sequence) }
        if beginUnixNanos != 0 { w.key(4, wireType: 0); w.varint(UInt64(bitPattern: beginUnixNanos)) }
        if endUnixNanos != 0 { w.key(5, wireType: 0); w.varint(UInt64(bitPattern: endUnixNanos)) }
        if !mapID.isEmpty { w.key(6, wireType: 2); w.lengthDelimited(mapID.utf8) }
        if payloadField != 0 { w.key(payloadField, wireType: 2); w.lengthDelimited(payload) }
        if benchmark { w.key(130, wireType: 0); w.varint(1) }
        if causationID != 0 { w.key(131, wireType: 0); w.varint(causationID) }
        return w.bytes
    }
}
