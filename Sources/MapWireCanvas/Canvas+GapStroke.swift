import CCairo

extension Canvas {
    /// A line with a transparent gap down its middle (line-gap-width): two lines of `style.width`
    /// either side of a `gap` px gap, with the joins of one wide line so corners stay tidy.
    public func stroke(_ path: CanvasPath, color: CanvasColor, style: StrokeStyle, gap: Double) {
        guard gap > 0, gap.isFinite else { return stroke(path, color: color, style: style) }
        guard !path.isEmpty, color.a > 0, style.width > 0, style.width <= Canvas.maximumSize, gap <= Canvas.maximumSize else { return }
        cairo_save(cr)
        cairo_push_group(cr)
        cairo_new_path(cr)
        path.append(to: cr)
        apply(style, width: gap + 2 * style.width)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_stroke_preserve(cr)
        // Cut the gap out of the wide line.
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OUT)
        var inner = style
        inner.cap = .butt
        inner.dash = []
        apply(inner, width: gap)
        cairo_stroke(cr)
        let mask = cairo_pop_group(cr)
        setSource(color)
        cairo_mask(cr, mask)
        cairo_pattern_destroy(mask)
        cairo_restore(cr)
    }
}
