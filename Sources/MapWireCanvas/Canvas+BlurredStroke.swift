import CCairo
import MapWireNumerics

extension Canvas {
    /// A blurred stroke (line-blur) as GL's line shader draws it: the opacity at distance d from
    /// the centre line is clamp((w/2 + ½px − d) / (blur + 1px), 0, 1). The line does not get wider;
    /// its edge fades over blur + 1 px, and when the blur is wider than the half-width the line never
    /// reaches full opacity (a 2 px line blurred by 5 px peaks at 1.5/6).
    ///
    /// Built as an alpha mask of strokes added together: a stroke of half-width r covers distances
    /// below r with its own 1 px antialiased edge, so equal strokes whose half-widths are spread
    /// evenly over w/2 − blur … w/2 sum to that ramp. When the blur is wider than the half-width
    /// they spread over 0 … w/2 and share the opacity GL gives the centre.
    public func stroke(_ path: CanvasPath, color: CanvasColor, style: StrokeStyle, blur: Double) {
        guard blur > 0, blur.isFinite else {
            stroke(path, color: color, style: style)
            return
        }
        guard !path.isEmpty, color.a > 0, style.width > 0, style.width <= Canvas.maximumSize else { return }
        let ramp = BlurredStrokeRamp(halfWidth: style.width / 2, blur: blur, pixelRatio: pixelRatio)

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
        cairo_set_source_rgba(cr, 0, 0, 0, ramp.stepAlpha)
        for halfWidth in ramp.halfWidths {
            cairo_new_path(cr)
            path.append(to: cr)
            cairo_set_line_width(cr, 2 * halfWidth)
            cairo_stroke(cr)
        }
        let mask = cairo_pop_group(cr)
        setSource(color)
        cairo_mask(cr, mask)
        cairo_pattern_destroy(mask)
        cairo_restore(cr)
    }
}

/// The strokes that add up to GL's blurred line edge (see `Canvas.stroke(_:color:style:blur:)`).
/// Pure: numbers in, half-widths and their common weight out.
struct BlurredStrokeRamp {
    /// Half-widths in logical px, widest first.
    let halfWidths: [Double]
    /// The alpha each stroke adds.
    let stepAlpha: Double

    /// At most this many strokes: a ramp wider than that many device px is drawn in coarser steps.
    static let maximumSteps = 16

    init(halfWidth: Double, blur: Double, pixelRatio: Double) {
        // The part of the ramp inside the line: half-widths from max(0, w/2 − blur) to w/2.
        let low = max(0, halfWidth - blur)
        let spread = halfWidth - low
        let steps = min(Self.maximumSteps, max(1, Int(saturating: (spread * pixelRatio).rounded(.up))))
        let step = spread / Double(steps)
        halfWidths = (0..<steps).map { halfWidth - step * (Double($0) + 0.5) }
        if low > 0 {
            // The whole ramp lies inside the line: the steps reach full opacity at its centre, each
            // rounded up to a whole 8-bit level so that they do in the A8 mask.
            stepAlpha = (255 / Double(steps)).rounded(.up) / 255
        } else {
            // The centre gets GL's (w/2 + ½px) / (blur + 1px), shared by the steps.
            let device = 1 / pixelRatio
            let centre = min(1, (halfWidth + device / 2) / (blur + device))
            stepAlpha = max(1, (centre / Double(steps) * 255).rounded()) / 255
        }
    }
}
