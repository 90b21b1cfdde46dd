/// Little-endian appends in MCAP's primitive encodings (spec "Serialization"): fixed-width integers,
/// strings and byte arrays with a uint32 length prefix, maps and arrays with a uint32 byte-length prefix.
struct MCAPBytes {
    var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u16(_ v: UInt16) { Swift.withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u32(_ v: UInt32) { Swift.withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u64(_ v: UInt64) { Swift.withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }

    mutating func string(_ s: String) {
        u32(UInt32(s.utf8.count))
        bytes.append(contentsOf: s.utf8)
    }

    /// A uint32-prefixed byte array (Schema data).
    mutating func prefixed32(_ data: [UInt8]) {
        u32(UInt32(data.count))
        bytes.append(contentsOf: data)
    }

    /// Map<string, string>, keys in sorted order so equal maps encode to equal bytes.
    mutating func stringMap(_ map: [String: String]) {
        var body = MCAPBytes()
        for key in map.keys.sorted() {
            body.string(key)
            body.string(map[key] ?? "")
        }
        prefixed32(body.bytes)
    }

    /// A record: opcode, uint64 content length, content.
    mutating func record(_ opcode: MCAPOpcode, _ content: [UInt8]) {
        u8(opcode.rawValue)
        u64(UInt64(content.count))
        bytes.append(contentsOf: content)
    }
}

/// Reads what `MCAPBytes` writes; every read checks the bounds (a truncated or corrupt file throws).
struct MCAPCursor {
    let bytes: ArraySlice<UInt8>
    private(set) var at: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        at = bytes.startIndex
    }

    var remaining: Int { bytes.endIndex - at }

    mutating func take(_ n: Int) throws(MCAPError) -> ArraySlice<UInt8> {
        guard n >= 0, n <= remaining else { throw .truncated(at: at) }
        defer { at += n }
        return bytes[at..<at + n]
    }

    private mutating func little<T: FixedWidthInteger>(_: T.Type) throws(MCAPError) -> T {
        let slice = try take(MemoryLayout<T>.size)
        return slice.reversed().reduce(T.zero) { $0 << 8 | T($1) }
    }

    mutating func u8() throws(MCAPError) -> UInt8 { try little(UInt8.self) }
    mutating func u16() throws(MCAPError) -> UInt16 { try little(UInt16.self) }
    mutating func u32() throws(MCAPError) -> UInt32 { try little(UInt32.self) }
    mutating func u64() throws(MCAPError) -> UInt64 { try little(UInt64.self) }

    mutating func string() throws(MCAPError) -> String {
        let data = try prefixed32()
        guard let s = String(validating: data, as: UTF8.self) else { throw .malformed("a string is not UTF-8 at byte \(at)") }
        return s
    }

    mutating func prefixed32() throws(MCAPError) -> ArraySlice<UInt8> {
        let n = try u32()
        return try take(Int(n))
    }

    mutating func stringMap() throws(MCAPError) -> [String: String] {
        var inner = MCAPCursor(try prefixed32())
        var map: [String: String] = [:]
        while inner.remaining > 0 {
            let key = try inner.string()
            map[key] = try inner.string()
        }
        return map
    }
}

public enum MCAPError: Error, Equatable, CustomStringConvertible {
    /// The bytes end inside a record (a recording that was killed).
    case truncated(at: Int)
    case notMCAP
    case malformed(String)
    case unsupportedCompression(String)

    public var description: String {
        switch self {
        case .truncated(let at): "the file ends inside a record (byte \(at))"
        case .notMCAP: "not an MCAP file (no MCAP magic)"
        case .malformed(let why): "malformed MCAP: \(why)"
        case .unsupportedCompression(let name): "chunk compression \(name) is not supported by this build"
        }
    }
}
