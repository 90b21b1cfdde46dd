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

extension CanvasImage {
    /// The `source` part of this image resampled `scale` times its size (bilinear, its edges clamped
    /// rather than wrapped): a GL sprite atlas holds each image at the screen's pixel ratio, copied
    /// once from the sprite's own, and a pattern then repeats that copy. Nil when nothing is left.
    public func resampled(_ source: (x: Int, y: Int, width: Int, height: Int), scale: Double) -> CanvasImage? {
        guard scale > 0, scale.isFinite, let src = clampedRect(source) else { return nil }
        let width = max(1, Int((Double(src.width) * scale).rounded())), height = max(1, Int((Double(src.height) * scale).rounded()))
        guard width <= 1 << 14, height <= 1 << 14 else { return nil }
        let copy = CanvasImage(uninitializedWidth: width, height: height)
        copy.pixels.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, copy.stride * height))
        let target = cairo_image_surface_create_for_data(copy.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                         Int32(width), Int32(height), Int32(copy.stride))!
        let cr = cairo_create(target)!
        withSurface(src) { surface in
            cairo_scale(cr, Double(width) / Double(src.width), Double(height) / Double(src.height))
            let pattern = cairo_pattern_create_for_surface(surface)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_set_source(cr, pattern)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        }
        cairo_destroy(cr)
        cairo_surface_flush(target)
        cairo_surface_destroy(target)
        return copy
    }
}
