import MapWireFormats

/// Small images built pixel by pixel for the diff tests.
enum SyntheticImages {
    typealias RGBA = (UInt8, UInt8, UInt8, UInt8)

    static func filled(width: Int, height: Int, _ color: RGBA) -> RGBAImage {
        image(width: width, height: height) { _, _ in color }
    }

    static func image(width: Int, height: Int, _ color: (Int, Int) -> RGBA) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                pixels += [c.0, c.1, c.2, c.3]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func setting(_ image: RGBAImage, x: Int, y: Int, _ color: RGBA) -> RGBAImage {
        var copy = image
        let i = (y * image.width + x) * 4
        copy.pixels.replaceSubrange(i..<i + 4, with: [color.0, color.1, color.2, color.3])
        return copy
    }

    static let white: RGBA = (255, 255, 255, 255)
    static let black: RGBA = (0, 0, 0, 255)
}
