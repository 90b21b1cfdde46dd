import Foundation
import MapWireCanvas
import MapWireStyle
import MapWireVectorTile

/// `line-pattern`: the sprite image laid along a line as GL lays it. The line is a ribbon on the
/// map plane (GL pushes its width out in tile space, so under pitch a line across the view is
/// squeezed as the ground is); the image's height spans the ribbon (one texel of padding each
/// side, as GL's atlas pads it) and along the line it repeats every image width × (line width at
/// the tile zoom ÷ image height) px of the tile zoom, measured from the line's first point in the
/// tile.
struct LinePatternPainter {
    let placement: PatternPlacement
    let sprite: SpriteAtlas
    let entry: SpriteAtlas.Entry
    /// `line-width` now (the ribbon's width) and at the tile zoom (the period).
    let width: Double, floorWidth: Double
    let zoom: Double
    let cap: LineCap

    /// One line of a tile (tile units), moved on screen by `translate`.
    func draw(_ line: [TilePoint], closed: Bool, projection: TileProjection, translate: Point2D, opacity: Double, on canvas: Canvas) {
        var points = line
        if closed, let first = points.first, points.last != first { points.append(first) }
        guard points.count >= 2, width > 0, floorWidth > 0 else { return }
        // World px at the tile's zoom, from the tile's origin.
        let ground = points.map { Point2D(x: Double($0.x) * projection.unitsToWorld, y: Double($0.y) * projection.unitsToWorld) }
        guard let toGround = placement.plane(projection, origin: (projection.originX, projection.originY, 0), s: (1, 0, 0), t: (0, 1, 0)).inverse
        else { return }
        let fromScreen = toGround.after(.affine(xx: 1, xy: 0, x0: -translate.x, yx: 0, yy: 1, y0: -translate.y))
        func screen(_ p: Point2D) -> Point2D {
            let s = projection.projector.project(x: projection.originX + p.x, y: projection.originY + p.y)
            return Point2D(x: s.x + translate.x, y: s.y + translate.y)
        }
        let k = pow(2, placement.tileZoom - Double(projection.tile.z))
        let worldPerPixel = 1 / pow(2, zoom - Double(projection.tile.z))
        let period = placement.displayWidth * floorWidth / placement.displayHeight // px at the tile zoom
        let halfWidth = width / 2 * worldPerPixel, outset = (width / 2 + 0.5) * worldPerPixel
        let texelsAcross = Double(entry.height) + 2, texelsAlong = Double(entry.width) + 2
        var pieces: [PatternStrokePiece] = []
        var outline = CanvasPath()
        var linesofar = 0.0 // world px at the tile's zoom (GL's tile units, scaled)
        for i in 0..<(points.count - 1) {
            let a = ground[i], b = ground[i + 1]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let ux = dx / length, uy = dy / length
            // Ground → (along, across) → GL's padded texels.
            let along = Homography.affine(xx: ux, xy: uy, x0: -(ux * a.x + uy * a.y), yx: -uy, yy: ux, y0: -(-uy * a.x + ux * a.y))
            let texels = Homography.affine(xx: k / period * texelsAlong, xy: 0, x0: linesofar * k / period * texelsAlong,
                                           yx: 0, yy: 0.5 / outset * texelsAcross, y0: 0.5 * texelsAcross)
            // The pattern's piece reaches past the ribbon's edge so the antialiased edge has colour.
            let wide = Self.wedge(ground, segment: i, closed: closed, radius: outset + 2 * worldPerPixel, cap: cap).map(screen)
            pieces.append(PatternStrokePiece(polygon: wide, patternFromScreen: texels.after(along).after(fromScreen)))
            outline.addRing(Self.wedge(ground, segment: i, closed: closed, radius: halfWidth, cap: cap).map(screen), closed: true)
            linesofar += length
        }
        canvas.fill(outline, pieces: pieces, pattern: sprite.image, source: (entry.x, entry.y, entry.width, entry.height), opacity: opacity)
    }

    /// The part of the line's ribbon segment `segment` owns: out to `radius` either side (a miter
    /// at each joint, capped for sharp turns), bounded by the bisectors with its neighbours (shared
    /// exactly, so pieces tile the line), and past the line's ends for round and square caps.
    /// Every piece turns the same way, so their union fills without seams.
    static func wedge(_ points: [Point2D], segment i: Int, closed: Bool, radius: Double, cap: LineCap) -> [Point2D] {
        func normal(_ j: Int) -> Point2D? {
            guard j >= 0, j + 1 < points.count else { return nil }
            let dx = points[j + 1].x - points[j].x, dy = points[j + 1].y - points[j].y
            let length = (dx * dx + dy * dy).squareRoot()
            return length > 0 ? Point2D(x: -dy / length, y: dx / length) : nil
        }
        let last = points.count - 2
        func joint(_ vertex: Int) -> Point2D {
            let before = vertex - 1 >= 0 ? vertex - 1 : (closed ? last : -1)
            let after = vertex <= last ? vertex : (closed ? 0 : -1)
            let a = normal(before) ?? normal(after), b = normal(after) ?? normal(before)
            guard let a, let b else { return Point2D(x: 0, y: 0) }
            var m = Point2D(x: a.x + b.x, y: a.y + b.y)
            let length = (m.x * m.x + m.y * m.y).squareRoot()
            m = length < 1e-9 ? a : Point2D(x: m.x / length, y: m.y / length)
            let r = radius / max(0.25, m.x * b.x + m.y * b.y)
            return Point2D(x: m.x * r, y: m.y * r)
        }
        var start = points[i], end = points[i + 1]
        let m0 = joint(i), m1 = joint(i + 1)
        if !closed, cap != .butt, let n = normal(i) {
            let along = Point2D(x: n.y, y: -n.x)
            if i == 0 { start = Point2D(x: start.x - along.x * radius, y: start.y - along.y * radius) }
            if i == last { end = Point2D(x: end.x + along.x * radius, y: end.y + along.y * radius) }
        }
        return [Point2D(x: start.x + m0.x, y: start.y + m0.y), Point2D(x: end.x + m1.x, y: end.y + m1.y),
                Point2D(x: end.x - m1.x, y: end.y - m1.y), Point2D(x: start.x - m0.x, y: start.y - m0.y)]
    }
}
