import CCairo

/// Colours a layer works out pixel by pixel (a heatmap's colour ramp, a hillshade's shading) at the
/// canvas's device size, premultiplied, ready to be composited over what is drawn: what GL engines do
/// in a fragment shader, one screen pixel at a time.
public struct PixelLayer {
    /// Device pixels.
    public let width: Int
    public let height: Int
    /// Premultiplied ARGB32, as cairo stores it; transparent until set.
    var pixels: [UInt32]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: 0, count: width * height)
    }

    /// Sets the pixel at device (x, y) to a premultiplied colour (components 0...1, clamped).
    @inline(__always)
    public mutating func set(_ x: Int, _ y: Int, r: Double, g: Double, b: Double, a: Double) {
        @inline(__always) func byte(_ v: Double) -> UInt32 { v > 0 ? (v < 1 ? UInt32(v * 255 + 0.5) : 255) : 0 }
        let alpha = byte(a)
        // Premultiplied: no channel above alpha, whatever rounding gave.
        pixels[y * width + x] = ARGB32Pixels.pack(r: min(byte(r), alpha), g: min(byte(g), alpha), b: min(byte(b), alpha), a: alpha)
    }
}

extension Canvas {
    /// The surface's size in device pixels.
    public var devicePixelSize: (width: Int, height: Int) { (deviceWidth, deviceHeight) }

    /// A transparent layer of the canvas's device size.
    public func makePixelLayer() -> PixelLayer { PixelLayer(width: deviceWidth, height: deviceHeight) }

    /// Composites `layer` over the canvas, pixel on device pixel, inside the current clip.
    public func composite(_ layer: PixelLayer) {
        guard layer.width == deviceWidth, layer.height == deviceHeight else { return }
        layer.pixels.withUnsafeBytes { buffer in
            // Cairo only reads a surface used as a source, so the layer's own memory serves (no copy).
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutablePointer(mutating: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)), CAIRO_FORMAT_ARGB32,
                Int32(layer.width), Int32(layer.height), Int32(layer.width * 4))!
            defer { cairo_surface_destroy(surface) }
            cairo_save(cr)
            // Device pixels: undo the pixel-ratio scale.
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }

    /// How much of each device pixel `body` covers: the alpha (0...255) of what it draws on a
    /// transparent layer, row-major. The canvas itself is left as it was.
    public func coverage(of body: () -> Void) -> [UInt8] {
        cairo_push_group_with_content(cr, CAIRO_CONTENT_COLOR_ALPHA)
        body()
        let group = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(group) }
        var alpha = [UInt8](repeating: 0, count: deviceWidth * deviceHeight)
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return alpha }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return alpha }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        // A group is only as large as the clip: its device offset places it on the canvas.
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        let left = -Int(offsetX.rounded()), top = -Int(offsetY.rounded())
        for y in max(0, -top)..<max(0, min(height, deviceHeight - top)) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            let target = (y + top) * deviceWidth + left
            for x in max(0, -left)..<max(0, min(width, deviceWidth - left)) {
                alpha[target + x] = UInt8(truncatingIfNeeded: row[x] >> 24)
            }
        }
        return alpha
    }
}
