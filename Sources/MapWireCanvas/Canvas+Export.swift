import CCairo
import Foundation
import MapWireFormats

extension Canvas {
    /// Straight-alpha RGBA bytes, row-major, (width*ratio)x(height*ratio).
    public func rgba() -> [UInt8] {
        cairo_surface_flush(surface)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let stride = Int(cairo_image_surface_get_stride(surface))
        return ARGB32Pixels.straightRGBA(from: data, width: deviceWidth, height: deviceHeight, stride: stride)
    }

    /// The surface as a PNG (RGB when opaque, else straight-alpha RGBA), encoded straight from the
    /// premultiplied surface row by row. Cairo's own writer (libpng defaults: zlib level 6,
    /// adaptive row filters) took 25–30 ms of a 512×512 frame; zlib level 1 without filters takes
    /// about a fifth of that (BENCHMARKS.md, "Frames and PNG").
    public func pngData() throws(ImageEncodingError) -> Data {
        cairo_surface_flush(surface)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let stride = Int(cairo_image_surface_get_stride(surface))
        return try ImageEncoder.png(premultipliedARGB32: data, width: deviceWidth, height: deviceHeight, stride: stride)
    }

    /// A copy of the current pixels as a drawable image (device-pixel size).
    public func makeImage() -> CanvasImage {
        cairo_surface_flush(surface)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let image = CanvasImage(uninitializedWidth: deviceWidth, height: deviceHeight)
        for y in 0..<deviceHeight {
            (image.pixels + y * image.stride).copyMemory(from: data + y * stride, byteCount: image.stride)
        }
        return image
    }
}
