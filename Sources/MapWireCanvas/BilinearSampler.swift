/// Bilinear lookup in an 8-bit distance field, normalised to 0...1; outside the bitmap the
/// field is 0 (far outside the shape).
struct BilinearSampler {
    let field: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int

    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> Double {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return Double(field[y * width + x])
    }

    /// The field at (u, v) in texel units, texel centres at integers.
    @inline(__always)
    func sample(_ u: Double, _ v: Double) -> Double {
        guard u > -1, v > -1, u < Double(width), v < Double(height) else { return 0 }
        // floor without libm's call (here −1 < u, v < size): truncate, then step down below zero.
        let x = Self.floor(u), y = Self.floor(v)
        let fu = Double(x), fv = Double(y)
        let tx = u - fu, ty = v - fv
        let t00, t10, t01, t11: Double
        if x >= 0, y >= 0, x + 1 < width, y + 1 < height {
            // Inside: the four texels straight from the field, no edge checks.
            let i = y * width + x
            t00 = Double(field[i]); t10 = Double(field[i + 1])
            t01 = Double(field[i + width]); t11 = Double(field[i + width + 1])
        } else {
            t00 = texel(x, y); t10 = texel(x + 1, y)
            t01 = texel(x, y + 1); t11 = texel(x + 1, y + 1)
        }
        let top = t00 + (t10 - t00) * tx
        let bottom = t01 + (t11 - t01) * tx
        return (top + (bottom - top) * ty) / 255
    }

    @inline(__always)
    private static func floor(_ value: Double) -> Int {
        let truncated = Int(value)
        return Double(truncated) > value ? truncated - 1 : truncated
    }
}
