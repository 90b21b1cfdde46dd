import CRsvg
import Foundation
import MapWireNumerics

/// Renders one SVG file with librsvg onto a cairo image surface.
enum SVGRasterizer {
    struct Failure: Error {
        let reason: String
    }

    /// Renders `file` at its intrinsic size × `pixelRatio` (rounded up to whole pixels).
    static func render(_ file: URL, name: String, pixelRatio: Int) throws(Failure) -> RasterIcon {
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_file(file.path, &error) else {
            throw Failure(reason: consume(error) ?? "librsvg could not load the file")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }

        let size = try intrinsicSize(handle)
        let scaledWidth = size.width * Double(pixelRatio), scaledHeight = size.height * Double(pixelRatio)
        // An SVG may say width="1e300": saturate, and the size check below refuses it.
        let width = Int(saturating: scaledWidth.rounded(.up)), height = Int(saturating: scaledHeight.rounded(.up))
        guard width > 0, height > 0, width <= 8192, height <= 8192 else {
            throw Failure(reason: "unusable size \(size.width)×\(size.height)")
        }

        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        // The exact (unrounded) size, so the drawing is scaled by exactly the pixel ratio.
        var viewport = RsvgRectangle(x: 0, y: 0, width: scaledWidth, height: scaledHeight)
        guard rsvg_handle_render_document(handle, cr, &viewport, &error) != 0 else {
            throw Failure(reason: consume(error) ?? "librsvg could not render the file")
        }
        cairo_surface_flush(surface)
        let rgba = StraightAlpha.rgba(
            fromARGB32: UnsafeRawPointer(cairo_image_surface_get_data(surface)!), width: width, height: height,
            stride: Int(cairo_image_surface_get_stride(surface)))
        return RasterIcon(name: name, width: width, height: height, rgba: rgba)
    }

    /// Width and height in px: from width/height attributes, else from the viewBox.
    private static func intrinsicSize(_ handle: UnsafeMutablePointer<RsvgHandle>) throws(Failure) -> (width: Double, height: Double) {
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0 {
            return (width, height)
        }
        var hasViewBox: gboolean = 0
        var viewBox = RsvgRectangle()
        rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
        guard hasViewBox != 0 else {
            throw Failure(reason: "no width/height in px and no viewBox, so no intrinsic size")
        }
        return (viewBox.width, viewBox.height)
    }

    /// The message of a GError, which is freed.
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }
}
