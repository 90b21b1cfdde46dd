import MapWireWireFormat
import SwiftProtobuf

/// A payload message (or one nested in it) with a hand-written wire codec: the core's publish and the
/// subscribers' decode of the events that carry nested messages (resource-request, map-loading-error,
/// gesture) without swift-protobuf's generic visitors, size pass and metadata lookups. The bytes are
/// exactly swift-protobuf's (fields in number order, proto3 defaults left out, a set optional or message
/// field always written, enums as sign-extended varints, repeated enums packed), and what it reads is
/// what swift-protobuf reads; anything it does not expect makes it give up, and the caller uses
/// swift-protobuf instead, so results and errors stay the same (tests and the fuzz target compare both).
protocol HandWrittenWire {
    /// Appends the message's fields (not a key or length of its own); false, part written, when this
    /// message or one nested in it carries unknown fields (from a newer peer): then swift-protobuf writes
    /// it, putting them where it puts them. One pass: checking first would copy every nested message twice.
    func writeFields(to w: inout ProtobufWireWriter) -> Bool
    /// Reads a message's fields; nil for an unknown field, a known one of another wire type, a message
    /// field given twice (protobuf would merge them), bad UTF-8 or bytes that end inside a value.
    init?(wireFields bytes: UnsafeRawBufferPointer)
}

extension ProtobufWireWriter {
    // Each writes a proto3 field the way swift-protobuf's BinaryEncodingVisitor does, skipping defaults.

    mutating func enumField<E: SwiftProtobuf.Enum>(_ field: Int, _ value: E) where E.RawValue == Int {
        let raw = value.rawValue
        if raw != 0 { key(field, wireType: 0); varint(UInt64(bitPattern: Int64(raw))) }
    }

    mutating func boolField(_ field: Int, _ value: Bool) {
        if value { key(field, wireType: 0); varint(1) }
    }

    mutating func uint32Field(_ field: Int, _ value: UInt32) {
        if value != 0 { key(field, wireType: 0); varint(UInt64(value)) }
    }

    mutating func uint64Field(_ field: Int, _ value: UInt64) {
        if value != 0 { key(field, wireType: 0); varint(value) }
    }

    /// -0.0 is written (its bits are not zero), as swift-protobuf writes it.
    mutating func doubleField(_ field: Int, _ value: Double) {
        if value.bitPattern != 0 { key(field, wireType: 1); fixed64(value.bitPattern) }
    }

    mutating func stringField(_ field: Int, _ value: String) {
        if !value.isEmpty { presentString(field, value) }
    }

    /// An `optional` string that is set: written even when empty.
    mutating func presentString(_ field: Int, _ value: String) {
        key(field, wireType: 2)
        lengthDelimited(value.utf8)
    }

    /// A message field that is set: written even when all its fields are defaults. False as `writeFields`.
    mutating func messageField<M: HandWrittenWire>(_ field: Int, _ value: M) -> Bool {
        key(field, wireType: 2)
        var written = true
        lengthDelimited { written = value.writeFields(to: &$0) }
        return written
    }

    /// proto3 packs repeated enums: one length-delimited run of varints, nothing when empty.
    mutating func packedEnumField<E: SwiftProtobuf.Enum>(_ field: Int, _ values: [E]) where E.RawValue == Int {
        guard !values.isEmpty else { return }
        key(field, wireType: 2)
        lengthDelimited { w in
            for value in values { w.varint(UInt64(bitPattern: Int64(value.rawValue))) }
        }
    }
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
        var packed = ProtobufWireReader(bytes)
        while !packed.isAtEnd {
            guard let value: E = packed.enumValue() else { return false }
            values.append(value)
        }
        return true
    }
}
