/// Bilinear lookup in a pattern image repeated without end (GL samples its pattern atlas linearly,
/// each pattern padded with its own opposite edge, so the repeat is seamless). Coordinates are in
/// the pattern's pixels, texel centres at +0.5. Returns premultiplied ARGB32 channels (0...255).
struct RepeatingPatternSampler {
    let pixels: UnsafeRawPointer
    let stride: Int
    let width: Int, height: Int

    /// `rect` must already be clamped to the image.
    init(_ image: CanvasImage, rect: (x: Int, y: Int, width: Int, height: Int)) {
        pixels = UnsafeRawPointer(image.pixels + rect.y * image.stride + rect.x * 4)
        stride = image.stride
        width = rect.width
        height = rect.height
    }

    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> UInt32 {
        (pixels + y * stride + x * 4).load(as: UInt32.self)
    }

    @inline(__always)
    private func wrap(_ value: Int, _ size: Int) -> Int {
        let r = value % size
        return r < 0 ? r + size : r
    }

    /// The four channels (a, r, g, b) at (u, v), premultiplied.
    @inline(__always)
    func sample(_ u: Double, _ v: Double) -> (a: Double, r: Double, g: Double, b: Double) {
        let su = u - 0.5, sv = v - 0.5
        let fu = su.rounded(.down), fv = sv.rounded(.down)
        guard fu.magnitude < 1e15, fv.magnitude < 1e15 else { return (0, 0, 0, 0) }
        return blend(wrap(Int(fu), width), wrap(Int(fv), height), su - fu, sv - fv)
    }

    /// The texels at (x0, y0) and the next ones (wrapping), weighted by (tx, ty).
    @inline(__always)
    private func blend(_ x0: Int, _ y0: Int, _ tx: Double, _ ty: Double) -> (a: Double, r: Double, g: Double, b: Double) {
        let x1 = x0 + 1 == width ? 0 : x0 + 1, y1 = y0 + 1 == height ? 0 : y0 + 1
        let p00 = texel(x0, y0), p10 = texel(x1, y0), p01 = texel(x0, y1), p11 = texel(x1, y1)
        let w00 = (1 - tx) * (1 - ty), w10 = tx * (1 - ty), w01 = (1 - tx) * ty, w11 = tx * ty
        @inline(__always) func channel(_ shift: UInt32) -> Double {
            Double((p00 >> shift) & 0xFF) * w00 + Double((p10 >> shift) & 0xFF) * w10
                + Double((p01 >> shift) & 0xFF) * w01 + Double((p11 >> shift) & 0xFF) * w11
        }
        return (channel(24), channel(16), channel(8), channel(0))
    }

    /// `sample` for (u, v) already inside the pattern (0 ≤ u < width, 0 ≤ v < height): the
    /// neighbours wrap by a comparison instead of a division.
    @inline(__always)
    func sampleWrapped(_ u: Double, _ v: Double) -> (a: Double, r: Double, g: Double, b: Double) {
        let su = u - 0.5, sv = v - 0.5
        var x0 = Int(su.rounded(.down)), y0 = Int(sv.rounded(.down))
        let tx = su - Double(x0), ty = sv - Double(y0)
        if x0 < 0 { x0 += width } else if x0 >= width { x0 -= width }
        if y0 < 0 { y0 += height } else if y0 >= height { y0 -= height }
        return blend(x0, y0, tx, ty)
    }

    /// GL's line patterns: one period of the pattern spans its image and one texel of padding each
    /// side (the opposite edge, as GL's atlas pads patterns), so (c, d) run over (width + 2) ×
    /// (height + 2) texels a period.
    @inline(__always)
    func samplePadded(_ c: Double, _ d: Double) -> (a: Double, r: Double, g: Double, b: Double) {
        sample(PatternWrap.into(c, Double(width + 2)) - 1, PatternWrap.into(d, Double(height + 2)) - 1)
    }
}

/// A coordinate brought into one period of a repeating pattern.
enum PatternWrap {
    @inline(__always)
    static func into(_ value: Double, _ period: Double) -> Double {
        guard value.isFinite, period > 0 else { return 0 }
        let r = value.truncatingRemainder(dividingBy: period)
        let wrapped = r < 0 ? r + period : r
        return wrapped < period ? wrapped : 0
    }
}
