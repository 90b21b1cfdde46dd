/// How the diff image shows each pixel (pixelmatch's defaults).
enum DiffColors {
    static let different: (UInt8, UInt8, UInt8) = (255, 0, 0)
    static let antiAliased: (UInt8, UInt8, UInt8) = (255, 255, 0)
    /// How much of the actual image shows through where pixels match: enough to see where a difference is.
    static let fadedOpacity = 0.1

    static func paint(_ pixels: inout [UInt8], _ offset: Int, _ color: (UInt8, UInt8, UInt8)) {
        pixels[offset] = color.0
        pixels[offset + 1] = color.1
        pixels[offset + 2] = color.2
        pixels[offset + 3] = 255
    }

    /// The source pixel's brightness, faded towards white.
    static func paintFaded(_ pixels: inout [UInt8], _ offset: Int, from source: [UInt8]) {
        let luma = YIQColorDistance.luma(Double(source[offset]), Double(source[offset + 1]), Double(source[offset + 2]))
        let alpha = fadedOpacity * Double(source[offset + 3]) / 255
        let grey = UInt8(max(0, min(255, (255 + (luma - 255) * alpha).rounded())))
        paint(&pixels, offset, (grey, grey, grey))
    }
}
