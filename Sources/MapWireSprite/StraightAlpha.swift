/// Converts cairo's premultiplied ARGB32 pixels (one native-endian UInt32 each:
/// A<<24 | R<<16 | G<<8 | B) to straight RGBA bytes, as PNG stores them.
enum StraightAlpha {
    static func rgba(fromARGB32 data: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let pixel = row[x]
                let alpha = pixel >> 24
                guard alpha > 0 else { continue }
                let o = (y * width + x) * 4
                out[o] = unpremultiply((pixel >> 16) & 0xFF, alpha)
                out[o + 1] = unpremultiply((pixel >> 8) & 0xFF, alpha)
                out[o + 2] = unpremultiply(pixel & 0xFF, alpha)
                out[o + 3] = UInt8(alpha)
            }
        }
        return out
    }

    @inline(__always)
    private static func unpremultiply(_ value: UInt32, _ alpha: UInt32) -> UInt8 {
        UInt8(min(255, (value * 255 + alpha / 2) / alpha))
    }
}
