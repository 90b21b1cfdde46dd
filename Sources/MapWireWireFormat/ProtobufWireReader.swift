/// A cursor over protobuf wire-format bytes: the one varint and field walker for every reader that is
/// not swift-protobuf's (the generated readers of the hot path, the recorder's, tile checks). Each read returns nil, and
/// moves nowhere useful, when the bytes end inside a value; callers decide what that means.
/// `@inlinable` because the envelope reader calls it per event from another module.
public struct ProtobufWireReader {
    public let bytes: UnsafeRawBufferPointer
    @usableFromInline var at = 0

    @inlinable public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Where the next read starts.
    @inlinable public var offset: Int { at }
    @inlinable public var isAtEnd: Bool { at >= bytes.count }

    /// An unsigned LEB128 varint of at most ten bytes (64 bits).
    @inlinable public mutating func varint() -> UInt64? {
        var value: UInt64 = 0, shift: UInt64 = 0
        while at < bytes.count, shift < 64 {
            let byte = bytes[at]
            at += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// A field's key: its number (the key shifted right by three, not range-checked) and wire type.
    @inlinable public mutating func key() -> (field: Int, wireType: UInt64)? {
        guard let key = varint() else { return nil }
        return (Int(truncatingIfNeeded: key >> 3), key & 7)
    }

    /// Eight little-endian bytes (wire type 1).
    @inlinable public mutating func fixed64() -> UInt64? {
        guard bytes.count - at >= 8 else { return nil }
        defer { at += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }

    /// Four little-endian bytes (wire type 5).
    @inlinable public mutating func fixed32() -> UInt32? {
        guard bytes.count - at >= 4 else { return nil }
        defer { at += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }

    /// A length-prefixed value (wire type 2): a view into `bytes`, valid as long as they are.
    @inlinable public mutating func lengthDelimited() -> UnsafeRawBufferPointer? {
        guard let length = varint(), length <= UInt64(bytes.count - at) else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[at..<at + Int(length)])
        at += Int(length)
        return slice
    }

    /// The next `count` bytes as they are (formats that state a length apart from the bytes, such as
    /// MapLibre Tiles' stream headers); nil when fewer remain.
    @inlinable public mutating func bytes(count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, count <= bytes.count - at else { return nil }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[at..<at + count])
        at += count
        return slice
    }

    /// A length-delimited UTF-8 string; nil for bad UTF-8 (protobuf readers refuse it).
    @inlinable public mutating func string() -> String? {
        guard let bytes = lengthDelimited() else { return nil }
        return Self.string(bytes)
    }

    /// UTF-8 bytes as a String, nil when they are not UTF-8. ASCII (URLs, ids, dates: nearly every string
    /// on the wire) is checked eight bytes at a time and needs no further validation; anything else goes
    /// through the standard library's validating initializer, so the result is the same. Not inlined:
    /// `String(validating:as:)` is generic, and specialized elsewhere it looked up its metadata at run
    /// time per call (≈ 1,000 instructions for a reply's two dates).
    public static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard isASCII(bytes) else { return String(validating: bytes, as: UTF8.self) }
        return bytes.withMemoryRebound(to: UInt8.self) { String(decoding: $0, as: UTF8.self) }
    }

    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return true }
        var at = 0
        while at &+ 8 <= count {
            if base.loadUnaligned(fromByteOffset: at, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            at &+= 8
        }
        while at < count {
            if base.load(fromByteOffset: at, as: UInt8.self) & 0x80 != 0 { return false }
            at &+= 1
        }
        return true
    }

    /// Moves past one value of a scalar or length-delimited wire type (0, 1, 2, 5); false when the bytes
    /// end inside it or for groups (3, 4) and unknown types, which callers that accept them walk themselves.
    @inlinable public mutating func skip(wireType: UInt64) -> Bool {
        switch wireType {
        case 0: return varint() != nil
        case 1: return fixed64() != nil
        case 2: return lengthDelimited() != nil
        case 5: return fixed32() != nil
        default: return false
        }
    }
}
