import CCairo

extension Canvas {
    /// Width in logical px of `text` in cairo's built-in sans-serif face at `size` px.
    public func fallbackTextWidth(_ text: String, size: Double, bold: Bool) -> Double {
        guard !text.isEmpty, size > 0, size.isFinite else { return 0 }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        selectFallbackFont(size: size, bold: bold)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    /// Draws `text` with cairo's built-in ("toy") sans-serif face: the text a frame must show when the
    /// style's glyphs for it did not come (a callout before its glyph ranges arrive). Its baseline
    /// starts at `origin`.
    public func drawFallbackText(_ text: String, origin: Point2D, size: Double, bold: Bool, color: CanvasColor) {
        guard !text.isEmpty, size > 0, size <= Canvas.maximumSize, origin.isFinite, color.a > 0 else { return }
        cairo_save(cr)
        selectFallbackFont(size: size, bold: bold)
        setSource(color)
        cairo_new_path(cr)
        cairo_move_to(cr, origin.x, origin.y)
        cairo_show_text(cr, text)
        cairo_restore(cr)
    }

    private func selectFallbackFont(size: Double, bold: Bool) {
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
    }
}
