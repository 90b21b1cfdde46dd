import CCairo

extension Canvas {
    /// Draws `source` (the whole image when nil) of `image` scaled into `rect`, optionally rotated
    /// by `rotation` radians about the rect centre. `smooth: false` samples the nearest pixel.
    public func draw(
        _ image: CanvasImage, source: (x: Int, y: Int, width: Int, height: Int)?,
        into rect: (x: Double, y: Double, width: Double, height: Double),
        opacity: Double, rotation: Double = 0, smooth: Bool = true
    ) {
        guard opacity > 0, let src = image.clampedRect(source),
              rect.width != 0, rect.height != 0,
              [rect.x, rect.y, rect.width, rect.height, rotation].allSatisfy(\.isFinite)
        else { return }
        image.withSurface(src) { surface in
            cairo_save(cr)
            cairo_translate(cr, rect.x + rect.width / 2, rect.y + rect.height / 2)
            if rotation != 0 {
                cairo_rotate(cr, rotation)
            }
            cairo_translate(cr, -rect.width / 2, -rect.height / 2)
            cairo_scale(cr, rect.width / Double(src.width), rect.height / Double(src.height))
            cairo_set_source_surface(cr, surface, 0, 0)
            // PAD: edge pixels repeat outward instead of fading into transparency, so the
            // image's own edge is the anti-aliased rectangle below.
            configure(cairo_get_source(cr), smooth: smooth, extend: CAIRO_EXTEND_PAD)
            cairo_new_path(cr)
            cairo_rectangle(cr, 0, 0, Double(src.width), Double(src.height))
            paintCurrentPath(opacity: opacity)
            cairo_restore(cr)
        }
    }

    func configure(_ pattern: OpaquePointer?, smooth: Bool, extend: cairo_extend_t) {
        cairo_pattern_set_extend(pattern, extend)
        cairo_pattern_set_filter(pattern, smooth ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_NEAREST)
    }

    /// Fills the current path with the current source at `opacity` (a plain fill when opaque).
    func paintCurrentPath(opacity: Double) {
        if opacity >= 1 {
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
    }
}
