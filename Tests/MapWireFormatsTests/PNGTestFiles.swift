import Foundation
@testable import MapWireFormats

/// Builds small PNGs of colour types the encoder never writes, to exercise the decoder.
enum PNGTestFiles {
    static func png(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, scanlines: [UInt8],
        extraChunks: [(String, [UInt8])] = [], interlace: UInt8 = 0
    ) -> Data {
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [bitDepth, colorType, 0, 0, interlace])
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        append("IHDR", header, to: &png)
        for (type, body) in extraChunks { append(type, Data(body), to: &png) }
        append("IDAT", ZlibStream.deflate(Data(scanlines), windowBits: ZlibStream.zlibWindowBits), to: &png)
        append("IEND", Data(), to: &png)
        return png
    }

    private static func append(_ type: String, _ body: Data, to png: inout Data) {
        png.appendBigEndian(UInt32(body.count))
        png.append(Data(type.utf8))
        png.append(body)
        png.appendBigEndian(CRC32.checksum(Data(type.utf8), body))
    }
}
