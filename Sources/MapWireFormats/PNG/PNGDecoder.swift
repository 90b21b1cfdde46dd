import Foundation

/// Reads non-interlaced 8-bit (and low-bit palette/gray) PNGs into RGBA.
public enum PNGDecoder {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func decode(_ data: Data) throws(PNGError) -> PNGImage {
        let bytes = [UInt8](data)
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }

        var header: PNGHeader?
        var paletteRGB: [UInt8] = []
        var transparency: [UInt8]?
        var imageData = Data()
        var sawEnd = false
        var offset = 8
        while offset < bytes.count && !sawEnd {
            guard offset + 12 <= bytes.count else { throw .truncated }
            let length = Int(bytes.readBigEndianUInt32(at: offset))
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { throw .truncated }
            let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let storedCRC = bytes.readBigEndianUInt32(at: offset + 8 + length)
            guard CRC32.checksum(Data(typeBytes), Data(body)) == storedCRC else { throw .badChecksum(chunk: type) }
            offset += length + 12

            switch type {
            case "IHDR": header = try PNGHeader(body)
            case "PLTE": paletteRGB = body
            case "tRNS": transparency = body
            case "IDAT": imageData.append(contentsOf: body)
            case "IEND": sawEnd = true
            default: break  // Ancillary chunks (gamma, text...) do not change 8-bit RGBA output here.
            }
        }
        guard let header else { throw .missingChunk("IHDR") }
        guard !imageData.isEmpty else { throw .missingChunk("IDAT") }

        let scanlines = try unfilter(inflate(imageData, header: header), header: header)
        let converter = PNGPixelConverter(
            header: header,
            palette: try palette(rgb: paletteRGB, alpha: transparency, header: header),
            transparentKey: header.colorType == .palette ? nil : transparency.map { transparentKey($0, header: header) })
        return PNGImage(width: header.width, height: header.height, pixels: try converter.rgba(from: scanlines))
    }

    private static func inflate(_ data: Data, header: PNGHeader) throws(PNGError) -> [UInt8] {
        let expected = (header.bytesPerRow + 1) * header.height
        let raw: Data
        do {
            raw = try Gzip.decompress(data, limit: expected)
        } catch {
            throw .corruptImageData(error.description)
        }
        guard raw.count == expected else {
            throw .corruptImageData("expected \(expected) bytes of scanlines, got \(raw.count)")
        }
        return [UInt8](raw)
    }

    private static func unfilter(_ scanlines: [UInt8], header: PNGHeader) throws(PNGError) -> [UInt8] {
        var rows = scanlines
        let rowBytes = header.bytesPerRow
        for y in 0..<header.height {
            let start = y * (rowBytes + 1)
            guard let filter = PNGRowFilter(rawValue: rows[start]) else {
                throw .corruptImageData("unknown filter type \(rows[start]) on row \(y)")
            }
            let previousStart = y == 0 ? nil : start - rowBytes
            filter.reverse(row: &rows, at: start + 1, previousStart: previousStart, count: rowBytes, bpp: header.filterBytesPerPixel)
        }
        return rows
    }

    private static func palette(rgb: [UInt8], alpha: [UInt8]?, header: PNGHeader) throws(PNGError) -> [[UInt8]] {
        guard header.colorType == .palette else { return [] }
        guard !rgb.isEmpty else { throw .missingChunk("PLTE") }
        guard rgb.count % 3 == 0 else { throw .invalidHeader("PLTE length \(rgb.count) is not a multiple of 3") }
        return (0..<(rgb.count / 3)).map { i in
            let a = alpha.flatMap { i < $0.count ? $0[i] : nil } ?? 255
            return [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], a]
        }
    }

    /// tRNS for gray/RGB holds 16-bit samples; at the depths supported here the low byte is the value
    /// (scaled to 8 bits for low-bit grayscale so it compares with converted pixels).
    private static func transparentKey(_ bytes: [UInt8], header: PNGHeader) -> [UInt8] {
        let samples = stride(from: 1, to: bytes.count, by: 2).map { bytes[$0] }
        if header.colorType == .grayscale, let value = samples.first {
            return [UInt8(Int(value) * 255 / ((1 << header.bitDepth) - 1))]
        }
        return samples
    }
}
