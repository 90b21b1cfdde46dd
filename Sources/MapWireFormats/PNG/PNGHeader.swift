/// The IHDR fields the decoder needs, validated.
struct PNGHeader {
    enum ColorType: UInt8 {
        case grayscale = 0, rgb = 2, palette = 3, grayscaleAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .grayscale, .palette: 1
            case .grayscaleAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// Keeps a hostile header from asking for gigabytes before any pixel data is checked.
    static let maxPixels = 1 << 26

    let width: Int
    let height: Int
    let bitDepth: Int
    let colorType: ColorType

    init(_ bytes: [UInt8]) throws(PNGError) {
        guard bytes.count == 13 else { throw .invalidHeader("IHDR must be 13 bytes, got \(bytes.count)") }
        width = Int(bytes.readBigEndianUInt32(at: 0))
        height = Int(bytes.readBigEndianUInt32(at: 4))
        bitDepth = Int(bytes[8])
        guard width > 0, height > 0 else { throw .invalidHeader("width and height must be positive") }
        guard width * height <= Self.maxPixels else {
            throw .unsupported("\(width)x\(height) exceeds the \(Self.maxPixels)-pixel limit")
        }
        guard let type = ColorType(rawValue: bytes[9]) else { throw .invalidHeader("unknown colour type \(bytes[9])") }
        colorType = type
        guard bytes[10] == 0, bytes[11] == 0 else { throw .invalidHeader("unknown compression or filter method") }
        guard bytes[12] == 0 else { throw .unsupported("interlaced images") }
        switch (type, bitDepth) {
        case (_, 8), (.palette, 1), (.palette, 2), (.palette, 4), (.grayscale, 1), (.grayscale, 2), (.grayscale, 4):
            break
        case (_, 16):
            throw .unsupported("16-bit samples")
        default:
            throw .invalidHeader("bit depth \(bitDepth) is not allowed for colour type \(type.rawValue)")
        }
    }

    /// Bytes per complete pixel for filtering (at least 1, per the spec).
    var filterBytesPerPixel: Int { max(1, colorType.channels * bitDepth / 8) }

    var bytesPerRow: Int { (width * colorType.channels * bitDepth + 7) / 8 }
}

extension [UInt8] {
    func readBigEndianUInt32(at offset: Int) -> UInt32 {
        self[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
