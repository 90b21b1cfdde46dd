import Foundation
import Testing
import MapWireFormats

/// JPEG and WebP through libjpeg-turbo and libwebp: files the test encodes, decoded back.
@Suite struct JPEGAndWebPDecodingTests {
    /// `side`×`side` pixels in four flat quadrants: red, green / blue, yellow.
    static func quadrants(side: Int = 32) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<side {
            for x in 0..<side {
                switch (x < side / 2, y < side / 2) {
                case (true, true): pixels += [220, 30, 30, 255]
                case (false, true): pixels += [30, 200, 40, 255]
                case (true, false): pixels += [40, 50, 210, 255]
                case (false, false): pixels += [240, 220, 20, 255]
                }
            }
        }
        return RGBAImage(width: side, height: side, pixels: pixels)
    }

    /// True when every channel of (x, y) is within `tolerance` of `colour`.
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int, isNear colour: [UInt8], tolerance: Int) -> Bool {
        let p = image.pixel(x: x, y: y)
        return zip([p.r, p.g, p.b, p.a], colour).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    @Test func jpegDecodesToOpaqueRGBAWithTheColoursInPlace() throws {
        let jpeg = try ImageEncoder.jpeg(Self.quadrants(), quality: 95)
        #expect(ImageFormat(sniffing: jpeg) == .jpeg)
        let image = try ImageDecoder.decode(jpeg)
        #expect(image.width == 32 && image.height == 32)
        // Lossy, so near; the middle of each quadrant is far from the edges where JPEG rings.
        #expect(Self.pixel(image, 8, 8, isNear: [220, 30, 30, 255], tolerance: 8))
        #expect(Self.pixel(image, 24, 8, isNear: [30, 200, 40, 255], tolerance: 8))
        #expect(Self.pixel(image, 8, 24, isNear: [40, 50, 210, 255], tolerance: 8))
        #expect(Self.pixel(image, 24, 24, isNear: [240, 220, 20, 255], tolerance: 8))
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    @Test func jpegOfAnOddSizeDecodesAtThatSize() throws {
        let image = try ImageDecoder.decode(ImageEncoder.jpeg(PNGTestFiles.gradient(width: 37, height: 11)))
        #expect(image.width == 37 && image.height == 11)
    }

    @Test func losslessWebPRoundTripsExactlyWithAlpha() throws {
        let image = PNGTestFiles.gradient(width: 19, height: 6)
        let webp = try ImageEncoder.webp(image, lossless: true)
        #expect(ImageFormat(sniffing: webp) == .webp)
        #expect(try ImageDecoder.decode(webp) == image)
    }

    @Test func lossyWebPKeepsTheColoursInPlace() throws {
        let image = try ImageDecoder.decode(ImageEncoder.webp(Self.quadrants(), lossless: false, quality: 95))
        #expect(image.width == 32 && image.height == 32)
        #expect(Self.pixel(image, 8, 8, isNear: [220, 30, 30, 255], tolerance: 12))
        #expect(Self.pixel(image, 24, 24, isNear: [240, 220, 20, 255], tolerance: 12))
    }

    @Test func encodersRefuseSizesTheirFormatCannotHold() {
        let wide = RGBAImage(width: 70_000, height: 1)
        #expect(throws: ImageEncodingError.self) { try ImageEncoder.jpeg(wide) }
        #expect(throws: ImageEncodingError.self) { try ImageEncoder.webp(wide, lossless: true) }
        #expect(throws: ImageEncodingError.self) { try ImageEncoder.jpeg(Self.quadrants(), quality: 0) }
    }
}
