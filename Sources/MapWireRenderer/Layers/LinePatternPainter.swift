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
        // A ring's closing point is implied (its last segment runs back to the first point).
        if closed, points.count > 1, points.last == points.first { points.removeLast() }
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
        // The pattern's pieces reach past the ribbon's edge so its antialiased edge has colour.
        let ribbon = Self.pieces(ground, closed: closed, radius: halfWidth, cap: cap)
        let wide = Self.pieces(ground, closed: closed, radius: outset + 2 * worldPerPixel, cap: cap)
        var pieces: [PatternStrokePiece] = []
        var outline = CanvasPath()
        var linesofar = 0.0 // world px at the tile's zoom (GL's tile units, scaled)
        for i in ribbon.indices {
            let a = ground[i], b = ground[(i + 1) % ground.count]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let ux = dx / length, uy = dy / length
            // Ground → (along, across) → GL's padded texels.
            let along = Homography.affine(xx: ux, xy: uy, x0: -(ux * a.x + uy * a.y), yx: -uy, yy: ux, y0: -(-uy * a.x + ux * a.y))
            let texels = Homography.affine(xx: k / period * texelsAlong, xy: 0, x0: linesofar * k / period * texelsAlong,
                                           yx: 0, yy: 0.5 / outset * texelsAcross, y0: 0.5 * texelsAcross)
            pieces.append(PatternStrokePiece(polygon: wide[i].map(screen), patternFromScreen: texels.after(along).after(fromScreen)))
            outline.addRing(ribbon[i].map(screen), closed: true)
            linesofar += length
        }
        canvas.fill(outline, pieces: pieces, pattern: sprite.image, source: (entry.x, entry.y, entry.width, entry.height), opacity: opacity)
    }

    /// The ribbon of a line (a ring when `closed`), one quad per segment: out to `radius` either
    /// side with a miter at each joint (LineOffset's), so neighbouring quads share their joint's
    /// edge exactly and all turn the same way (their union fills without seams), and past an open
    /// line's ends for round and square caps.
    static func pieces(_ points: [Point2D], closed: Bool, radius: Double, cap: LineCap) -> [[Point2D]] {
        let n = points.count
        guard n >= 2 else { return [] }
        var left = LineOffset.offset(points, by: radius, closed: closed), right = LineOffset.offset(points, by: -radius, closed: closed)
        if !closed, cap != .butt {
            func push(_ k: Int, from a: Point2D, to b: Point2D) {
                let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
                guard length > 0 else { return }
                let shift = Point2D(x: dx / length * radius, y: dy / length * radius)
                left[k] = left[k] + shift
                right[k] = right[k] + shift
            }
            push(0, from: points[1], to: points[0])
            push(n - 1, from: points[n - 2], to: points[n - 1])
        }
        return (0..<(closed ? n : n - 1)).map { i in
            let j = (i + 1) % n
            return [left[i], left[j], right[j], right[i]]
        }
    }
}
