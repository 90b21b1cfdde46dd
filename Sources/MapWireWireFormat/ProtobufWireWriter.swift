/// Appends protobuf wire-format values to one growing buffer: the one varint and key writer for the
/// hand-written encoders (the core's envelope writer, the recorder's envelope, plugin-check frames).
/// `@inlinable` because the core's publish loop calls it per event from another module.
public struct ProtobufWireWriter {
    public var bytes: [UInt8]

    @inlinable public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer, keeping its storage for the next message.
    @inlinable public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    @inlinable public mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    @inlinable public mutating func key(_ field: Int, wireType: UInt64) { varint(UInt64(field) << 3 | wireType) }

    @inlinable public mutating func fixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A length prefix and the bytes.
    @inlinable public mutating func lengthDelimited<C: Collection>(_ value: C) where C.Element == UInt8 {
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// A value's varint encoding on its own (a frame built by hand).
    @inlinable public static func varintBytes(_ value: UInt64) -> [UInt8] {
        var writer = ProtobufWireWriter(capacity: 10)
        writer.varint(value)
        return writer.bytes
    }
}
