extension Canvas {
    /// Applies raster paint adjustments to an image before drawing: brightness min/max, contrast,
    /// saturation, hue-rotate (degrees) as the style spec defines them. Returns `image` itself
    /// when the values are the defaults (0, 1, 0, 0, 0).
    public static func adjusted(
        _ image: CanvasImage, brightnessMin: Double, brightnessMax: Double, contrast: Double,
        saturation: Double, hueRotate: Double
    ) -> CanvasImage {
        let adjustment = RasterAdjustment(
            brightnessMin: brightnessMin, brightnessMax: brightnessMax, contrast: contrast,
            saturation: saturation, hueRotate: hueRotate)
        guard !adjustment.isIdentity, image.width > 0, image.height > 0 else { return image }

        let result = CanvasImage(uninitializedWidth: image.width, height: image.height)
        let count = image.width * image.height
        let source = image.pixels.assumingMemoryBound(to: UInt32.self)
        let target = result.pixels.assumingMemoryBound(to: UInt32.self)
        for i in 0..<count {
            let p = source[i]
            let alpha = p >> 24
            guard alpha > 0 else {
                target[i] = 0
                continue
            }
            // Premultiplied → straight 0...1, adjust, then back.
            let a = Double(alpha)
            let (r, g, b) = adjustment.apply(
                Double((p >> 16) & 0xFF) / a, Double((p >> 8) & 0xFF) / a, Double(p & 0xFF) / a)
            target[i] = ARGB32Pixels.pack(
                r: UInt32(r * a + 0.5), g: UInt32(g * a + 0.5), b: UInt32(b * a + 0.5), a: alpha)
        }
        return result
    }
}
