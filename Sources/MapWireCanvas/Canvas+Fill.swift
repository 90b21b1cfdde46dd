import CCairo

extension Canvas {
    /// Fills `path` with a solid colour. `antialias: false` gives hard pixel edges (used where
    /// adjacent polygons must not show hairline seams between them).
    public func fill(_ path: CanvasPath, color: CanvasColor, rule: FillRule = .nonZero, antialias: Bool = true) {
        guard !path.isEmpty, color.a > 0 else { return }
        cairo_new_path(cr)
        path.append(to: cr)
        cairo_set_fill_rule(cr, rule.cairo)
        cairo_set_antialias(cr, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        setSource(color)
        cairo_fill(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
    }
}
