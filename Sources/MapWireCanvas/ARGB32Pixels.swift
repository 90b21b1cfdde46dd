/// Conversions between cairo's ARGB32 layout (premultiplied alpha, one native-endian UInt32 per
/// pixel: A<<24 | R<<16 | G<<8 | B) and straight-alpha RGBA bytes.
/// Reading whole UInt32 words keeps the code independent of the machine's byte order.
enum ARGB32Pixels {
    /// round(value * alpha / 255) without a division.
    @inline(__always)
    static func premultiply(_ value: UInt32, _ alpha: UInt32) -> UInt32 {
        let t = value * alpha + 128
        return (t + (t >> 8)) >> 8
    }

    @inline(__always)
    static func unpremultiply(_ value: UInt32, _ alpha: UInt32) -> UInt8 {
        UInt8(min(255, (value * 255 + alpha / 2) / alpha))
    }

    @inline(__always)
    static func pack(r: UInt32, g: UInt32, b: UInt32, a: UInt32) -> UInt32 {
        a << 24 | r << 16 | g << 8 | b
    }

    /// Straight RGBA bytes from a premultiplied ARGB32 buffer with `stride` bytes per row.
    static func straightRGBA(from data: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            for y in 0..<height {
                let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
                var o = y * width * 4
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24
                    if a == 0 {
                        out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0
                    } else if a == 255 {
                        out[o] = UInt8(truncatingIfNeeded: p >> 16)
                        out[o + 1] = UInt8(truncatingIfNeeded: p >> 8)
                        out[o + 2] = UInt8(truncatingIfNeeded: p)
                        out[o + 3] = 255
                    } else {
                        out[o] = unpremultiply((p >> 16) & 0xFF, a)
                        out[o + 1] = unpremultiply((p >> 8) & 0xFF, a)
                        out[o + 2] = unpremultiply(p & 0xFF, a)
                        out[o + 3] = UInt8(a)
                    }
                    o += 4
                }
            }
            count = width * height * 4
        }
    }

    /// Writes straight RGBA bytes into a premultiplied ARGB32 buffer with `stride` bytes per row.
    static func storePremultiplied(
        _ rgba: UnsafeBufferPointer<UInt8>, into data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int
    ) {
        for y in 0..<height {
            let row = (data + y * stride).assumingMemoryBound(to: UInt32.self)
            var i = y * width * 4
            for x in 0..<width {
                let a = UInt32(rgba[i + 3])
                row[x] = pack(
                    r: premultiply(UInt32(rgba[i]), a),
                    g: premultiply(UInt32(rgba[i + 1]), a),
                    b: premultiply(UInt32(rgba[i + 2]), a),
                    a: a)
                i += 4
            }
        }
    }
}
