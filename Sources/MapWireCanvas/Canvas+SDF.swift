import CCairo

extension Canvas {
    /// Signed-distance-field glyph or icon: `sdf` is `width`×`height` bytes (192 = edge at 24 px
    /// glyph size, values fall ~32 per px outward; 3 px border included). Draws the shape at
    /// `scale` (font size / 24) with the bitmap's top-left at `origin` (logical px), rotated by
    /// `rotation` radians about `pivot`, filled with `color` where the field passes 192/255, and
    /// under it a halo of `haloColor`, `haloWidth` px wide and blurred over `haloBlur` px. `plane`
    /// squeezes the shape after the rotation (a glyph lying on the pitched map); `edgeScale` scales the
    /// size its edge ramps are computed for (GL: cos pitch × perspective for such glyphs).
    ///
    /// Coverage is computed for each covered device pixel directly (bilinear sample of the field,
    /// then the spec's smoothstep), into a reused scratch buffer that cairo then composites, so
    /// the clip and opacity groups still apply.
    public func drawSDF(
        _ sdf: [UInt8], width: Int, height: Int, origin: Point2D, scale: Double, rotation: Double,
        pivot: Point2D, color: CanvasColor, opacity: Double, haloColor: CanvasColor, haloWidth: Double,
        haloBlur: Double, parts: SDFPart = .haloAndFill, plane: PlaneMap = .identity, edgeScale: Double = 1
    ) {
        guard width > 0, height > 0, sdf.count >= width * height, scale > 0, opacity > 0,
              [scale, rotation, opacity, haloWidth, haloBlur].allSatisfy(\.isFinite),
              origin.isFinite, pivot.isFinite, plane.isFinite
        else { return }
        let drawFill = parts != .haloOnly && color.a > 0
        let drawHalo = parts != .fillOnly && haloColor.a > 0 && haloWidth > 0
        guard drawFill || drawHalo else { return }

        guard let placement = SDFPlacement(
            origin: origin, scale: scale, rotation: rotation, pivot: pivot, pixelRatio: pixelRatio, plane: plane),
            let box = placement.deviceBounds(width: width, height: height, clampWidth: deviceWidth, clampHeight: deviceHeight)
        else { return }

        let shading = SDFShading(scale: scale * (edgeScale > 0 && edgeScale.isFinite ? edgeScale : 1), pixelRatio: pixelRatio,
                                 haloWidth: haloWidth, haloBlur: haloBlur)
        let fill = PremultipliedColor(drawFill ? color : .transparent, opacity: opacity)
        let halo = PremultipliedColor(drawHalo ? haloColor : .transparent, opacity: opacity)
        let stride = box.width * 4
        let pixels = scratch.reserve(stride * box.height)

        sdf.withUnsafeBufferPointer { field in
            let sampler = BilinearSampler(field: field, width: width, height: height)
            for row in 0..<box.height {
                let out = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                // Field coordinates of this row's first pixel centre; linear in the pixel index.
                var (u, v) = placement.fieldPoint(deviceX: Double(box.x) + 0.5, deviceY: Double(box.y + row) + 0.5)
                for column in 0..<box.width {
                    // Like GL's quads, the bitmap covers only the pixels whose centres fall on it.
                    guard u >= -0.5, v >= -0.5, u < Double(width) - 0.5, v < Double(height) - 0.5 else {
                        out[column] = 0
                        u += placement.stepX.u
                        v += placement.stepX.v
                        continue
                    }
                    let distance = sampler.sample(u, v)
                    let fillAlpha = drawFill ? SDFShading.smoothstep(shading.fillLow, shading.fillHigh, distance) : 0
                    let haloAlpha = drawHalo ? SDFShading.smoothstep(shading.haloLow, shading.haloHigh, distance) : 0
                    out[column] = PremultipliedColor.fillOverHalo(fill, fillAlpha, halo, haloAlpha)
                    u += placement.stepX.u
                    v += placement.stepX.v
                }
            }
        }

        // The scratch pixels are device pixels, placed with device-space units.
        composite(pixels, box: box, stride: stride)
    }
}
