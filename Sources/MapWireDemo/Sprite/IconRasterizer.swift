/// Draws an icon at a pixel ratio into RGBA pixels with area-like anti-aliasing: a pixel's
/// coverage is its centre's signed distance to the shape edge, clamped to one pixel of blend.
enum IconRasterizer {
    static func render(_ icon: SpriteIcon, pixelRatio: Int) -> (side: Int, pixels: [UInt8]) {
        let side = icon.size * pixelRatio
        let ratio = Double(pixelRatio)
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for row in 0..<side {
            for column in 0..<side {
                let x = (Double(column) + 0.5) / ratio, y = (Double(row) + 0.5) / ratio
                var colour: (r: Double, g: Double, b: Double, a: Double) = (0, 0, 0, 0)
                for layer in icon.layers {
                    let coverage = max(0, min(1, 0.5 - layer.shape(x, y) * ratio))
                    colour = over(layer.color, alpha: coverage * Double(layer.color.a) / 255, onto: colour)
                }
                let i = (row * side + column) * 4
                pixels[i] = UInt8((colour.r * 255).rounded())
                pixels[i + 1] = UInt8((colour.g * 255).rounded())
                pixels[i + 2] = UInt8((colour.b * 255).rounded())
                pixels[i + 3] = UInt8((colour.a * 255).rounded())
            }
        }
        return (side, pixels)
    }

    /// Source-over compositing on straight (non-premultiplied) colours, components 0...1.
    private static func over(
        _ source: RGBAColor, alpha: Double, onto destination: (r: Double, g: Double, b: Double, a: Double)
    ) -> (r: Double, g: Double, b: Double, a: Double) {
        let outAlpha = alpha + destination.a * (1 - alpha)
        guard outAlpha > 0 else { return (0, 0, 0, 0) }
        func mix(_ s: UInt8, _ d: Double) -> Double { (Double(s) / 255 * alpha + d * destination.a * (1 - alpha)) / outAlpha }
        return (mix(source.r, destination.r), mix(source.g, destination.g), mix(source.b, destination.b), outAlpha)
    }
}
