import CCairo

extension Canvas {
    /// Strokes `path` with a solid colour.
    public func stroke(_ path: CanvasPath, color: CanvasColor, style: StrokeStyle) {
        guard !path.isEmpty, color.a > 0, style.width > 0, style.width <= Canvas.maximumSize else { return }
        cairo_new_path(cr)
        path.append(to: cr)
        apply(style)
        setSource(color)
        cairo_stroke(cr)
    }

    /// Sets cairo's line state from `style` (every field, so earlier strokes cannot leak in).
    func apply(_ style: StrokeStyle, width: Double? = nil) {
        cairo_set_line_width(cr, width ?? style.width)
        cairo_set_line_cap(cr, style.cap.cairo)
        cairo_set_line_join(cr, style.join.cairo)
        cairo_set_miter_limit(cr, max(1, style.miterLimit))
        if let dash = style.usableDash {
            cairo_set_dash(cr, dash, Int32(dash.count), style.dashOffset.isFinite ? style.dashOffset : 0)
        } else {
            cairo_set_dash(cr, nil, 0, 0)
        }
    }
}
