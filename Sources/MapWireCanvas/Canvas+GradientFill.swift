import CCairo

extension Canvas {
    /// Fills `path` with a linear gradient from `startColor` at `start` to `endColor` at `end`
    /// (colours held beyond either end), as GL interpolates colours between a face's vertices.
    public func fill(
        _ path: CanvasPath, from start: Point2D, _ startColor: CanvasColor, to end: Point2D, _ endColor: CanvasColor,
        antialias: Bool = true
    ) {
        guard !path.isEmpty, start.isFinite, end.isFinite else { return }
        guard start != end, startColor != endColor else { return fill(path, color: startColor, antialias: antialias) }
        let gradient = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
        defer { cairo_pattern_destroy(gradient) }
        cairo_pattern_add_color_stop_rgba(gradient, 0, startColor.r, startColor.g, startColor.b, startColor.a)
        cairo_pattern_add_color_stop_rgba(gradient, 1, endColor.r, endColor.g, endColor.b, endColor.a)
        cairo_pattern_set_extend(gradient, CAIRO_EXTEND_PAD)
        cairo_new_path(cr)
        path.append(to: cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_set_antialias(cr, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        cairo_set_source(cr, gradient)
        cairo_fill(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
    }
}
