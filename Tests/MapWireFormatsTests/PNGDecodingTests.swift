import Foundation
import Testing
@testable import MapWireFormats

/// PNGs of every kind through libpng: written by the libpng writer (interlaced, 16-bit) or
/// assembled by hand (palette, tRNS), read back as 8-bit RGBA.
@Suite struct PNGDecodingTests {
    /// IHDR's bit depth and interlace method, at their fixed offsets after the signature.
    func header(_ png: Data) -> (bitDepth: UInt8, interlace: UInt8) {
        (png[png.startIndex + 24], png[png.startIndex + 28])
    }

    @Test func encodingRoundTrips() throws {
        let image = PNGTestFiles.gradient()
        let png = try ImageEncoder.png(image)
        #expect(ImageFormat(sniffing: png) == .png)
        #expect(header(png) == (8, 0))
        #expect(try ImageDecoder.decode(png) == image)
    }

    @Test func singlePixelRoundTrips() throws {
        let image = RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 4])
        #expect(try ImageDecoder.decode(ImageEncoder.png(image)) == image)
    }

    @Test(arguments: [(13, 7), (1, 1), (3, 17), (64, 9)])
    func interlacedImagesDecode(width: Int, height: Int) throws {
        let image = PNGTestFiles.gradient(width: width, height: height)
        let png = try ImageEncoder.png(image, interlaced: true)
        #expect(header(png).interlace == 1, "Adam7")
        #expect(try ImageDecoder.decode(png) == image)
    }

    @Test func sixteenBitRGBAIsScaledToEightBits() throws {
        // Multiples of 257 scale to exact 8-bit values: 257 × k → k.
        let levels: [UInt16] = [0, 257 * 18, 257 * 200, 65535, 257 * 77, 257 * 128, 257 * 3, 257 * 254]
        let samples = levels.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] }
        let png = try ImageEncoder.png(samples: samples, width: 2, height: 1, layout: .rgba, bitDepth: 16, interlaced: false)
        #expect(header(png) == (16, 0))
        #expect(try ImageDecoder.decode(png).pixels == [0, 18, 200, 255, 77, 128, 3, 254])
    }

    @Test func sixteenBitInterlacedGrayAlphaDecodes() throws {
        let width = 9, height = 5
        var samples: [UInt8] = []
        var expected: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let gray = UInt8((x * 25 + y * 3) % 256), alpha = UInt8(255 - y * 40)
                samples += [gray, gray, alpha, alpha]  // 257 × k is the byte k twice
                expected += [gray, gray, gray, alpha]
            }
        }
        let png = try ImageEncoder.png(samples: samples, width: width, height: height, layout: .grayAlpha, bitDepth: 16, interlaced: true)
        #expect(header(png) == (16, 1))
        #expect(try ImageDecoder.decode(png).pixels == expected)
    }

    @Test func sixteenBitGrayAndRGBBecomeOpaque() throws {
        let gray = try ImageEncoder.png(samples: [0x0A, 0x0A, 0xC8, 0xC8], width: 2, height: 1, layout: .gray, bitDepth: 16, interlaced: false)
        #expect(try ImageDecoder.decode(gray).pixels == [10, 10, 10, 255, 200, 200, 200, 255])
        let rgb = try ImageEncoder.png(samples: [1, 1, 2, 2, 3, 3], width: 1, height: 1, layout: .rgb, bitDepth: 16, interlaced: true)
        #expect(try ImageDecoder.decode(rgb).pixels == [1, 2, 3, 255])
    }

    @Test func decodesPaletteGrayAndRGBImages() throws {
        // 2x2 palette image, 2-bit indices, with tRNS making entry 0 transparent.
        let palette = PNGTestFiles.png(
            width: 2, height: 2, bitDepth: 2, colorType: 3,
            scanlines: [0, 0b0001_0000, 0, 0b1011_0000],
            extraChunks: [("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]), ("tRNS", [0])])
        #expect(try ImageDecoder.decode(palette).pixels == [255, 0, 0, 0, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255])

        let gray = PNGTestFiles.png(width: 2, height: 1, bitDepth: 8, colorType: 0, scanlines: [0, 10, 200])
        #expect(try ImageDecoder.decode(gray).pixels == [10, 10, 10, 255, 200, 200, 200, 255])

        let grayAlpha = PNGTestFiles.png(width: 1, height: 1, bitDepth: 8, colorType: 4, scanlines: [0, 77, 128])
        #expect(try ImageDecoder.decode(grayAlpha).pixels == [77, 77, 77, 128])

        // 1-bit gray scales to the full range.
        let bits = PNGTestFiles.png(width: 2, height: 1, bitDepth: 1, colorType: 0, scanlines: [0, 0b0100_0000])
        #expect(try ImageDecoder.decode(bits).pixels == [0, 0, 0, 255, 255, 255, 255, 255])

        // RGB with an Up filter on the second row, and a tRNS key making (11, 12, 13) transparent.
        let rgb = PNGTestFiles.png(
            width: 1, height: 2, bitDepth: 8, colorType: 2, scanlines: [0, 1, 2, 3, 2, 10, 10, 10],
            extraChunks: [("tRNS", [0, 11, 0, 12, 0, 13])])
        #expect(try ImageDecoder.decode(rgb).pixels == [1, 2, 3, 255, 11, 12, 13, 0])
    }
}
