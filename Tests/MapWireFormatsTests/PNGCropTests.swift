import Foundation
import Testing
@testable import MapWireFormats

/// ImageEncoder.pngCrop: a rectangle of a renderer's PNG written again row by row.
struct PNGCropTests {
    /// The rectangle of `image`, the slow way.
    func cropped(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for row in y..<y + height {
            let from = (row * image.width + x) * 4
            pixels += image.pixels[from..<from + width * 4]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func rgbaKeepsThePixelsOfTheRectangle() throws {
        let image = PNGTestFiles.gradient(width: 40, height: 30)
        let png = try ImageEncoder.png(image)
        let out = try #require(try ImageEncoder.pngCrop(png, x: 5, y: 3, width: 30, height: 20))
        #expect(try ImageDecoder.decode(out) == cropped(image, x: 5, y: 3, width: 30, height: 20))
    }

    @Test func opaqueRGBStaysRGB() throws {
        var image = PNGTestFiles.gradient(width: 24, height: 24)
        for index in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[index] = 255 }
        let rgb = (0..<image.width * image.height).flatMap { image.pixels[$0 * 4..<$0 * 4 + 3] }
        let png = try ImageEncoder.png(samples: Array(rgb), width: 24, height: 24, layout: .rgb, bitDepth: 8, interlaced: false)
        let out = try #require(try ImageEncoder.pngCrop(png, x: 4, y: 4, width: 16, height: 16))
        // Colour type (IHDR byte 25): 2, RGB.
        #expect(out[out.startIndex + 25] == 2)
        #expect(try ImageDecoder.decode(out) == cropped(image, x: 4, y: 4, width: 16, height: 16))
    }

    @Test func aRectanglePastTheEdgeKeepsWhatThereIs() throws {
        let image = PNGTestFiles.gradient(width: 20, height: 10)
        let out = try #require(try ImageEncoder.pngCrop(try ImageEncoder.png(image), x: 4, y: 2, width: 100, height: 100))
        #expect(try ImageDecoder.decode(out) == cropped(image, x: 4, y: 2, width: 16, height: 8))
    }

    @Test func otherKindsOfPNGAreLeftToTheWholeImagePath() throws {
        let interlaced = try ImageEncoder.png(PNGTestFiles.gradient(width: 16, height: 16), interlaced: true)
        #expect(try ImageEncoder.pngCrop(interlaced, x: 1, y: 1, width: 8, height: 8) == nil)
        let sixteenBit = try ImageEncoder.png(samples: [UInt8](repeating: 7, count: 8 * 8 * 8), width: 8, height: 8, layout: .rgba,
                                              bitDepth: 16, interlaced: false)
        #expect(try ImageEncoder.pngCrop(sixteenBit, x: 1, y: 1, width: 4, height: 4) == nil)
    }

    @Test func aBrokenPNGThrows() throws {
        let png = try ImageEncoder.png(PNGTestFiles.gradient(width: 16, height: 16))
        #expect(throws: ImageEncodingError.self) { try ImageEncoder.pngCrop(png.prefix(60), x: 1, y: 1, width: 8, height: 8) }
        #expect(throws: ImageEncodingError.self) { try ImageEncoder.pngCrop(png, x: 16, y: 0, width: 8, height: 8) }
    }
}
