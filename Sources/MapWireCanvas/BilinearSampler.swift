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
        let fu = u.rounded(.down), fv = v.rounded(.down)
        let x = Int(fu), y = Int(fv)
        let tx = u - fu, ty = v - fv
        let top = texel(x, y) + (texel(x + 1, y) - texel(x, y)) * tx
        let bottom = texel(x, y + 1) + (texel(x + 1, y + 1) - texel(x, y + 1)) * tx
        return (top + (bottom - top) * ty) / 255
    }
}
