import CCairo
import MapWireNumerics

extension Canvas {
    /// A blurred stroke (line-blur): opacity falls linearly from full at `width/2 - blur` from the
    /// centre line to zero at `width/2`, as in the style spec, so the line does not get wider.
    ///
    /// Built as an alpha mask: `steps` strokes of shrinking width are added together, so a point
    /// at distance d is covered by the share of strokes wider than 2d. One step per device pixel
    /// of blur makes the ramp smooth; cairo's anti-aliasing blends between the steps.
    public func stroke(_ path: CanvasPath, color: CanvasColor, style: StrokeStyle, blur: Double) {
        guard blur > 0, blur.isFinite else {
            stroke(path, color: color, style: style)
            return
        }
        guard !path.isEmpty, color.a > 0, style.width > 0, style.width <= Canvas.maximumSize else { return }
        let fade = min(blur, style.width / 2)
        let steps = min(16, max(2, Int(saturating: (fade * pixelRatio).rounded(.up))))
        // Rounded up to a whole 8-bit level so the steps sum to fully opaque in the A8 mask.
        let stepAlpha = (255 / Double(steps)).rounded(.up) / 255

        cairo_save(cr)
        cairo_new_path(cr)
        path.append(to: cr)
        apply(style)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_stroke_extents(cr, &x1, &y1, &x2, &y2)
        guard x2 > x1, y2 > y1 else {
            cairo_restore(cr)
            return
        }
        // The group surface is as large as the clip: limit it to the stroke.
        cairo_new_path(cr)
        cairo_rectangle(cr, x1, y1, x2 - x1, y2 - y1)
        cairo_clip(cr)

        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
        cairo_set_source_rgba(cr, 0, 0, 0, stepAlpha)
        for step in 0..<steps {
            let width = style.width - 2 * fade * (Double(step) + 0.5) / Double(steps)
            guard width > 0 else { break }
            cairo_new_path(cr)
            path.append(to: cr)
            cairo_set_line_width(cr, width)
            cairo_stroke(cr)
        }
        let mask = cairo_pop_group(cr)
        setSource(color)
        cairo_mask(cr, mask)
        cairo_pattern_destroy(mask)
        cairo_restore(cr)
    }
}
