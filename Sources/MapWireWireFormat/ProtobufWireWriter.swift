/// Appends protobuf wire-format values to one growing `Array` (frames built in tests and plugin checks;
/// the hot path writes with ProtobufRawWriter).
public struct ProtobufWireWriter {
    public var bytes: [UInt8]

    @inlinable public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer, keeping its storage for the next message.
    @inlinable public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    // Always inlined: the core's publish loop writes dozens per event, and a call each cost more than the bytes.
    @inlinable @inline(__always) public mutating func varint(_ value: UInt64) {
        // Keys, enums and flags: one byte.
        if value < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value))
            return
        }
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    @inlinable @inline(__always) public mutating func key(_ field: Int, wireType: UInt64) { varint(UInt64(field) << 3 | wireType) }

    @inlinable public mutating func fixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// A length prefix and the bytes.
    @inlinable public mutating func lengthDelimited<C: Collection>(_ value: C) where C.Element == UInt8 {
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// A length-prefixed value whose bytes `body` appends (a nested message): no size pass first. The
    /// length gets one byte up front, and the body moves up when it turns out to need more (128 bytes
    /// and over), which is what a protobuf writer's size pass would have told it.
    @inlinable public mutating func lengthDelimited(_ body: (inout ProtobufWireWriter) -> Void) {
        let at = bytes.count
        bytes.append(0)
        body(&self)
        let length = bytes.count - at - 1
        if length < 0x80 {
            bytes[at] = UInt8(truncatingIfNeeded: length)
            return
        }
        var extra = 0, rest = length >> 7
        while rest > 0 { extra += 1; rest >>= 7 }
        bytes.insert(contentsOf: repeatElement(0, count: extra), at: at + 1)
        var v = length, i = at
        while v >= 0x80 {
            bytes[i] = UInt8(truncatingIfNeeded: v) | 0x80
            v >>= 7
            i += 1
        }
        bytes[i] = UInt8(v)
    }

    /// A value's varint encoding on its own (a frame built by hand).
    @inlinable public static func varintBytes(_ value: UInt64) -> [UInt8] {
        var writer = ProtobufWireWriter(capacity: 10)
        writer.varint(value)
        return writer.bytes
    }
}
