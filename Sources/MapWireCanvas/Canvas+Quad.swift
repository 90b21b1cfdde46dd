import CCairo

extension Canvas {
    /// Draws an image warped to an arbitrary quadrilateral (for raster tiles under bearing, and
    /// image sources): corners in order top-left, top-right, bottom-right, bottom-left.
    ///
    /// A parallelogram is one affine map. Any other quad is split along the top-right/bottom-left
    /// diagonal into two affine triangles, as GL engines split a raster quad (vertices TL, TR, BL,
    /// BR drawn as two triangles), so each image pixel is sampled where theirs is; the triangles
    /// are blended across the diagonal inside a layer (no hairline seam). The quad's outer edge is
    /// hard, as a GL triangle's: a pixel belongs to the quad when its centre lies inside, so tiles
    /// that share an edge cover every pixel along it exactly once (no seam of half-covered pixels).
    public func draw(_ image: CanvasImage, toQuad corners: [Point2D], opacity: Double, smooth: Bool) {
        guard opacity > 0, corners.count == 4, corners.allSatisfy(\.isFinite),
              let src = image.clampedRect(nil)
        else { return }
        let (tl, tr, br, bl) = (corners[0], corners[1], corners[2], corners[3])
        let w = Double(src.width), h = Double(src.height)
        // Image → canvas for the triangle (TL, TR, BL) and for (TR, BR, BL).
        let upper = AffineMap(
            xx: (tr.x - tl.x) / w, yx: (tr.y - tl.y) / w, xy: (bl.x - tl.x) / h, yy: (bl.y - tl.y) / h,
            x0: tl.x, y0: tl.y)
        let lower = AffineMap(
            xx: (br.x - bl.x) / w, yx: (br.y - bl.y) / w, xy: (br.x - tr.x) / h, yy: (br.y - tr.y) / h,
            x0: tr.x + bl.x - br.x, y0: tr.y + bl.y - br.y)
        let span = corners.map { abs($0.x) + abs($0.y) }.max()! + 1
        let isParallelogram = abs(tl.x + br.x - tr.x - bl.x) < 1e-9 * span
            && abs(tl.y + br.y - tr.y - bl.y) < 1e-9 * span

        image.withSurface(src) { surface in
            cairo_save(cr)
            defer { cairo_restore(cr) }
            if isParallelogram {
                guard let pattern = warpedPattern(surface, upper, smooth: smooth) else { return }
                defer { cairo_pattern_destroy(pattern) }
                cairo_set_source(cr, pattern)
            } else {
                guard let upperPattern = warpedPattern(surface, upper, smooth: smooth),
                      let lowerPattern = warpedPattern(surface, lower, smooth: smooth)
                else { return }
                defer {
                    cairo_pattern_destroy(upperPattern)
                    cairo_pattern_destroy(lowerPattern)
                }
                // Layer bounded by the quad's box (the group is as large as the clip).
                let xs = corners.map(\.x), ys = corners.map(\.y)
                cairo_new_path(cr)
                cairo_rectangle(
                    cr, xs.min()! - 1, ys.min()! - 1, xs.max()! - xs.min()! + 2, ys.max()! - ys.min()! + 2)
                cairo_clip(cr)
                cairo_push_group(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source(cr, lowerPattern)
                cairo_paint(cr)
                cairo_set_source(cr, upperPattern)
                cairo_new_path(cr)
                appendHalfPlane(from: tr, to: bl, toward: tl)
                cairo_fill(cr)
                cairo_pop_group_to_source(cr)
            }
            cairo_new_path(cr)
            cairo_move_to(cr, tl.x, tl.y)
            cairo_line_to(cr, tr.x, tr.y)
            cairo_line_to(cr, br.x, br.y)
            cairo_line_to(cr, bl.x, bl.y)
            cairo_close_path(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
            paintCurrentPath(opacity: opacity)
        }
    }

    /// A surface pattern placed by `map` (image → canvas), or nil when the map is degenerate.
    private func warpedPattern(_ surface: OpaquePointer, _ map: AffineMap, smooth: Bool) -> OpaquePointer? {
        // Cairo wants the inverse direction: user space → pattern space.
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, map.xx, map.yx, map.xy, map.yy, map.x0, map.y0)
        guard abs(map.xx * map.yy - map.xy * map.yx) > 1e-12,
              cairo_matrix_invert(&matrix) == CAIRO_STATUS_SUCCESS
        else { return nil }
        let pattern = cairo_pattern_create_for_surface(surface)!
        cairo_pattern_set_matrix(pattern, &matrix)
        configure(pattern, smooth: smooth, extend: CAIRO_EXTEND_PAD)
        return pattern
    }

    /// A large polygon covering everything on `side`'s side of the line through `a` and `b`.
    private func appendHalfPlane(from a: Point2D, to b: Point2D, toward side: Point2D) {
        let (tl, tr, br) = (a, side, b)
        let dx = br.x - tl.x, dy = br.y - tl.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let ux = dx / length, uy = dy / length
        // Normal pointing towards TR.
        var nx = -uy, ny = ux
        if (tr.x - tl.x) * nx + (tr.y - tl.y) * ny < 0 {
            nx = -nx
            ny = -ny
        }
        let far = 4 * (length + abs(tr.x - tl.x) + abs(tr.y - tl.y) + 1)
        let a = Point2D(x: tl.x - ux * far, y: tl.y - uy * far)
        let b = Point2D(x: br.x + ux * far, y: br.y + uy * far)
        cairo_move_to(cr, a.x, a.y)
        cairo_line_to(cr, b.x, b.y)
        cairo_line_to(cr, b.x + nx * far, b.y + ny * far)
        cairo_line_to(cr, a.x + nx * far, a.y + ny * far)
        cairo_close_path(cr)
    }
}

/// x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0 (cairo's matrix convention).
struct AffineMap {
    var xx, yx, xy, yy, x0, y0: Double
}
