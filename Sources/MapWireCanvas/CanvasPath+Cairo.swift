import CCairo

extension CanvasPath {
    /// Replays the path into cairo's current path (which the caller has cleared).
    /// Non-finite points are skipped: cairo converts coordinates to fixed point and NaN would
    /// turn into arbitrary geometry.
    func append(to cr: OpaquePointer) {
        for element in elements {
            switch element {
            case .move(let p) where p.isFinite:
                cairo_move_to(cr, p.x, p.y)
            case .line(let p) where p.isFinite:
                cairo_line_to(cr, p.x, p.y)
            case .close:
                cairo_close_path(cr)
            case .circle(let c, let r) where c.isFinite && r.isFinite:
                cairo_new_sub_path(cr)
                cairo_arc(cr, c.x, c.y, r, 0, 2 * Double.pi)
                cairo_close_path(cr)
            default:
                continue
            }
        }
    }
}
