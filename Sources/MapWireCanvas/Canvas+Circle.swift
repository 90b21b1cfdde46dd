import CCairo

extension Canvas {
    /// A filled circle with an optional outer ring (circle-stroke) and edge fade (circle-blur).
    ///
    /// As in the style spec, the stroke lies outside `radius`, and `blur` is a fraction of the
    /// total radius (radius + stroke width) over which opacity fades (smoothstep) to zero at the
    /// outer edge.
    public func circle(
        center: Point2D, radius: Double, color: CanvasColor, blur: Double = 0,
        strokeWidth: Double = 0, strokeColor: CanvasColor = .init(r: 0, g: 0, b: 0, a: 0)
    ) {
        let ringWidth = strokeWidth.isFinite ? max(0, strokeWidth) : 0
        let outer = max(0, radius) + ringWidth
        guard center.isFinite, outer > 0, outer <= Canvas.maximumSize else { return }
        let blur = blur.isFinite ? max(0, blur) : 0

        cairo_save(cr)
        cairo_new_path(cr)
        cairo_arc(cr, center.x, center.y, outer, 0, 2 * Double.pi)
        if ringWidth == 0 && blur == 0 {
            setSource(color)
            cairo_fill(cr)
            cairo_restore(cr)
            return
        }
        // Everything below is bounded by the outer disc (this also keeps the group small).
        cairo_clip(cr)
        if ringWidth > 0 {
            cairo_push_group(cr)
            setSource(strokeColor)
            cairo_paint(cr)
            if radius > 0 {
                // SOURCE replaces the ring colour inside the disc, blending only across the
                // anti-aliased edge, so a translucent fill does not show the ring through it.
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_new_path(cr)
                cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
                setSource(color)
                cairo_fill(cr)
            }
            cairo_pop_group_to_source(cr)
        } else {
            setSource(color)
        }
        if blur > 0 {
            let fade = blurFade(center: center, outer: outer, blur: blur)
            cairo_mask(cr, fade)
            cairo_pattern_destroy(fade)
        } else {
            cairo_paint(cr)
        }
        cairo_restore(cr)
    }

    /// A radial alpha ramp: 1 inside `(1 - blur) * outer`, smoothstep down to 0 at `outer`.
    private func blurFade(center: Point2D, outer: Double, blur: Double) -> OpaquePointer {
        let pattern = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, outer)!
        let start = max(0, 1 - blur)
        if start > 0 {
            cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, 1)
        }
        // Linear interpolation between 12 samples is visually indistinguishable from smoothstep.
        let samples = 12
        for i in 0...samples {
            let offset = start + (1 - start) * Double(i) / Double(samples)
            let t = min(1, max(0, (1 - offset) / blur))
            cairo_pattern_add_color_stop_rgba(pattern, offset, 0, 0, 0, t * t * (3 - 2 * t))
        }
        return pattern
    }
}
