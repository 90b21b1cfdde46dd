import CCairo
import MapWireNumerics

extension Canvas {
    /// A blurred stroke (line-blur) as GL's line shader draws it: the opacity at distance d from
    /// the centre line is clamp((w/2 + ½px − d) / (blur + 1px), 0, 1). The line does not get wider;
    /// its edge fades over blur + 1 px, and when the blur is wider than the half-width the line never
    /// reaches full opacity (a 2 px line blurred by 5 px peaks at 1.5/6).
    ///
    /// Built as an alpha mask of strokes of shrinking width added together (BlurredStrokeRamp).
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
        for (halfWidth, alpha) in ramp.strokes {
            cairo_set_source_rgba(cr, 0, 0, 0, alpha)
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
/// Pure: numbers in, half-widths and their alphas out.
///
/// GL's alpha falls linearly over blur + 1 px, from w/2 − blur − ½ to w/2 + ½ from the centre line.
/// A stroke of half-width r adds its own antialiased ramp of one device px centred on r, so N + 1
/// strokes at half-widths w/2, w/2 − blur/N, …, w/2 − blur, each weighing 1/(N + 1), sum to that
/// ramp when blur/N is at most one device px. A blur wider than the half-width puts some of the
/// half-widths at or below zero: they cannot be stroked; one that would still have covered the
/// centre line (by r + ½ device px) is stood in for by a thinner stroke covering it as much.
struct BlurredStrokeRamp {
    /// Half-widths in logical px, widest first, each with the alpha it adds.
    let strokes: [(halfWidth: Double, alpha: Double)]

    /// At most this many steps: a wider blur is drawn in steps of more than a device px.
    static let maximumSteps = 16

    init(halfWidth: Double, blur: Double, pixelRatio: Double) {
        let steps = min(Self.maximumSteps, max(1, Int(saturating: (blur * pixelRatio).rounded(.up))))
        let spacing = blur / Double(steps)
        let share = 1 / Double(steps + 1)
        var kept: [(halfWidth: Double, alpha: Double)] = []
        for k in 0...steps {
            let r = halfWidth - spacing * Double(k)
            if r > 0 {
                kept.append((r, share))
            } else if r * pixelRatio > -0.5 {
                // Covers the centre line by c = r + ½ device px: a stroke half as wide as c, weighted
                // to cover it by as much, stands in for it.
                let c = r * pixelRatio + 0.5
                kept.append((c / 2 / pixelRatio, share * c / (c / 2 + 0.5)))
            }
        }
        // 8-bit levels in the A8 mask: when every step is kept they must reach full opacity on the
        // centre line, so each is rounded up (the adding saturates); otherwise to the nearest level.
        let roundUp = halfWidth - blur > 0
        strokes = kept.map { ($0.halfWidth, max(1, roundUp ? ($0.alpha * 255).rounded(.up) : ($0.alpha * 255).rounded()) / 255) }
    }
}
