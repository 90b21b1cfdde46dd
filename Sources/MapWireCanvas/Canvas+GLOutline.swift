import CCairo

extension Canvas {
    /// Strokes every edge of the closed `rings` (logical px) as GL engines draw a fill's antialiasing
    /// outline: one-device-pixel lines whose pixels fade with their distance from the edge
    /// (`GLLineFragments`), drawn through the current clip. `inverseW` gives a point's 1/w (how much
    /// perspective shrinks the ground there; 1 when flat).
    public func strokeGLOutline(_ rings: [[Point2D]], color: CanvasColor, inverseW: (Point2D) -> Double = { _ in 1 }) {
        guard color.a > 0 else { return }
        // Pixels grouped by coverage (1/255 steps), so each group is one cairo fill.
        var levels: [Int: [GLLineFragments.Fragment]] = [:]
        for ring in rings where ring.count >= 2 {
            for i in 0..<ring.count {
                let a = ring[i], b = ring[(i + 1) % ring.count]
                guard a != b, a.isFinite, b.isFinite else { continue }
                let from = Point2D(x: a.x * pixelRatio, y: a.y * pixelRatio), to = Point2D(x: b.x * pixelRatio, y: b.y * pixelRatio)
                for fragment in GLLineFragments.fragments(from, to, qa: inverseW(a), qb: inverseW(b),
                                                          width: deviceWidth, height: deviceHeight) {
                    let level = Int((fragment.alpha * 255).rounded())
                    if level > 0 { levels[level, default: []].append(fragment) }
                }
            }
        }
        guard !levels.isEmpty else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        for (level, fragments) in levels {
            cairo_new_path(cr)
            for f in fragments { cairo_rectangle(cr, Double(f.x), Double(f.y), 1, 1) }
            setSource(color.withOpacity(Double(level) / 255))
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }
}
