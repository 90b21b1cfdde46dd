import Foundation
import Testing
@testable import MapWireFormats

@Suite struct GzipTests {
    @Test func compressThenDecompressRestoresTheBytes() throws {
        let original = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) })
        let compressed = Gzip.compress(original)
        #expect(compressed.count < original.count)
        #expect(compressed.prefix(2) == Data([0x1f, 0x8b]))
        #expect(try Gzip.decompress(compressed) == original)
    }

    @Test func emptyInputRoundTrips() throws {
        #expect(try Gzip.decompress(Gzip.compress(Data())) == Data())
    }

    @Test func detectsGzipAndZlibHeaders() {
        #expect(Gzip.isCompressed(Gzip.compress(Data("hello".utf8))))
        #expect(Gzip.isCompressed(ZlibStream.deflate(Data("hello".utf8), windowBits: ZlibStream.zlibWindowBits)))
        #expect(!Gzip.isCompressed(Data([0x1a, 0x05, 0x0a])))  // a plain vector tile starts like this
        #expect(!Gzip.isCompressed(Data([0x1f])))
        #expect(!Gzip.isCompressed(Data()))
    }

    @Test func decompressesZlibContainerToo() throws {
        let original = Data(String(repeating: "zlib ", count: 50).utf8)
        let zlib = ZlibStream.deflate(original, windowBits: ZlibStream.zlibWindowBits)
        #expect(try Gzip.decompress(zlib) == original)
    }

    @Test func truncatedInputIsReportedAsTruncated() {
        let compressed = Gzip.compress(Data(repeating: 42, count: 10_000))
        #expect(throws: GzipError.truncated) { try Gzip.decompress(compressed.prefix(compressed.count / 2)) }
        #expect(throws: GzipError.truncated) { try Gzip.decompress(Data()) }
    }

    @Test func corruptInputIsReportedAsCorrupt() {
        #expect {
            try Gzip.decompress(Data("definitely not compressed".utf8))
        } throws: { error in
            guard case .corrupt = error as? GzipError else { return false }
            return true
        }
    }

    @Test func outputLimitStopsDecompressionBombs() {
        let bomb = Gzip.compress(Data(repeating: 0, count: 1_000_000))
        #expect(throws: GzipError.outputTooLarge(limit: 1000)) { try Gzip.decompress(bomb, limit: 1000) }
    }
}
