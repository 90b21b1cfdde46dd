import CCairo
import Foundation
import MapWireFormats

/// An RGBA image (straight alpha) that can be drawn, e.g. a sprite sheet or a raster tile.
///
/// The pixels are stored once, premultiplied in cairo's ARGB32 layout, and never change after
/// `init`. Each draw wraps them in a fresh cairo surface on the drawing thread (no copy), so
/// no cairo object is ever shared between threads.
///
/// `@unchecked Sendable`: the only state is `width`, `height` and a pixel buffer that is written
/// in `init` and only read afterwards; cairo never writes to a surface used as a source.
public final class CanvasImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    let stride: Int
    let pixels: UnsafeMutableRawPointer

    /// Decodes a PNG, JPEG or WebP (whichever the bytes start with).
    public convenience init(encoded data: Data) throws(ImageDecodingError) {
        let image = try ImageDecoder.decode(data)
        self.init(rgba: image.pixels, width: image.width, height: image.height)
    }

    /// `rgba` holds `width * height * 4` straight-alpha bytes, row-major from the top-left.
    public convenience init(rgba: [UInt8], width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        precondition(rgba.count == width * height * 4, "rgba must hold width*height*4 bytes")
        self.init(uninitializedWidth: width, height: height)
        rgba.withUnsafeBufferPointer { source in
            ARGB32Pixels.storePremultiplied(source, into: pixels, width: width, height: height, stride: stride)
        }
    }

    /// An image whose premultiplied pixels the caller fills in before sharing it.
    init(uninitializedWidth width: Int, height: Int) {
        self.width = width
        self.height = height
        self.stride = width * 4
        // At least one byte so the pointer is valid even for an empty image.
        self.pixels = UnsafeMutableRawPointer.allocate(byteCount: max(1, stride * height), alignment: 16)
    }

    deinit {
        pixels.deallocate()
    }

    /// Straight-alpha RGBA bytes, row-major.
    public func rgba() -> [UInt8] {
        ARGB32Pixels.straightRGBA(from: pixels, width: width, height: height, stride: stride)
    }

    /// The part of the image inside `source`, clamped to the image; nil when nothing is left.
    func clampedRect(_ source: (x: Int, y: Int, width: Int, height: Int)?) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let source else {
            return width > 0 && height > 0 ? (0, 0, width, height) : nil
        }
        let x0 = max(0, source.x), y0 = max(0, source.y)
        let x1 = min(width, source.x + source.width), y1 = min(height, source.y + source.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Runs `body` with a cairo surface showing the (already clamped) `rect` of this image.
    /// The surface points into this image's pixels, so `body` must not keep it beyond the call
    /// (a cairo_save/cairo_restore around its use drops cairo's own references).
    func withSurface<R>(_ rect: (x: Int, y: Int, width: Int, height: Int), _ body: (OpaquePointer) -> R) -> R {
        let start = (pixels + rect.y * stride + rect.x * 4).assumingMemoryBound(to: UInt8.self)
        let surface = cairo_image_surface_create_for_data(
            start, CAIRO_FORMAT_ARGB32, Int32(rect.width), Int32(rect.height), Int32(stride))!
        defer { cairo_surface_destroy(surface) }
        return body(surface)
    }
}
