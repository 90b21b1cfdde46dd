/// A message's fields as one value writes them (not the message's own key or length): what the generated
/// writers (MapWireProtocol's Generated/…_fastwire.swift) implement for each hot message, so that a nested
/// message, or a payload, is written by whatever holds it.
public protocol ProtobufFields {
    func writeFields(to w: inout ProtobufRawWriter)
    /// The unknown fields a decoded message kept, written after its known ones as protobuf writers do;
    /// nothing for values made in-process.
    func writeUnknownFields(to w: inout ProtobufRawWriter)
}

extension ProtobufFields {
    @inlinable @inline(__always) public func writeUnknownFields(to w: inout ProtobufRawWriter) {}
}

/// Fields of each kind as proto3 writes them, for the generated writers: a scalar at its default is left
/// out, a value with presence is written when set (even at its default).
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

    // The string fields are functions of their own, not inlined: they read the string where it is, lent by
    // the caller; inlined into a generated writer, the string was retained and released around its copy.

    /// A proto3 string field: left out when empty.
    public mutating func stringField(_ field: Int, _ value: String) {
        if !value.isEmpty { key(field, wireType: 2); lengthDelimited(value) }
    }

    /// An `optional string` field that is set: written even when empty.
    public mutating func optionalStringField(_ field: Int, _ value: String) {
        key(field, wireType: 2)
        lengthDelimited(value)
    }

    /// A proto3 varint field (integers, enums by raw value, bools): left out when 0.
    @inlinable @inline(__always)
    public mutating func varintField(_ field: Int, _ value: UInt64) {
        if value != 0 {
            // The key and the value under one check of the room.
            reserve(20)
            uncheckedVarint(UInt64(field) << 3)
            uncheckedVarint(value)
        }
    }

    /// A proto3 field of wire type 1 (double, fixed64, sfixed64) by its bits: left out when they are 0
    /// (a double's -0.0 is written, as protobuf writes it).
    @inlinable @inline(__always)
    public mutating func fixed64Field(_ field: Int, _ bits: UInt64) {
        if bits != 0 { key(field, wireType: 1); fixed64(bits) }
    }

    /// A proto3 field of wire type 5 (float, fixed32, sfixed32) by its bits: left out when they are 0.
    @inlinable @inline(__always)
    public mutating func fixed32Field(_ field: Int, _ bits: UInt32) {
        if bits != 0 { key(field, wireType: 5); fixed32(bits) }
    }
}
