import Foundation
import Testing
@testable import MapWireFormats

@Suite struct PNGTests {
    /// A gradient with varying alpha, so every filter has real work to do.
    static func gradient(width: Int = 13, height: Int = 7) -> PNGImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x * y) % 256), UInt8(255 - (x * 9) % 200)]
            }
        }
        return PNGImage(width: width, height: height, pixels: pixels)
    }

    @Test func adaptiveEncodingRoundTrips() throws {
        let image = Self.gradient()
        let png = PNGEncoder.encode(image)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try PNGDecoder.decode(png) == image)
    }

    @Test(arguments: PNGRowFilter.allCases)
    func eachFilterTypeRoundTrips(filter: PNGRowFilter) throws {
        let image = Self.gradient(width: 31, height: 9)
        #expect(try PNGDecoder.decode(PNGEncoder.encode(image, filter: .fixed(filter))) == image)
    }

    @Test func singlePixelRoundTrips() throws {
        let image = PNGImage(width: 1, height: 1, pixels: [1, 2, 3, 4])
        #expect(try PNGDecoder.decode(PNGEncoder.encode(image)) == image)
    }

    @Test func decodesPaletteGrayAndRGBImages() throws {
        // 2x2 palette image, 2-bit indices, with tRNS making entry 0 transparent.
        let palette = PNGTestFiles.png(
            width: 2, height: 2, bitDepth: 2, colorType: 3,
            scanlines: [0, 0b0001_0000, 0, 0b1011_0000],
            extraChunks: [("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]), ("tRNS", [0])])
        let decodedPalette = try PNGDecoder.decode(palette)
        #expect(decodedPalette.pixels == [255, 0, 0, 0, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255])

        let gray = PNGTestFiles.png(width: 2, height: 1, bitDepth: 8, colorType: 0, scanlines: [0, 10, 200])
        #expect(try PNGDecoder.decode(gray).pixels == [10, 10, 10, 255, 200, 200, 200, 255])

        let grayAlpha = PNGTestFiles.png(width: 1, height: 1, bitDepth: 8, colorType: 4, scanlines: [0, 77, 128])
        #expect(try PNGDecoder.decode(grayAlpha).pixels == [77, 77, 77, 128])

        // RGB with an Up filter on the second row.
        let rgb = PNGTestFiles.png(width: 1, height: 2, bitDepth: 8, colorType: 2, scanlines: [0, 1, 2, 3, 2, 10, 10, 10])
        #expect(try PNGDecoder.decode(rgb).pixels == [1, 2, 3, 255, 11, 12, 13, 255])
    }

    @Test func rejectsUnsupportedAndBrokenFiles() {
        #expect(throws: PNGError.notPNG) { try PNGDecoder.decode(Data("GIF89a".utf8)) }
        let sixteenBit = PNGTestFiles.png(width: 1, height: 1, bitDepth: 16, colorType: 0, scanlines: [0, 0, 0])
        #expect(throws: PNGError.unsupported("16-bit samples")) { try PNGDecoder.decode(sixteenBit) }
        let interlaced = PNGTestFiles.png(width: 1, height: 1, bitDepth: 8, colorType: 0, scanlines: [0, 0], interlace: 1)
        #expect(throws: PNGError.unsupported("interlaced images")) { try PNGDecoder.decode(interlaced) }

        var png = PNGEncoder.encode(Self.gradient())
        #expect(throws: PNGError.truncated) { try PNGDecoder.decode(png.prefix(40)) }
        png[png.count - 20] ^= 0xff  // inside IDAT: its CRC no longer matches
        #expect(throws: PNGError.badChecksum(chunk: "IDAT")) { try PNGDecoder.decode(png) }
    }
}
