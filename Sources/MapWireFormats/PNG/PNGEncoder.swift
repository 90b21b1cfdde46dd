import Foundation

/// Writes `PNGImage`s as 8-bit RGBA, non-interlaced PNGs.
public enum PNGEncoder {
    /// How scanlines are filtered before compression.
    public enum FilterChoice: Sendable {
        /// Per row, the filter with the smallest sum of absolute differences (libpng's heuristic).
        case adaptive
        /// The same filter on every row (used by tests to exercise each filter).
        case fixed(PNGRowFilter)
    }

    public static func encode(_ image: PNGImage, filter: FilterChoice = .adaptive) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        header.append(contentsOf: [8, 6, 0, 0, 0])
        appendChunk("IHDR", header, to: &png)
        let compressed = ZlibStream.deflate(filteredScanlines(image, filter: filter), windowBits: ZlibStream.zlibWindowBits)
        appendChunk("IDAT", compressed, to: &png)
        appendChunk("IEND", Data(), to: &png)
        return png
    }

    private static func filteredScanlines(_ image: PNGImage, filter: FilterChoice) -> Data {
        let stride = image.width * 4
        let zeros = [UInt8](repeating: 0, count: stride)
        var out = Data(capacity: (stride + 1) * image.height)
        for y in 0..<image.height {
            let row = image.pixels[(y * stride)..<((y + 1) * stride)]
            let previous = y == 0 ? zeros[...] : image.pixels[((y - 1) * stride)..<(y * stride)]
            let (kind, bytes) = bestFilter(row: row, previous: previous, choice: filter)
            out.append(kind.rawValue)
            out.append(contentsOf: bytes)
        }
        return out
    }

    private static func bestFilter(
        row: ArraySlice<UInt8>, previous: ArraySlice<UInt8>, choice: FilterChoice
    ) -> (PNGRowFilter, [UInt8]) {
        if case .fixed(let kind) = choice {
            return (kind, kind.apply(row: row, previous: previous, bpp: 4))
        }
        var best: (PNGRowFilter, [UInt8], Int)?
        for kind in PNGRowFilter.allCases {
            let bytes = kind.apply(row: row, previous: previous, bpp: 4)
            // Treat bytes as signed so small negative differences count as small.
            let cost = bytes.reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) }
            if best == nil || cost < best!.2 { best = (kind, bytes, cost) }
        }
        return (best!.0, best!.1)
    }

    private static func appendChunk(_ type: String, _ body: Data, to png: inout Data) {
        let typeBytes = Data(type.utf8)
        png.appendBigEndian(UInt32(body.count))
        png.append(typeBytes)
        png.append(body)
        png.appendBigEndian(CRC32.checksum(typeBytes, body))
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)])
    }
}
