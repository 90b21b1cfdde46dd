import MapWireWireFormat
import SwiftProtobuf

/// A payload message (or one nested in it) with a hand-written wire reader: the subscribers' decode of
/// the events that carry nested messages (resource-request, map-loading-error, gesture) without
/// swift-protobuf's generic visitors and metadata lookups. What it reads is what swift-protobuf reads;
/// anything it does not expect makes it give up, and the caller uses swift-protobuf instead, so results
/// and errors stay the same (tests and the fuzz target compare both). Writing needs no hand-written
/// code: RawEncodingVisitor writes these messages through their generated `traverse`.
protocol HandWrittenWire {
    /// Reads a message's fields; nil for an unknown field, a known one of another wire type, a message
    /// field given twice (protobuf would merge them), bad UTF-8 or bytes that end inside a value.
    init?(wireFields bytes: UnsafeRawBufferPointer)
}

extension ProtobufWireReader {
    // Each reads one value the way swift-protobuf's BinaryDecoder does; nil where it would not.

    mutating func enumValue<E: SwiftProtobuf.Enum>() -> E? where E.RawValue == Int {
        guard let v = varint() else { return nil }
        return E(rawValue: Int(Int32(truncatingIfNeeded: v)))
    }

    mutating func bool() -> Bool? { varint().map { $0 != 0 } }

    mutating func uint32() -> UInt32? { varint().map { UInt32(truncatingIfNeeded: $0) } }

    mutating func double() -> Double? { fixed64().map { Double(bitPattern: $0) } }

    /// A length-delimited UTF-8 string; nil for bad UTF-8 (swift-protobuf refuses it).
    mutating func string() -> String? {
        guard let bytes = lengthDelimited() else { return nil }
        return Self.string(bytes)
    }

    /// ASCII (URLs, ids, dates: nearly every string of an event) needs no validation, checked eight bytes
    /// at a time; anything else goes through the standard library's validating initializer.
    static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        var at = 0, high: UInt64 = 0
        while at + 8 <= bytes.count {
            high |= bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)
            at += 8
        }
        while at < bytes.count {
            high |= UInt64(bytes[at])
            at += 1
        }
        if high & 0x8080_8080_8080_8080 == 0 { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// A nested message's bytes read by its hand-written codec.
    mutating func message<M: HandWrittenWire>(_: M.Type) -> M? {
        guard let bytes = lengthDelimited() else { return nil }
        return M(wireFields: bytes)
    }

    /// Appends a repeated enum's values, packed (wire type 2) or one by one (wire type 0): a proto3
    /// reader takes both.
    mutating func repeatedEnum<E: SwiftProtobuf.Enum>(wireType: UInt64, into values: inout [E]) -> Bool where E.RawValue == Int {
        if wireType == 0 {
            guard let value: E = enumValue() else { return false }
            values.append(value)
            return true
        }
        guard let bytes = lengthDelimited() else { return false }
        // Each value takes at least one byte: one allocation instead of the array growing value by value.
        values.reserveCapacity(values.count + bytes.count)
        var packed = ProtobufWireReader(bytes)
        while !packed.isAtEnd {
            guard let value: E = packed.enumValue() else { return false }
            values.append(value)
        }
        return true
    }
}
