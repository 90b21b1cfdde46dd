import Foundation
import Testing
@testable import MapWireFormats

/// Truncated, damaged, lying and unknown bytes: always a clear error, never a crash or a huge allocation.
@Suite struct BadImageInputTests {
    static func samples() throws -> [(ImageFormat, Data)] {
        let image = PNGTestFiles.gradient(width: 40, height: 30)
        return [
            (.png, try ImageEncoder.png(image)),
            (.png, try ImageEncoder.png(image, interlaced: true)),
            (.jpeg, try ImageEncoder.jpeg(image)),
            (.webp, try ImageEncoder.webp(image, lossless: true)),
            (.webp, try ImageEncoder.webp(image, lossless: false)),
        ]
    }

    @Test func unknownBytesNameWhatTheyStartWith() {
        #expect(throws: ImageDecodingError.unknownFormat(leadingBytes: Array("GIF89a".utf8))) {
            try ImageDecoder.decode(Data("GIF89a".utf8))
        }
        #expect(ImageDecodingError.unknownFormat(leadingBytes: Array("GIF89a".utf8)).description
            == "not a PNG, JPEG or WebP image (it starts with 47 49 46 38 39 61)")
        #expect(throws: ImageDecodingError.unknownFormat(leadingBytes: [])) { try ImageDecoder.decode(Data()) }
        #expect(ImageDecodingError.unknownFormat(leadingBytes: []).description == "not an image: the data is empty")
    }

    @Test func aPNGHeaderClaiming60000SquaredIsRefusedBeforeAllocating() {
        let liar = PNGTestFiles.png(width: 60_000, height: 60_000, bitDepth: 8, colorType: 6, scanlines: [0, 1, 2, 3, 4])
        let expected = ImageDecodingError.tooLarge(.png, width: 60_000, height: 60_000, limit: .standard)
        #expect(throws: expected) { try ImageDecoder.decode(liar) }
        #expect(expected.description == "the PNG is 60000×60000 pixels, over the limit of 16384 a side and 67108864 in all")
    }

    @Test func aJPEGHeaderClaiming60000SquaredIsRefused() throws {
        var jpeg = try ImageEncoder.jpeg(PNGTestFiles.gradient())
        // Baseline start-of-frame: FF C0, length (2), precision (1), height (2), width (2).
        let frame = try #require(jpeg.firstRange(of: Data([0xFF, 0xC0]))).lowerBound
        jpeg.replaceSubrange((frame + 5)..<(frame + 9), with: [0xEA, 0x60, 0xEA, 0x60])
        #expect(throws: ImageDecodingError.tooLarge(.jpeg, width: 60_000, height: 60_000, limit: .standard)) {
            try ImageDecoder.decode(jpeg)
        }
    }

    @Test func everyFormatHonoursALowerLimit() throws {
        let limit = ImageSizeLimit(maxSide: 32, maxPixels: 1 << 20)
        for (format, data) in try Self.samples() {
            #expect(throws: ImageDecodingError.tooLarge(format, width: 40, height: 30, limit: limit)) {
                try ImageDecoder.decode(data, limit: limit)
            }
        }
        let fewPixels = ImageSizeLimit(maxSide: 100, maxPixels: 1000)
        #expect(throws: ImageDecodingError.tooLarge(.png, width: 40, height: 30, limit: fewPixels)) {
            try ImageDecoder.decode(try ImageEncoder.png(PNGTestFiles.gradient(width: 40, height: 30)), limit: fewPixels)
        }
    }

    @Test func everyTruncationOfEveryFormatIsAnErrorNamingTheFormat() throws {
        for (format, data) in try Self.samples() {
            for length in stride(from: 0, to: data.count, by: max(1, data.count / 97)) {
                do throws(ImageDecodingError) {
                    let image = try ImageDecoder.decode(data.prefix(length))
                    Issue.record("\(format) cut to \(length) of \(data.count) bytes decoded as \(image.width)×\(image.height)")
                } catch .unknownFormat {
                    #expect(length < 12, "\(format) cut to \(length) bytes is still recognisable")
                } catch {
                    switch error {
                    case .corrupt(let found, let reason), .unsupported(let found, let reason):
                        #expect(found == format)
                        #expect(!reason.isEmpty)
                    default: Issue.record("\(format) cut to \(length): \(error)")
                    }
                }
            }
        }
    }

    @Test func flippedBytesNeverCrash() throws {
        var noise = SeededNoise(seed: 13)
        for (format, data) in try Self.samples() {
            for _ in 0..<300 {
                var damaged = [UInt8](data)
                for choice in noise.bytes(3) {
                    // Past the 12 bytes that name the format, so the same library is always asked.
                    let index = 12 + Int(noise.bytes(2).reduce(0) { $0 << 8 | Int($1) }) % (damaged.count - 12)
                    damaged[index] ^= choice | 1
                }
                do throws(ImageDecodingError) {
                    // Some damage only changes colours (JPEG and lossy WebP data carry no checksum);
                    // a PNG's header is guarded by its CRC.
                    let image = try ImageDecoder.decode(Data(damaged))
                    #expect(image.pixels.count == image.width * image.height * 4)
                    if format == .png { #expect(image.width == 40 && image.height == 30) }
                } catch {
                    #expect(!error.description.isEmpty)
                }
            }
        }
    }

    @Test func truncatedFilesSayWhy() throws {
        let png = try ImageEncoder.png(PNGTestFiles.gradient())
        #expect(throws: ImageDecodingError.corrupt(.png, "the data ends early: the PNG is truncated")) {
            try ImageDecoder.decode(png.prefix(png.count - 20))
        }
        let jpeg = try ImageEncoder.jpeg(PNGTestFiles.gradient(width: 64, height: 64))
        let halfJPEG = #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(jpeg.prefix(jpeg.count / 2)) }
        #expect(halfJPEG?.description.hasPrefix("the JPEG data is corrupt: ") == true, "\(String(describing: halfJPEG))")
        let webp = try ImageEncoder.webp(PNGTestFiles.gradient(width: 64, height: 64), lossless: true)
        #expect(throws: ImageDecodingError.corrupt(.webp, "the data ends early: the WebP is truncated")) {
            try ImageDecoder.decode(webp.prefix(webp.count / 2))
        }
    }

    @Test func damagedBytesAreCorruptNotGarbage() throws {
        var png = try ImageEncoder.png(PNGTestFiles.gradient())
        png[png.count - 20] ^= 0xff  // inside IDAT: zlib's checksum (read first) or the chunk's CRC fails
        let damaged = #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(png) }
        guard case .corrupt(.png, let reason)? = damaged, reason.hasPrefix("IDAT: ") else {
            Issue.record("expected a corrupt IDAT, got \(String(describing: damaged))")
            return
        }

        // A signature followed by noise: each library says its own piece.
        var noise = SeededNoise(seed: 7)
        for (format, signature) in [(ImageFormat.png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
                                    (.jpeg, [0xFF, 0xD8, 0xFF]),
                                    (.webp, Array("RIFF".utf8) + [0x40, 0, 0, 0] + Array("WEBP".utf8))] as [(ImageFormat, [UInt8])] {
            for _ in 0..<20 {
                let data = Data(signature + noise.bytes(200))
                let error = #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(data) }
                #expect(error?.description.contains(format.description) == true, "\(String(describing: error))")
            }
        }
    }

    @Test func aJPEGInsideAPNGFileIsDecodedAsWhatItIs() throws {
        // Extensions and declared formats lie; the bytes decide.
        let jpeg = try ImageEncoder.jpeg(JPEGAndWebPDecodingTests.quadrants())
        #expect(try ImageDecoder.decode(jpeg).width == 32)
        // A PNG body behind a JPEG signature is a corrupt JPEG, not a PNG.
        let png = try ImageEncoder.png(PNGTestFiles.gradient())
        let error = #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(Data([0xFF, 0xD8, 0xFF]) + png) }
        guard case .corrupt(.jpeg, _)? = error else {
            Issue.record("expected a corrupt JPEG, got \(String(describing: error))")
            return
        }
    }
}

/// A small deterministic byte source (xorshift), so the noise tests are the same every run.
struct SeededNoise {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }
}
