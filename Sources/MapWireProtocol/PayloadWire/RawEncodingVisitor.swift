import Foundation
import MapWireWireFormat
import SwiftProtobuf

/// Writes a message through its generated `traverse` straight into a ProtobufRawWriter: the fields
/// swift-protobuf's own binary encoder visits, in the same order, written the same way, so the bytes are
/// `serializedBytes()`'s. What swift-protobuf does on top and this does not: a size pass before each
/// nested message (its length is written after it instead, `endLength`), and a call through its own
/// module per value (here `traverse` is specialized for this visitor: the generated code is in this
/// module). The generated `traverse` reads a set optional field directly, where the `hasX` accessors
/// compare whole messages with `!=` (hundreds of instructions each).
///
/// Only the kinds of fields the published events use are written; the others (maps, groups,
/// extensions, zigzag and fixed-width integers, packed numbers other than enums) throw `Unsupported`,
/// and the caller falls back to swift-protobuf.
struct RawEncodingVisitor: SwiftProtobuf.Visitor {
    struct Unsupported: Error {}

    /// The writer, for the length of one `traverse` (ProtobufRawWriter is noncopyable; a visitor must be
    /// copyable).
    let w: UnsafeMutablePointer<ProtobufRawWriter>

    mutating func visitUnknown(bytes: Data) throws {
        // swift-protobuf writes a message's unknown fields as they came, after its known ones.
        bytes.withUnsafeBytes { w.pointee.raw($0) }
    }

    // MARK: Singular

    mutating func visitSingularDoubleField(value: Double, fieldNumber: Int) throws {
        w.pointee.key(fieldNumber, wireType: 1)
        w.pointee.fixed64(value.bitPattern)
    }

    mutating func visitSingularFloatField(value: Float, fieldNumber: Int) throws {
        w.pointee.key(fieldNumber, wireType: 5)
        w.pointee.fixed32(value.bitPattern)
    }

    mutating func visitSingularInt64Field(value: Int64, fieldNumber: Int) throws {
        try visitSingularUInt64Field(value: UInt64(bitPattern: value), fieldNumber: fieldNumber)
    }

    mutating func visitSingularInt32Field(value: Int32, fieldNumber: Int) throws {
        // Sign-extended to ten bytes when negative, as protobuf writes int32.
        try visitSingularUInt64Field(value: UInt64(bitPattern: Int64(value)), fieldNumber: fieldNumber)
    }

    mutating func visitSingularUInt64Field(value: UInt64, fieldNumber: Int) throws {
        w.pointee.key(fieldNumber, wireType: 0)
        w.pointee.varint(value)
    }

    mutating func visitSingularUInt32Field(value: UInt32, fieldNumber: Int) throws {
        try visitSingularUInt64Field(value: UInt64(value), fieldNumber: fieldNumber)
    }

    mutating func visitSingularBoolField(value: Bool, fieldNumber: Int) throws {
        try visitSingularUInt64Field(value: value ? 1 : 0, fieldNumber: fieldNumber)
    }

    mutating func visitSingularEnumField<E: SwiftProtobuf.Enum>(value: E, fieldNumber: Int) throws {
        try visitSingularUInt64Field(value: UInt64(bitPattern: Int64(value.rawValue)), fieldNumber: fieldNumber)
    }

    mutating func visitSingularStringField(value: String, fieldNumber: Int) throws {
        w.pointee.key(fieldNumber, wireType: 2)
        w.pointee.lengthDelimited(value)
    }

    mutating func visitSingularBytesField(value: Data, fieldNumber: Int) throws {
        w.pointee.key(fieldNumber, wireType: 2)
        value.withUnsafeBytes { w.pointee.lengthDelimited($0) }
    }

    mutating func visitSingularMessageField<M: SwiftProtobuf.Message>(value: M, fieldNumber: Int) throws {
        w.pointee.key(fieldNumber, wireType: 2)
        let mark = w.pointee.beginLength()
        try value.traverse(visitor: &self)
        w.pointee.endLength(mark)
    }

    // MARK: Packed (proto3 packs repeated scalars)

    mutating func visitPackedEnumField<E: SwiftProtobuf.Enum>(value: [E], fieldNumber: Int) throws {
        w.pointee.key(fieldNumber, wireType: 2)
        let mark = w.pointee.beginLength()
        for v in value { w.pointee.varint(UInt64(bitPattern: Int64(v.rawValue))) }
        w.pointee.endLength(mark)
    }

    mutating func visitPackedBoolField(value: [Bool], fieldNumber: Int) throws {
        w.pointee.key(fieldNumber, wireType: 2)
        let mark = w.pointee.beginLength()
        for v in value { w.pointee.varint(v ? 1 : 0) }
        w.pointee.endLength(mark)
    }

    // MARK: Not written here (the defaults would write other bytes than the binary encoder)

    mutating func visitSingularSInt32Field(value: Int32, fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitSingularSInt64Field(value: Int64, fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitSingularFixed32Field(value: UInt32, fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitSingularFixed64Field(value: UInt64, fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitSingularSFixed32Field(value: Int32, fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitSingularSFixed64Field(value: Int64, fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitSingularGroupField<G: SwiftProtobuf.Message>(value: G, fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedFloatField(value: [Float], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedDoubleField(value: [Double], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedInt32Field(value: [Int32], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedInt64Field(value: [Int64], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedUInt32Field(value: [UInt32], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedUInt64Field(value: [UInt64], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedSInt32Field(value: [Int32], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedSInt64Field(value: [Int64], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedFixed32Field(value: [UInt32], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedFixed64Field(value: [UInt64], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedSFixed32Field(value: [Int32], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitPackedSFixed64Field(value: [Int64], fieldNumber: Int) throws { throw Unsupported() }
    mutating func visitRepeatedGroupField<G: SwiftProtobuf.Message>(value: [G], fieldNumber: Int) throws { throw Unsupported() }

    mutating func visitMapField<KeyType, ValueType: MapValueType>(
        fieldType: _ProtobufMap<KeyType, ValueType>.Type, value: _ProtobufMap<KeyType, ValueType>.BaseType, fieldNumber: Int
    ) throws { throw Unsupported() }

    mutating func visitMapField<KeyType, ValueType>(
        fieldType: _ProtobufEnumMap<KeyType, ValueType>.Type, value: _ProtobufEnumMap<KeyType, ValueType>.BaseType, fieldNumber: Int
    ) throws where ValueType.RawValue == Int { throw Unsupported() }

    mutating func visitMapField<KeyType, ValueType>(
        fieldType: _ProtobufMessageMap<KeyType, ValueType>.Type, value: _ProtobufMessageMap<KeyType, ValueType>.BaseType, fieldNumber: Int
    ) throws { throw Unsupported() }

    mutating func visitExtensionFields(fields: ExtensionFieldValueSet, start: Int, end: Int) throws { throw Unsupported() }
    mutating func visitExtensionFieldsAsMessageSet(fields: ExtensionFieldValueSet, start: Int, end: Int) throws { throw Unsupported() }
}

extension ProtobufRawWriter {
    /// A message as a length-delimited field, through its `traverse`; false, with nothing written, when it
    /// holds a kind of field RawEncodingVisitor does not write.
    mutating func messageField<M: SwiftProtobuf.Message>(_ field: Int, _ message: M) -> Bool {
        let start = count
        key(field, wireType: 2)
        let mark = beginLength()
        let written = withUnsafeMutablePointer(to: &self) { pointer in
            var visitor = RawEncodingVisitor(w: pointer)
            do { try message.traverse(visitor: &visitor) } catch { return false }
            return true
        }
        guard written else {
            truncate(to: start)
            return false
        }
        endLength(mark)
        return true
    }
}
