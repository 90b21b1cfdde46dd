import Foundation
import MapWireWireFormat
import SwiftProtobuf

// The generated readers' values that need swift-protobuf's or Foundation's types, read the way
// swift-protobuf's BinaryDecoder reads them.
extension ProtobufWireReader {
    /// An enum's value: the varint's low 32 bits, signed (an unknown value is kept, as proto3 does).
    mutating func enumValue<E: SwiftProtobuf.Enum>() -> E? where E.RawValue == Int {
        guard let v = varint() else { return nil }
        return E(rawValue: Int(Int32(truncatingIfNeeded: v)))
    }

    /// A bytes field, copied out of the buffer (which may be libzmq's): the one copy made of a resource's data.
    mutating func data() -> Data? {
        guard let bytes = lengthDelimited() else { return nil }
        return bytes.isEmpty ? Data() : Data(bytes: bytes.baseAddress!, count: bytes.count)
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
