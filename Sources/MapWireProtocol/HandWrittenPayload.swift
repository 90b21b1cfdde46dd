import MapWireWireFormat

/// An event payload written by hand from plain values rather than from a swift-protobuf message: the
/// frequent events, which the session keeps in the engine's own types (MapWireSession, EventPayload).
/// Building the message only to write it cost the publisher most of its time per event (BENCHMARKS.md,
/// "Fourth pass"). A conformance writes the bytes swift-protobuf's `serializedBytes()` gives for the
/// equivalent message (fields in number order, defaults left out, set optionals written); its tests
/// check that over randomised values.
public protocol HandWrittenPayload {
    /// The payload's field in `Envelope`'s oneof.
    static var envelopeField: Int { get }
    /// The topic its events are published under.
    static var topic: StaticString { get }
    /// Writes the message's fields (not its key or length).
    func writeFields(to w: inout ProtobufRawWriter)
}

extension ProtobufRawWriter {
    /// A nested message's field (key, length, body written by `body`), always written: for a set
    /// optional message field or a proto3 message field the sender always sets.
    @inlinable @inline(__always)
    public mutating func nestedMessage(_ field: Int, _ body: (inout ProtobufRawWriter) -> Void) {
        key(field, wireType: 2)
        let mark = beginLength()
        body(&self)
        endLength(mark)
    }

    /// As `nestedMessage(_:_:)` for a body of about `expected` bytes: its length gets that room up front
    /// (a wrong guess costs a move of the body, not wrong bytes).
    @inlinable @inline(__always)
    public mutating func nestedMessage(_ field: Int, expecting expected: Int, _ body: (inout ProtobufRawWriter) -> Void) {
        key(field, wireType: 2)
        let begun = beginLength(expecting: expected)
        body(&self)
        endLength(begun)
    }

    /// A proto3 string field: left out when empty.
    @inlinable @inline(__always)
    public mutating func stringField(_ field: Int, _ value: String) {
        if !value.isEmpty { key(field, wireType: 2); lengthDelimited(value) }
    }

    /// An `optional string` field: written when set, even empty.
    @inlinable @inline(__always)
    public mutating func optionalStringField(_ field: Int, _ value: String?) {
        if let value { key(field, wireType: 2); lengthDelimited(value) }
    }

    /// A proto3 varint field (enums by raw value, bools, unsigned integers): left out when 0.
    @inlinable @inline(__always)
    public mutating func varintField(_ field: Int, _ value: UInt64) {
        if value != 0 {
            reserve(20)
            uncheckedVarint(UInt64(field) << 3)
            uncheckedVarint(value)
        }
    }
}
