import CCairo

/// One stretch of a patterned line: the screen polygon it owns (its segment's share of the line,
/// bounded by the bisectors at both ends, so neighbours meet without gap or overlap) and the map
/// from screen to GL's padded pattern texels along that segment (`RepeatingPatternSampler.samplePadded`).
public struct PatternStrokePiece: Sendable {
    public var polygon: [Point2D]
    public var patternFromScreen: Homography

    public init(polygon: [Point2D], patternFromScreen: Homography) {
        self.polygon = polygon
        self.patternFromScreen = patternFromScreen
    }
}

extension Canvas {
    /// Draws a patterned line (line-pattern): each piece's polygon is filled with the pattern as
    /// its map places it, hard-edged, into one layer; `outline` (the line's shape, nonzero) then
    /// cuts the line's antialiased edge out of that layer, which is drawn at `opacity`.
    public func fill(
        _ outline: CanvasPath, pieces: [PatternStrokePiece], pattern: CanvasImage,
        source: (x: Int, y: Int, width: Int, height: Int), opacity: Double
    ) {
        guard opacity > 0, !pieces.isEmpty, !outline.isEmpty, pattern.clampedRect(source) != nil else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_push_group(cr)
        for piece in pieces where piece.polygon.count >= 3 {
            var path = CanvasPath()
            path.addRing(piece.polygon, closed: true)
            fill(path, pattern: pattern, source: source, patternFromScreen: piece.patternFromScreen, opacity: 1, antialias: false, padded: true)
        }
        cairo_pop_group_to_source(cr)
        cairo_new_path(cr)
        outline.append(to: cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        paintCurrentPath(opacity: min(1, opacity))
    }
}
