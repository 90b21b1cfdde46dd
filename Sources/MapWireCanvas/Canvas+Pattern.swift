import CCairo

extension Canvas {
    /// Fills `path` with `source` of `pattern` repeated (fill-pattern). The tile covers
    /// `source.width / patternPixelRatio` logical px and one tile's top-left sits at `origin`.
    public func fill(
        _ path: CanvasPath, pattern: CanvasImage, source: (x: Int, y: Int, width: Int, height: Int),
        patternPixelRatio: Double, opacity: Double, origin: Point2D
    ) {
        guard !path.isEmpty, opacity > 0, patternPixelRatio > 0, patternPixelRatio.isFinite, origin.isFinite,
              let src = pattern.clampedRect(source)
        else { return }
        // Maps logical user space to tile pixels: p = (u - origin) * ratio.
        var matrix = cairo_matrix_t()
        cairo_matrix_init(
            &matrix, patternPixelRatio, 0, 0, patternPixelRatio,
            -origin.x * patternPixelRatio, -origin.y * patternPixelRatio)
        cairo_save(cr)
        fillRepeating(path, pattern: pattern, source: src, patternFromUser: matrix, opacity: opacity)
        cairo_restore(cr)
    }

    /// Fills `path` with the `source` rectangle of `pattern` repeated, cairo's pattern matrix mapping
    /// user space to the pattern's pixels (bilinear, as GL samples its atlas). Keeps the caller's state.
    func fillRepeating(_ path: CanvasPath, pattern: CanvasImage, source: (x: Int, y: Int, width: Int, height: Int),
                       patternFromUser matrix: cairo_matrix_t, opacity: Double) {
        pattern.withSurface(source) { surface in
            let repeating = cairo_pattern_create_for_surface(surface)
            defer { cairo_pattern_destroy(repeating) }
            configure(repeating, smooth: true, extend: CAIRO_EXTEND_REPEAT)
            var matrix = matrix
            cairo_pattern_set_matrix(repeating, &matrix)
            cairo_set_source(cr, repeating)
            cairo_new_path(cr)
            path.append(to: cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            paintCurrentPath(opacity: opacity)
        }
    }
}
