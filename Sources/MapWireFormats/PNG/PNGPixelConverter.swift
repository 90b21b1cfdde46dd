/// Turns unfiltered scanlines of any supported colour type into 8-bit RGBA.
struct PNGPixelConverter {
    let header: PNGHeader
    /// RGBA entries from PLTE, with alpha from tRNS when present.
    let palette: [[UInt8]]
    /// tRNS for grayscale/RGB: the one sample value (at 8-bit scale) that is fully transparent.
    let transparentKey: [UInt8]?

    func rgba(from scanlines: [UInt8]) throws(PNGError) -> [UInt8] {
        let rowBytes = header.bytesPerRow
        var out = [UInt8](repeating: 0, count: header.width * header.height * 4)
        for y in 0..<header.height {
            // +1 skips each row's filter-type byte.
            let rowStart = y * (rowBytes + 1) + 1
            for x in 0..<header.width {
                let o = (y * header.width + x) * 4
                let pixel = try self.pixel(x: x, rowStart: rowStart, in: scanlines)
                out[o] = pixel.0; out[o + 1] = pixel.1; out[o + 2] = pixel.2; out[o + 3] = pixel.3
            }
        }
        return out
    }

    private func pixel(x: Int, rowStart: Int, in s: [UInt8]) throws(PNGError) -> (UInt8, UInt8, UInt8, UInt8) {
        switch header.colorType {
        case .rgba:
            let i = rowStart + x * 4
            return (s[i], s[i + 1], s[i + 2], s[i + 3])
        case .rgb:
            let i = rowStart + x * 3
            let alpha: UInt8 = transparentKey == [s[i], s[i + 1], s[i + 2]] ? 0 : 255
            return (s[i], s[i + 1], s[i + 2], alpha)
        case .grayscaleAlpha:
            let i = rowStart + x * 2
            return (s[i], s[i], s[i], s[i + 1])
        case .grayscale:
            let value = sample(x: x, rowStart: rowStart, in: s)
            // Scale 1/2/4-bit gray up to the full 0...255 range.
            let gray = UInt8(Int(value) * 255 / ((1 << header.bitDepth) - 1))
            let alpha: UInt8 = transparentKey == [gray] ? 0 : 255
            return (gray, gray, gray, alpha)
        case .palette:
            let index = Int(sample(x: x, rowStart: rowStart, in: s))
            guard index < palette.count else {
                throw .corruptImageData("palette index \(index) out of range (\(palette.count) entries)")
            }
            let entry = palette[index]
            return (entry[0], entry[1], entry[2], entry[3])
        }
    }

    /// One sample of a single-channel row, for bit depths 1, 2, 4 and 8.
    private func sample(x: Int, rowStart: Int, in s: [UInt8]) -> UInt8 {
        let depth = header.bitDepth
        if depth == 8 { return s[rowStart + x] }
        let bit = x * depth
        let byte = s[rowStart + bit / 8]
        let shift = 8 - depth - bit % 8
        return (byte >> UInt8(shift)) & UInt8((1 << depth) - 1)
    }
}
