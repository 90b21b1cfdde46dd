import Foundation
@testable import MapWireFormats

/// Test images: a gradient to encode, and PNGs assembled chunk by chunk for what the libpng
/// writer is not asked to write (palettes, tRNS, lying headers).
enum PNGTestFiles {
    /// A gradient with varying alpha, so every row filter and interlace pass has real work to do.
    static func gradient(width: Int = 13, height: Int = 7) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x * y) % 256), UInt8(255 - (x * 9) % 200)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func png(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, scanlines: [UInt8],
        extraChunks: [(String, [UInt8])] = [], interlace: UInt8 = 0
    ) -> Data {
        var header = Data()
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header.append(contentsOf: [bitDepth, colorType, 0, 0, interlace])
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        append("IHDR", header, to: &png)
        for (type, body) in extraChunks { append(type, Data(body), to: &png) }
        append("IDAT", ZlibStream.deflate(Data(scanlines), windowBits: ZlibStream.zlibWindowBits), to: &png)
        append("IEND", Data(), to: &png)
        return png
    }

    private static func append(_ type: String, _ body: Data, to png: inout Data) {
        appendBigEndian(UInt32(body.count), to: &png)
        png.append(Data(type.utf8))
        png.append(body)
        appendBigEndian(CRC32.checksum(Data(type.utf8), body), to: &png)
    }

    private static func appendBigEndian(_ value: UInt32, to data: inout Data) {
        data.append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)])
    }
}
