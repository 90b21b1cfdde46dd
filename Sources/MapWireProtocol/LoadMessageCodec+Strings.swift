/// The hand decoders' strings (URLs, dates, etags, error messages): nearly always ASCII.
extension LoadMessageCodec {
    /// `String(validating:as:)` with a fast lane for ASCII: eight bytes checked at a time, then the string
    /// made from bytes known to be valid. `String(validating:as:)` is generic and, called from here, looked up
    /// its metadata at run time each call (≈ 1,000 instructions for a reply's two dates, BENCHMARKS.md fifth
    /// pass). Anything else (bad UTF-8 included) goes the validating way, so the result is the same.
    static func asciiFastString(_ bytes: UnsafeRawBufferPointer) -> String? {
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
}
