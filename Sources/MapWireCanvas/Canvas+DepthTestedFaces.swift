import CCairo

/// A flat face of a 3D shape seen in perspective (a wall or a roof of an extrusion): its outline
/// on screen, how far each outline point is from the camera, and its colour, which may run from
/// one colour at `from` to another at `to` (GL's per-vertex colours).
public struct DepthTestedFace: Sendable {
    /// Outline rings in logical px; more than one for a roof with courtyards (nonzero rule).
    public var rings: [[Point2D]]
    /// Distance from the camera of each point of `rings[0]`: the face is a plane, so three of
    /// them fix its depth everywhere.
    public var depths: [Double]
    public var from: Point2D, fromColor: CanvasColor
    public var to: Point2D, toColor: CanvasColor
    /// A pattern lying on the face (fill-extrusion-pattern): each pixel is the pattern's colour
    /// times the face's colour there, which is then the light falling on it.
    public var pattern: FacePattern?

    public init(rings: [[Point2D]], depths: [Double], from: Point2D, fromColor: CanvasColor, to: Point2D, toColor: CanvasColor,
                pattern: FacePattern? = nil) {
        self.rings = rings
        self.depths = depths
        self.from = from
        self.fromColor = fromColor
        self.to = to
        self.toColor = toColor
        self.pattern = pattern
    }
}

/// A sprite pattern repeated over a face: `patternFromScreen` maps a logical point on screen to
/// the pattern's pixels (a perspective map: the face is a plane).
public struct FacePattern: Sendable {
    public var image: CanvasImage
    public var source: (x: Int, y: Int, width: Int, height: Int)
    public var patternFromScreen: Homography

    public init(image: CanvasImage, source: (x: Int, y: Int, width: Int, height: Int), patternFromScreen: Homography) {
        self.image = image
        self.source = source
        self.patternFromScreen = patternFromScreen
    }
}

extension Canvas {
    /// Draws opaque faces with a depth buffer, as GL draws extrusions: at each device pixel
    /// (sampled at its centre, no antialiasing) the face nearest the camera wins, the first drawn
    /// where two are equally near. The result is composited over the canvas at `opacity` as one layer.
    public func drawDepthTested(_ faces: [DepthTestedFace], opacity: Double) {
        guard opacity > 0, !faces.isEmpty else { return }
        let width = deviceWidth, height = deviceHeight
        let stride = width * 4
        let pixels = scratch.reserve(stride * height)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        // 1 / depth, which is affine across a plane's screen image; 0 = nothing drawn yet.
        var nearness = [Float](repeating: 0, count: width * height)
        var box = (minX: width, minY: height, maxX: -1, maxY: -1)
        let ratio = pixelRatio
        for face in faces {
            let rings = face.rings.map { $0.map { Point2D(x: $0.x * ratio, y: $0.y * ratio) } }
            guard let outer = rings.first, outer.count >= 3, face.depths.count == outer.count,
                  let plane = NearnessPlane(outer, face.depths)
            else { continue }
            let fill = gradient(face, ratio: ratio)
            let textured = face.pattern.flatMap { pattern in
                pattern.image.clampedRect(pattern.source).map { (RepeatingPatternSampler(pattern.image, rect: $0), pattern.patternFromScreen.m) }
            }
            let ys = rings.joined().map(\.y)
            guard let low = ys.min(), let high = ys.max(), low.isFinite, high.isFinite else { continue }
            let firstRow = max(0, Int((low - 0.5).rounded(.up))), lastRow = min(height - 1, Int((high - 0.5).rounded(.down)))
            guard firstRow <= lastRow else { continue }
            var crossings: [(x: Double, winding: Int)] = []
            for row in firstRow...lastRow {
                let y = Double(row) + 0.5
                crossings.removeAll(keepingCapacity: true)
                for ring in rings where ring.count >= 2 {
                    var previous = ring[ring.count - 1]
                    for point in ring {
                        if (previous.y <= y && y < point.y) || (point.y <= y && y < previous.y) {
                            let x = previous.x + (y - previous.y) * (point.x - previous.x) / (point.y - previous.y)
                            crossings.append((x, point.y > previous.y ? 1 : -1))
                        }
                        previous = point
                    }
                }
                guard crossings.count >= 2 else { continue }
                crossings.sort { $0.x < $1.x }
                let out = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                var winding = 0
                for k in 0..<(crossings.count - 1) {
                    winding += crossings[k].winding
                    guard winding != 0 else { continue }
                    let start = max(0, Int((crossings[k].x - 0.5).rounded(.up)))
                    let end = min(width, Int((crossings[k + 1].x - 0.5).rounded(.up)))
                    guard start < end else { continue }
                    for column in start..<end {
                        let x = Double(column) + 0.5
                        let near = Float(plane.value(x, y))
                        let index = row * width + column
                        // Of two copies of a face (a building in two tiles' buffers) the first drawn
                        // stays, as GL's second pass (stencilled: one fragment a pixel) keeps it for
                        // patterned and translucent extrusions; 1e-5 covers the copies' rounding.
                        guard near > nearness[index] * (1 + 1e-5) else { continue }
                        nearness[index] = near
                        if let (sampler, m) = textured {
                            let lx = x / ratio, ly = y / ratio
                            let w = m[6] * lx + m[7] * ly + m[8]
                            let texel = sampler.sample((m[0] * lx + m[1] * ly + m[2]) / w, (m[3] * lx + m[4] * ly + m[5]) / w)
                            out[column] = fill.lit(texel, x, y)
                        } else {
                            out[column] = fill.pixel(x, y)
                        }
                    }
                    box = (min(box.minX, start), min(box.minY, row), max(box.maxX, end - 1), max(box.maxY, row))
                }
            }
        }
        guard box.maxX >= box.minX, box.maxY >= box.minY else { return }
        let origin = pixels + box.minY * stride + box.minX * 4
        let layer = cairo_image_surface_create_for_data(
            origin.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(box.maxX - box.minX + 1), Int32(box.maxY - box.minY + 1), Int32(stride))!
        defer { cairo_surface_destroy(layer) }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, layer, Double(box.minX), Double(box.minY))
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(box.minX), Double(box.minY), Double(box.maxX - box.minX + 1), Double(box.maxY - box.minY + 1))
        cairo_clip(cr)
        cairo_paint_with_alpha(cr, min(1, opacity))
        cairo_restore(cr)
    }

    private func gradient(_ face: DepthTestedFace, ratio: Double) -> FaceGradient {
        FaceGradient(from: Point2D(x: face.from.x * ratio, y: face.from.y * ratio), fromColor: PremultipliedColor(face.fromColor, opacity: 1),
                     to: Point2D(x: face.to.x * ratio, y: face.to.y * ratio), toColor: PremultipliedColor(face.toColor, opacity: 1))
    }
}

/// 1 / depth over a plane's screen image: a·x + b·y + c, fitted through three of its points.
struct NearnessPlane {
    let a: Double, b: Double, c: Double

    init?(_ points: [Point2D], _ depths: [Double]) {
        // The first point, the one furthest from it, and the one spanning the largest triangle
        // with those two.
        let p0 = points[0]
        var far = (index: 0, distance: 0.0)
        for (i, p) in points.enumerated() {
            let d = (p.x - p0.x) * (p.x - p0.x) + (p.y - p0.y) * (p.y - p0.y)
            if d > far.distance { far = (i, d) }
        }
        let pf = points[far.index]
        var best = (i: far.index, j: 0, area: 0.0)
        for (j, p) in points.enumerated() {
            let area = abs((pf.x - p0.x) * (p.y - p0.y) - (p.x - p0.x) * (pf.y - p0.y))
            if area > best.area { best = (far.index, j, area) }
        }
        // Seen edge on (or too small to cover a pixel centre reliably): nothing to draw.
        guard best.area > 1e-6, depths.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        let p1 = points[best.i], p2 = points[best.j]
        let n0 = 1 / depths[0], n1 = 1 / depths[best.i], n2 = 1 / depths[best.j]
        let det = (p1.x - p0.x) * (p2.y - p0.y) - (p2.x - p0.x) * (p1.y - p0.y)
        a = ((n1 - n0) * (p2.y - p0.y) - (n2 - n0) * (p1.y - p0.y)) / det
        b = ((p1.x - p0.x) * (n2 - n0) - (p2.x - p0.x) * (n1 - n0)) / det
        c = n0 - a * p0.x - b * p0.y
    }

    @inline(__always)
    func value(_ x: Double, _ y: Double) -> Double { a * x + b * y + c }
}

/// A face's colour at a device pixel: `fromColor` at `from` to `toColor` at `to`, held beyond.
struct FaceGradient {
    let from: Point2D, fromColor: PremultipliedColor
    let to: Point2D, toColor: PremultipliedColor
    let dx: Double, dy: Double, lengthSquared: Double
    let constant: UInt32?

    init(from: Point2D, fromColor: PremultipliedColor, to: Point2D, toColor: PremultipliedColor) {
        self.from = from
        self.fromColor = fromColor
        self.to = to
        self.toColor = toColor
        dx = to.x - from.x
        dy = to.y - from.y
        lengthSquared = dx * dx + dy * dy
        let same = fromColor.r == toColor.r && fromColor.g == toColor.g && fromColor.b == toColor.b && fromColor.a == toColor.a
        constant = same || lengthSquared == 0 ? Self.pack(fromColor, toColor, 0) : nil
    }

    @inline(__always)
    func pixel(_ x: Double, _ y: Double) -> UInt32 {
        if let constant { return constant }
        let t = min(1, max(0, ((x - from.x) * dx + (y - from.y) * dy) / lengthSquared))
        return Self.pack(fromColor, toColor, t)
    }

    /// A premultiplied texel lit by this gradient's colour at (x, y), each channel 0...1 of light.
    @inline(__always)
    func lit(_ texel: (a: Double, r: Double, g: Double, b: Double), _ x: Double, _ y: Double) -> UInt32 {
        let t = lengthSquared == 0 ? 0 : min(1, max(0, ((x - from.x) * dx + (y - from.y) * dy) / lengthSquared))
        let r = (fromColor.r + (toColor.r - fromColor.r) * t) / 255, g = (fromColor.g + (toColor.g - fromColor.g) * t) / 255
        let b = (fromColor.b + (toColor.b - fromColor.b) * t) / 255
        return ARGB32Pixels.pack(r: UInt32(min(texel.a, texel.r * r) + 0.5), g: UInt32(min(texel.a, texel.g * g) + 0.5),
                                 b: UInt32(min(texel.a, texel.b * b) + 0.5), a: UInt32(texel.a + 0.5))
    }

    @inline(__always)
    static func pack(_ a: PremultipliedColor, _ b: PremultipliedColor, _ t: Double) -> UInt32 {
        let alpha = a.a + (b.a - a.a) * t
        return ARGB32Pixels.pack(r: UInt32(min(alpha, a.r + (b.r - a.r) * t) + 0.5), g: UInt32(min(alpha, a.g + (b.g - a.g) * t) + 0.5),
                                 b: UInt32(min(alpha, a.b + (b.b - a.b) * t) + 0.5), a: UInt32(alpha + 0.5))
    }
}
