import CCairo

extension Canvas {
    /// A filled circle with an optional outer ring (circle-stroke) and edge fade (circle-blur),
    /// shaded per device pixel as GL engines shade it, so edges match theirs to the pixel.
    ///
    /// As in the style spec, the stroke lies outside `radius`, and `blur` is a fraction of the
    /// total radius (radius + stroke width) over which opacity fades (smoothstep) to zero at the
    /// outer edge. Without blur the fade is one device pixel wide and lies inside the outer edge;
    /// the change from fill to stroke colour is a one-pixel ramp just inside `radius`.
    public func circle(
        center: Point2D, radius: Double, color: CanvasColor, blur: Double = 0,
        strokeWidth: Double = 0, strokeColor: CanvasColor = .init(r: 0, g: 0, b: 0, a: 0)
    ) {
        let ringWidth = strokeWidth.isFinite ? max(0, strokeWidth) : 0
        let inner = radius.isFinite ? max(0, radius) : 0
        let outer = inner + ringWidth
        guard center.isFinite, outer > 0, outer <= Canvas.maximumSize else { return }
        let blur = blur.isFinite ? max(0, blur) : 0

        let cx = center.x * pixelRatio, cy = center.y * pixelRatio
        let outerDevice = outer * pixelRatio
        // The fade, as a fraction of the outer radius: at least one device pixel.
        let fade = max(blur, 1 / outerDevice)
        let x0 = max(0, Int((cx - outerDevice).rounded(.down))), x1 = min(deviceWidth, Int((cx + outerDevice).rounded(.up)))
        let y0 = max(0, Int((cy - outerDevice).rounded(.down))), y1 = min(deviceHeight, Int((cy + outerDevice).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        let box = (x: x0, y: y0, width: x1 - x0, height: y1 - y0)

        let fill = PremultipliedColor(color, opacity: 1)
        let ring = PremultipliedColor(ringWidth >= 0.01 ? strokeColor : color, opacity: 1)
        let ringStart = inner / outer
        let stride = box.width * 4
        let pixels = scratch.reserve(stride * box.height)
        for row in 0..<box.height {
            let out = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
            let dy = (Double(box.y + row) + 0.5 - cy) / outerDevice
            for column in 0..<box.width {
                let dx = (Double(box.x + column) + 0.5 - cx) / outerDevice
                let d = (dx * dx + dy * dy).squareRoot()
                guard d < 1 else { out[column] = 0; continue }
                let coverage = SDFShading.smoothstep(0, fade, 1 - d)
                let toRing = ringWidth >= 0.01 ? SDFShading.smoothstep(-fade, 0, d - ringStart) : 0
                let a = coverage * (fill.a + (ring.a - fill.a) * toRing)
                guard a > 0.5 else { out[column] = 0; continue }
                let r = coverage * (fill.r + (ring.r - fill.r) * toRing)
                let g = coverage * (fill.g + (ring.g - fill.g) * toRing)
                let b = coverage * (fill.b + (ring.b - fill.b) * toRing)
                out[column] = ARGB32Pixels.pack(
                    r: UInt32(min(a, r) + 0.5), g: UInt32(min(a, g) + 0.5), b: UInt32(min(a, b) + 0.5), a: UInt32(a + 0.5))
            }
        }
        composite(pixels, box: box, stride: stride)
    }

    /// Draws device pixels from the scratch buffer at `box` (device coordinates) over the canvas,
    /// through the current clip and group.
    func composite(_ pixels: UnsafeMutableRawPointer, box: (x: Int, y: Int, width: Int, height: Int), stride: Int) {
        let tile = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(box.width), Int32(box.height), Int32(stride))!
        defer { cairo_surface_destroy(tile) }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, tile, Double(box.x), Double(box.y))
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(box.x), Double(box.y), Double(box.width), Double(box.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
