import MapWireProtocol
import MapWireWireFormat

/// An envelope read without decoding its payload: the header fields (`EnvelopeHeader`, read and written by
/// the generated code; `raw.sequence` reads `raw.header.sequence`) and the payload's bytes. The recorder
/// stores the payload bytes as they came (MCAP Message data), and replay writes them back into an envelope
/// the same way, so a recording costs no protobuf decoding or encoding per event.
@dynamicMemberLookup
public struct RawEnvelope: Equatable, Sendable {
    public var header = EnvelopeHeader()
    public var payload: [UInt8] = []

    public init() {}

    public subscript<Value>(dynamicMember field: WritableKeyPath<EnvelopeHeader, Value>) -> Value {
        get { header[keyPath: field] }
        set { header[keyPath: field] = newValue }
    }

    /// Reads the wire format; nil for bytes that are not an envelope (truncated, wrong wire types).
    /// Fields it does not know are skipped, as protobuf readers do (`EnvelopeHeader.parse`).
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> RawEnvelope? {
        guard let (header, payload) = EnvelopeHeader.parse(bytes) else { return nil }
        var e = RawEnvelope()
        e.header = header
        e.payload = Array(payload)
        return e
    }

    /// The wire bytes, fields in number order with defaults left out (as the core's EnvelopeWriter
    /// writes them); the payload field is written even when empty, its presence being the information.
    public func encoded() -> [UInt8] {
        var w = ProtobufRawWriter(capacity: 48 + header.mapID.utf8.count + payload.count)
        payload.withUnsafeBytes { header.writeFields(payload: $0, to: &w) }
        return w.bytes
    }
}
