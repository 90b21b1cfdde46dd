import CImageCodecs
import Foundation

/// Encodes straight-alpha RGBA images through libpng, libjpeg-turbo and libwebp.
public enum ImageEncoder {
    /// An 8-bit RGBA PNG.
    public static func png(_ image: RGBAImage, interlaced: Bool = false) throws(ImageEncodingError) -> Data {
        try png(samples: image.pixels, width: image.width, height: image.height, layout: .rgba, bitDepth: 8, interlaced: interlaced)
    }

    /// A PNG of a cairo ARGB32 surface (premultiplied alpha, native-endian 32-bit pixels, `stride`
    /// bytes per row), straightened one row at a time: RGB when every pixel is opaque, else RGBA.
    /// zlib level 1 and no row filters by default: about 6 ms instead of 25–45 ms for a 512²
    /// map frame at libpng's defaults (level 6, adaptive filters), for files ≈ 10 % larger. A large
    /// surface is deflated in pieces on up to one thread per core (one zlib stream still), so a frame
    /// asked for alone is encoded on both cores of a small server.
    public static func png(
        premultipliedARGB32 data: UnsafeRawPointer, width: Int, height: Int, stride: Int, compressionLevel: Int = 1
    ) throws(ImageEncodingError) -> Data {
        try encoded(.png) { out in
            mapwire_png_encode_premultiplied_argb32(
                data.assumingMemoryBound(to: UInt8.self), UInt32(clamping: width), UInt32(clamping: height), stride,
                Int32(clamping: compressionLevel), &out)
        }
    }

    /// The `width`×`height` rectangle at `x`,`y` of a PNG as a PNG of its colour type, zlib level
    /// `compressionLevel` and no row filters, cropped row by row (the rows below it never inflated); nil
    /// when the PNG is not 8-bit, non-interlaced RGB or RGBA (decode it whole instead). A 640² drawn
    /// view cropped to 512² this way took a fraction of decoding it to RGBA and encoding it back at
    /// libpng's defaults (level 6, a filter chosen per row).
    public static func pngCrop(
        _ png: Data, x: Int, y: Int, width: Int, height: Int, compressionLevel: Int = 1
    ) throws(ImageEncodingError) -> Data? {
        var out = mapwire_encoded_image()
        let status = png.withUnsafeBytes { bytes in
            mapwire_png_crop(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt32(clamping: x), UInt32(clamping: y),
                             UInt32(clamping: width), UInt32(clamping: height), Int32(clamping: compressionLevel), &out)
        }
        defer { mapwire_image_free(out.bytes) }
        if status == MAPWIRE_IMAGE_UNSUPPORTED { return nil }
        guard status == MAPWIRE_IMAGE_OK, let bytes = out.bytes else {
            throw ImageEncodingError(format: .png, reason: CodecMessage.text(out.message))
        }
        return Data(bytes: bytes, count: out.count)
    }

    /// A baseline JPEG; alpha is dropped.
    public static func jpeg(_ image: RGBAImage, quality: Int = 90) throws(ImageEncodingError) -> Data {
        try encoded(.jpeg) { out in
            mapwire_jpeg_encode(image.pixels, UInt32(clamping: image.width), UInt32(clamping: image.height), Int32(clamping: quality), &out)
        }
    }

    /// A WebP, lossless or lossy at `quality` (0...100).
    public static func webp(_ image: RGBAImage, lossless: Bool, quality: Float = 90) throws(ImageEncodingError) -> Data {
        try encoded(.webp) { out in
            mapwire_webp_encode(image.pixels, UInt32(clamping: image.width), UInt32(clamping: image.height), lossless ? 1 : 0, quality, &out)
        }
    }

    /// The channels of PNG samples, in the order the PNG specification stores them.
    enum PNGLayout {
        case gray, grayAlpha, rgb, rgba

        var colorType: mapwire_png_color_type {
            switch self {
            case .gray: MAPWIRE_PNG_GRAY
            case .grayAlpha: MAPWIRE_PNG_GRAY_ALPHA
            case .rgb: MAPWIRE_PNG_RGB
            case .rgba: MAPWIRE_PNG_RGBA
            }
        }

        var channels: Int {
            switch self {
            case .gray: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// Any 8- or 16-bit PNG (16-bit samples big-endian), for making test files of every kind.
    static func png(
        samples: [UInt8], width: Int, height: Int, layout: PNGLayout, bitDepth: Int, interlaced: Bool
    ) throws(ImageEncodingError) -> Data {
        guard samples.count == width * height * layout.channels * bitDepth / 8 else {
            throw ImageEncodingError(format: .png, reason: "\(samples.count) bytes do not fill \(width)×\(height) samples")
        }
        return try encoded(.png) { out in
            mapwire_png_encode(
                samples, UInt32(clamping: width), UInt32(clamping: height), layout.colorType,
                Int32(bitDepth), interlaced ? 1 : 0, &out)
        }
    }

    private static func encoded(
        _ format: ImageFormat, _ encode: (inout mapwire_encoded_image) -> mapwire_image_status
    ) throws(ImageEncodingError) -> Data {
        var out = mapwire_encoded_image()
        let status = encode(&out)
        defer { mapwire_image_free(out.bytes) }
        guard status == MAPWIRE_IMAGE_OK, let bytes = out.bytes else {
            throw ImageEncodingError(format: format, reason: CodecMessage.text(out.message))
        }
        return Data(bytes: bytes, count: out.count)
    }
}
