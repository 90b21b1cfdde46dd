import CCairo

extension Canvas {
    /// Fills `path` with `source` of `pattern` repeated over a plane seen in perspective (a pattern
    /// on the pitched map, on a roof or a wall): `patternFromScreen` maps a logical point to the
    /// pattern's pixels. An affine map is cairo's own repeating pattern; a perspective one is
    /// sampled at each device pixel's centre (bilinear, repeating, as GL samples its atlas).
    /// `padded`: GL's line-pattern sampling (`RepeatingPatternSampler.samplePadded`), always per pixel.
    /// `spritePixelRatio`: the sprite's own, when the pattern is read as GL reads its atlas, where the
    /// image was copied at the canvas's pixel ratio (`CanvasImage.resampled`); `map` gives the sprite's px.
    public func fill(
        _ path: CanvasPath, pattern: CanvasImage, source: (x: Int, y: Int, width: Int, height: Int),
        patternFromScreen map: Homography, opacity: Double, antialias: Bool = true, padded: Bool = false,
        spritePixelRatio: Double? = nil
    ) {
        if let spritePixelRatio, spritePixelRatio > 0, spritePixelRatio != pixelRatio, !padded,
           let copy = resampledPattern(pattern, source, scale: pixelRatio / spritePixelRatio) {
            let s = pixelRatio / spritePixelRatio
            let scaled = Homography.affine(xx: s, xy: 0, x0: 0, yx: 0, yy: s, y0: 0).after(map)
            fill(path, pattern: copy, source: (0, 0, copy.width, copy.height), patternFromScreen: scaled, opacity: opacity,
                 antialias: antialias)
            return
        }
        guard !path.isEmpty, opacity > 0, map.m.allSatisfy(\.isFinite), let src = pattern.clampedRect(source) else { return }
        cairo_save(cr)
        defer {
            cairo_restore(cr)
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        }
        cairo_set_antialias(cr, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        if map.isAffine && !padded {
            let m = map.m, w = m[8]
            var matrix = cairo_matrix_t()
            cairo_matrix_init(&matrix, m[0] / w, m[3] / w, m[1] / w, m[4] / w, m[2] / w, m[5] / w)
            fillRepeating(path, pattern: pattern, source: src, patternFromUser: matrix, opacity: opacity)
            return
        }
        cairo_new_path(cr)
        path.append(to: cr)
        guard let box = deviceBox() else { return }
        // Where the path covers (cairo's own coverage, as the final fill will have it): only those
        // pixels are sampled.
        let coverage = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(box.width), Int32(box.height))!
        defer { cairo_surface_destroy(coverage) }
        let coverageContext = cairo_create(coverage)!
        var pathMatrix = cairo_matrix_t()
        cairo_get_matrix(cr, &pathMatrix)
        cairo_translate(coverageContext, -Double(box.x), -Double(box.y))
        cairo_transform(coverageContext, &pathMatrix)
        cairo_set_antialias(coverageContext, cairo_get_antialias(cr))
        cairo_set_fill_rule(coverageContext, CAIRO_FILL_RULE_WINDING)
        path.append(to: coverageContext)
        cairo_fill(coverageContext)
        cairo_destroy(coverageContext)
        cairo_surface_flush(coverage)
        let covered = UnsafePointer<UInt8>(cairo_image_surface_get_data(coverage)!)
        let coverageStride = Int(cairo_image_surface_get_stride(coverage))
        let sampler = RepeatingPatternSampler(pattern, rect: src)
        let stride = box.width * 4
        let pixels = scratch.reserve(stride * box.height)
        // The map from device pixels: logical = device / ratio.
        let m = map.m, inverseRatio = 1 / pixelRatio
        // A plane seen from a camera that does not roll (the ground, a roof) is at one depth along
        // each screen row: the row is then an affine span, stepped without a division per pixel.
        let rowAffine = !padded && abs(m[6]) * 1e9 <= abs(m[7]) + abs(m[8])
        let width = Double(sampler.width), height = Double(sampler.height)
        for row in 0..<box.height {
            let y = (Double(box.y + row) + 0.5) * inverseRatio
            let out = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            let inside = covered + row * coverageStride
            var x = (Double(box.x) + 0.5) * inverseRatio
            if rowAffine {
                let w = m[7] * y + m[8]
                guard w > 0 else {
                    for column in 0..<box.width { out[column] = 0 }
                    continue
                }
                var u = PatternWrap.into((m[0] * x + m[1] * y + m[2]) / w, width), v = PatternWrap.into((m[3] * x + m[4] * y + m[5]) / w, height)
                let du = m[0] * inverseRatio / w, dv = m[3] * inverseRatio / w
                let small = abs(du) < width && abs(dv) < height
                for column in 0..<box.width {
                    if inside[column] == 0 {
                        out[column] = 0
                    } else {
                        let s = sampler.sampleWrapped(u, v)
                        out[column] = ARGB32Pixels.pack(r: UInt32(min(s.a, s.r) + 0.5), g: UInt32(min(s.a, s.g) + 0.5),
                                                        b: UInt32(min(s.a, s.b) + 0.5), a: UInt32(s.a + 0.5))
                    }
                    u += du
                    v += dv
                    if small {
                        if u >= width { u -= width } else if u < 0 { u += width }
                        if v >= height { v -= height } else if v < 0 { v += height }
                    } else {
                        u = PatternWrap.into(u, width)
                        v = PatternWrap.into(v, height)
                    }
                }
                continue
            }
            for column in 0..<box.width {
                let w = m[6] * x + m[7] * y + m[8]
                if w > 0, inside[column] != 0 {
                    let u = (m[0] * x + m[1] * y + m[2]) / w, v = (m[3] * x + m[4] * y + m[5]) / w
                    let s = padded ? sampler.samplePadded(u, v) : sampler.sample(u, v)
                    out[column] = ARGB32Pixels.pack(r: UInt32(min(s.a, s.r) + 0.5), g: UInt32(min(s.a, s.g) + 0.5),
                                                    b: UInt32(min(s.a, s.b) + 0.5), a: UInt32(s.a + 0.5))
                } else {
                    out[column] = 0
                }
                x += inverseRatio
            }
        }
        let layer = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(box.width), Int32(box.height), Int32(stride))!
        defer { cairo_surface_destroy(layer) }
        var saved = cairo_matrix_t()
        cairo_get_matrix(cr, &saved)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, layer, Double(box.x), Double(box.y))
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_set_matrix(cr, &saved)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        paintCurrentPath(opacity: opacity)
    }

    /// The device pixels the current path's fill can touch inside the clip, or nil when none.
    private func deviceBox() -> (x: Int, y: Int, width: Int, height: Int)? {
        var fx1 = 0.0, fy1 = 0.0, fx2 = 0.0, fy2 = 0.0
        var cx1 = 0.0, cy1 = 0.0, cx2 = 0.0, cy2 = 0.0
        cairo_fill_extents(cr, &fx1, &fy1, &fx2, &fy2)
        cairo_clip_extents(cr, &cx1, &cy1, &cx2, &cy2)
        var ax = max(fx1, cx1), ay = max(fy1, cy1), bx = min(fx2, cx2), by = min(fy2, cy2)
        guard ax < bx, ay < by else { return nil }
        cairo_user_to_device(cr, &ax, &ay)
        cairo_user_to_device(cr, &bx, &by)
        let x0 = max(0, Int(min(ax, bx).rounded(.down))), y0 = max(0, Int(min(ay, by).rounded(.down)))
        let x1 = min(deviceWidth, Int(max(ax, bx).rounded(.up))), y1 = min(deviceHeight, Int(max(ay, by).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// `pattern.resampled(source, scale:)`, kept for later calls (the last few dozen).
    private func resampledPattern(_ pattern: CanvasImage, _ source: (x: Int, y: Int, width: Int, height: Int), scale: Double) -> CanvasImage? {
        let key = ResampledPatternKey(image: ObjectIdentifier(pattern), x: source.x, y: source.y, width: source.width,
                                      height: source.height, scale: scale)
        if let known = resampledPatterns[key] { return known.copy }
        guard let copy = pattern.resampled(source, scale: scale) else { return nil }
        if resampledPatterns.count >= 32 { resampledPatterns = [:] }
        resampledPatterns[key] = (pattern, copy)
        return copy
    }
}

/// A sprite image's rect at a scale (the cache holds the image, so its identity is not reused meanwhile).
struct ResampledPatternKey: Hashable {
    let image: ObjectIdentifier
    let x: Int, y: Int, width: Int, height: Int
    let scale: Double
}
