import CImageCodecs
import Foundation

/// Decodes PNG, JPEG and WebP, told apart by their first bytes, into straight-alpha RGBA through
/// libpng, libjpeg-turbo and libwebp.
public enum ImageDecoder {
    public static func decode(_ data: Data, limit: ImageSizeLimit = .standard) throws(ImageDecodingError) -> RGBAImage {
        guard let format = ImageFormat(sniffing: data) else {
            throw .unknownFormat(leadingBytes: [UInt8](data.prefix(8)))
        }
        let limits = mapwire_image_limits(
            max_side: UInt32(clamping: limit.maxSide), max_pixels: UInt64(clamping: limit.maxPixels))
        var decoded = mapwire_decoded_image()
        let status = data.withUnsafeBytes { raw in
            // Sniffing found a signature, so there are bytes and a base address.
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress!
            switch format {
            case .png: return mapwire_png_decode(bytes, raw.count, limits, &decoded)
            case .jpeg: return mapwire_jpeg_decode(bytes, raw.count, limits, &decoded)
            case .webp: return mapwire_webp_decode(bytes, raw.count, limits, &decoded)
            }
        }
        defer { mapwire_image_free(decoded.rgba) }
        let width = Int(decoded.width), height = Int(decoded.height)
        let message = CodecMessage.text(decoded.message)
        switch status {
        case MAPWIRE_IMAGE_OK:
            guard let rgba = decoded.rgba else { throw .outOfMemory(format, message) }
            return RGBAImage(width: width, height: height, pixels: [UInt8](UnsafeBufferPointer(start: rgba, count: width * height * 4)))
        case MAPWIRE_IMAGE_TOO_LARGE: throw .tooLarge(format, width: width, height: height, limit: limit)
        case MAPWIRE_IMAGE_UNSUPPORTED: throw .unsupported(format, message)
        case MAPWIRE_IMAGE_NO_MEMORY: throw .outOfMemory(format, message)
        default: throw .corrupt(format, message)
        }
    }
}

/// The codec shim's fixed-size message fields as Swift strings.
enum CodecMessage {
    static func text<Field>(_ field: Field) -> String {
        withUnsafeBytes(of: field) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
