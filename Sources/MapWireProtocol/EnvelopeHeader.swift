import MapWireWireFormat

/// An envelope's header fields and where its payload is, read without decoding the payload: what a
/// subscriber that needs the topic, sequence or time but not the data reads (EventSubscriber.nextLazy),
/// and what the recorder stores (RawEnvelope).
public struct EnvelopeHeader: Equatable, Sendable {
    public var protocolVersion: UInt32 = 0
    public var epoch: UInt64 = 0
    public var sequence: UInt64 = 0
    public var beginUnixNanos: Int64 = 0
    public var endUnixNanos: Int64 = 0
    public var mapID = ""
    /// The payload's Envelope field number (0: none): 16...99 map events, 100 and up bus messages.
    public var payloadField = 0
    public var benchmark = false
    public var causationID: UInt64 = 0

    public init() {}

    /// Whether the payload is the core's welcome (Envelope field 100, SubscriberWelcome).
    public var isWelcome: Bool { payloadField == 100 }

    /// Whether the payload is a map event (not a welcome or the control traffic).
    public var carriesMapEvent: Bool { (16..<100).contains(payloadField) }

    /// Reads the wire format: the header and the payload's bytes (a view into `bytes`); nil for bytes
    /// that are not an envelope (truncated, wrong wire types). Fields it does not know are skipped, as
    /// protobuf readers do; a map id that is not UTF-8 is repaired here (the full decoder refuses it).
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> (header: EnvelopeHeader, payload: UnsafeRawBufferPointer)? {
        var h = EnvelopeHeader()
        var payload = UnsafeRawBufferPointer(start: nil, count: 0)
        var reader = ProtobufWireReader(bytes)
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.key() else { return nil }
            switch wireType {
            case 0:
                guard let v = reader.varint() else { return nil }
                switch field {
                case 1: h.protocolVersion = UInt32(truncatingIfNeeded: v)
                case 3: h.sequence = v
                case 4: h.beginUnixNanos = Int64(bitPattern: v)
                case 5: h.endUnixNanos = Int64(bitPattern: v)
                case 130: h.benchmark = v != 0
                case 131: h.causationID = v
                default: break
                }
            case 1:
                guard let v = reader.fixed64() else { return nil }
                if field == 2 { h.epoch = v }
            case 2:
                guard let slice = reader.lengthDelimited() else { return nil }
                if field == 6 { h.mapID = String(decoding: slice, as: UTF8.self) }
                else if (16...199).contains(field) { h.payloadField = field; payload = slice }
            default:
                guard reader.skip(wireType: wireType) else { return nil }
            }
        }
        return (h, payload)
    }
}
