import Foundation

/// Gzip (and zlib-wrapped) compression, as used for vector tiles inside MBTiles and over HTTP.
public enum Gzip {
    /// Default cap on inflated size: far above any real tile, low enough to stop decompression bombs.
    public static let defaultOutputLimit = 256 * 1024 * 1024

    /// True when `data` starts with a gzip member header or a valid zlib header.
    public static func isCompressed(_ data: Data) -> Bool {
        guard data.count >= 2 else { return false }
        let first = data[data.startIndex]
        let second = data[data.startIndex + 1]
        if first == 0x1f && second == 0x8b { return true }
        // zlib: method 8 (deflate), window ≤ 32 KiB, and the two bytes form a multiple of 31.
        let isDeflate = first & 0x0f == 8 && first >> 4 <= 7
        return isDeflate && (UInt16(first) << 8 | UInt16(second)) % 31 == 0
    }

    /// Inflates gzip or zlib data (the container is detected from the header).
    public static func decompress(_ data: Data, limit: Int = defaultOutputLimit) throws(GzipError) -> Data {
        try ZlibStream.inflate(data, windowBits: ZlibStream.autoDetectWindowBits, limit: limit)
    }

    /// Compresses into a single gzip member (no file name, zero mtime, so output is reproducible).
    public static func compress(_ data: Data) -> Data {
        ZlibStream.deflate(data, windowBits: ZlibStream.gzipWindowBits)
    }
}
