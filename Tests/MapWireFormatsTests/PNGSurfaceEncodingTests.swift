import Foundation
import Testing
@testable import MapWireFormats

/// ImageEncoder.png(premultipliedARGB32:): a cairo surface straightened and deflated, in pieces on
/// several threads when it is large, into one PNG that decodes to the same pixels.
struct PNGSurfaceEncodingTests {
    /// A surface with flat areas and noise (as a map frame has), premultiplied; translucent rows on top
    /// when `translucentRows` > 0. Returns the words and the straight RGBA they stand for.
    func surface(width: Int, height: Int, translucentRows: Int = 0) -> (words: [UInt32], rgba: [UInt8]) {
        var words: [UInt32] = [], rgba: [UInt8] = []
        var seed: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_103_515_245 &+ 12345
                let flat = (x / 37 + y / 23) % 3 == 0
                let r = flat ? 200 : Int(seed >> 24), g = flat ? 180 : Int((seed >> 16) & 0xFF), b = (x * 7 + y) & 0xFF
                // Alpha 255, or 51: every channel a multiple of 5 straightens back exactly.
                let a = y < translucentRows ? 51 : 255
                let (sr, sg, sb) = a == 255 ? (r, g, b) : (r / 5 * 5, g / 5 * 5, b / 5 * 5)
                rgba += [UInt8(sr), UInt8(sg), UInt8(sb), UInt8(a)]
                let p = { (c: Int) in UInt32(c * a / 255) }
                words.append(UInt32(a) << 24 | p(sr) << 16 | p(sg) << 8 | p(sb))
            }
        }
        return (words, rgba)
    }

    @Test(arguments: [(13, 7, 0), (640, 640, 0), (700, 500, 3), (1024, 768, 0)])
    func decodesToTheSamePixels(width: Int, height: Int, translucentRows: Int) throws {
        let (words, rgba) = surface(width: width, height: height, translucentRows: translucentRows)
        let png = try words.withUnsafeBytes { raw in
            try ImageEncoder.png(premultipliedARGB32: raw.baseAddress!, width: width, height: height, stride: width * 4)
        }
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.pixels == rgba)
        // Colour type (IHDR byte 25): RGB when every pixel is opaque, else RGBA.
        #expect(png[png.startIndex + 25] == (translucentRows > 0 ? 6 : 2))
    }
}
