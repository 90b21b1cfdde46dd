import CCairo

extension Canvas {
    /// Applies raster paint adjustments to an image before drawing: brightness min/max, contrast,
    /// saturation, hue-rotate (degrees) as the style spec defines them. Returns `image` itself
    /// when the values are the defaults (0, 1, 0, 0, 0).
    public static func adjusted(
        _ image: CanvasImage, brightnessMin: Double, brightnessMax: Double, contrast: Double,
        saturation: Double, hueRotate: Double
    ) -> CanvasImage {
        let adjustment = RasterAdjustment(
            brightnessMin: brightnessMin, brightnessMax: brightnessMax, contrast: contrast,
            saturation: saturation, hueRotate: hueRotate)
        guard !adjustment.isIdentity, image.width > 0, image.height > 0 else { return image }

        let result = CanvasImage(uninitializedWidth: image.width, height: image.height)
        let count = image.width * image.height
        let source = image.pixels.assumingMemoryBound(to: UInt32.self)
        let target = result.pixels.assumingMemoryBound(to: UInt32.self)
        for i in 0..<count { target[i] = adjustment.applyPremultiplied(source[i]) }
        return result
    }

    /// Draws `body` (raster images at full opacity) into a layer, adjusts the layer's pixels, then
    /// composites it at `opacity`; `body` must balance its own `save()`/`restore()` calls. GL's raster shader adjusts each fragment after sampling the
    /// texture, so the adjustment works on the filtered, resampled colours a screen pixel shows: a
    /// contrast that pushes a texel below black no longer brightens its neighbours' blend.
    public func drawAdjusted(_ adjustment: RasterAdjustment, opacity: Double, _ body: () -> Void) {
        guard opacity > 0 else { return }
        cairo_push_group_with_content(cr, CAIRO_CONTENT_COLOR_ALPHA)
        body()
        let group = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(group) }
        var layer: OpaquePointer?
        if cairo_pattern_get_surface(group, &layer) == CAIRO_STATUS_SUCCESS, let layer,
           cairo_surface_get_type(layer) == CAIRO_SURFACE_TYPE_IMAGE {
            cairo_surface_flush(layer)
            if let data = cairo_image_surface_get_data(layer) {
                let stride = Int(cairo_image_surface_get_stride(layer))
                let width = Int(cairo_image_surface_get_width(layer)), height = Int(cairo_image_surface_get_height(layer))
                for y in 0..<height {
                    let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width where row[x] != 0 { row[x] = adjustment.applyPremultiplied(row[x]) }
                }
            }
            cairo_surface_mark_dirty(layer)
        }
        cairo_save(cr)
        cairo_set_source(cr, group)
        cairo_paint_with_alpha(cr, min(1, opacity))
        cairo_restore(cr)
    }
}
