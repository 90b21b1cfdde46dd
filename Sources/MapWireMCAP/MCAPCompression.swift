import CZlib
import CZstd

/// Chunk compression. zstd through Debian's libzstd; lz4 has no library in this build (liblz4-dev is
/// not among the packages MapWire installs), so it is refused with a clear error rather than faked.
public enum MCAPCompression: String, Sendable, CaseIterable {
    case zstd, lz4, none

    /// The Chunk record's `compression` string ("" for none).
    public var recordName: String { self == .none ? "" : rawValue }

    /// Whether this build can write it.
    public var isAvailable: Bool { self != .lz4 }

    func compress(_ bytes: [UInt8]) throws(MCAPError) -> [UInt8] {
        switch self {
        case .none: return bytes
        case .lz4: throw .unsupportedCompression("lz4")
        case .zstd:
            let bound = ZSTD_compressBound(bytes.count)
            var out = [UInt8](repeating: 0, count: bound)
            // Level 3, zstd's default: the recorder must keep up with the bus, not win on size.
            let written = out.withUnsafeMutableBytes { o in
                bytes.withUnsafeBytes { i in ZSTD_compress(o.baseAddress, bound, i.baseAddress, i.count, 3) }
            }
            guard ZSTD_isError(written) == 0 else { throw .malformed("zstd could not compress a chunk") }
            out.removeSubrange(written...)
            return out
        }
    }

    /// Decompresses a chunk's records into `size` bytes (the size the Chunk record states).
    static func decompress(_ name: String, _ bytes: ArraySlice<UInt8>, size: UInt64) throws(MCAPError) -> [UInt8] {
        switch name {
        case "": return Array(bytes)
        case "zstd":
            guard size <= 1 << 32 else { throw .malformed("a chunk of \(size) bytes") }
            var out = [UInt8](repeating: 0, count: Int(size))
            let got = out.withUnsafeMutableBytes { o in
                bytes.withUnsafeBytes { i in ZSTD_decompress(o.baseAddress, o.count, i.baseAddress, i.count) }
            }
            guard ZSTD_isError(got) == 0, got == Int(size) else { throw .malformed("a zstd chunk does not decompress to its stated size") }
            return out
        default: throw .unsupportedCompression(name)
        }
    }
}

enum CRC32 {
    static func of(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { b in
            UInt32(truncatingIfNeeded: crc32(uLong(crc), b.baseAddress, uInt(b.count)))
        }
    }
    static func of(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 { of(bytes[...], continuing: crc) }
}
