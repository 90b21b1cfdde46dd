import Foundation
import MapWireCanvas

/// Labels lying on the pitched map (`text-pitch-alignment: map`): laid out on the line drawn flat,
/// then each glyph carried to the pitched view, its centre by the projection and its shape by the
/// projection's local squeeze there (GL draws such glyphs as quads in the map plane). Pure.
struct MapPlaneLabels {
    let pitched: TileProjection
    let cosPitch: Double
    /// Flat screen point → tile coordinates (the flat view is an affine image of the tile).
    private let flatOrigin: Point2D
    private let flatToTile: PlaneMap

    init?(flat: TileProjection, pitched: TileProjection, extent: Int, pitch: Double) {
        let e = Double(max(1, extent))
        let o = flat.point(x: 0, y: 0), ex = flat.point(x: e, y: 0), ey = flat.point(x: 0, y: e)
        let tileToFlat = PlaneMap(a: (ex.x - o.x) / e, b: (ey.x - o.x) / e, c: (ex.y - o.y) / e, d: (ey.y - o.y) / e)
        guard let inverse = tileToFlat.inverse else { return nil }
        self.pitched = pitched
        cosPitch = cos(pitch * .pi / 180)
        flatOrigin = o
        flatToTile = inverse
    }

    /// Where a point of the flat view lands in the pitched one.
    func point(_ f: Point2D) -> Point2D {
        let t = flatToTile.apply(f.x - flatOrigin.x, f.y - flatOrigin.y)
        return pitched.point(x: t.x, y: t.y)
    }

    /// How the pitched view squeezes shapes near a point of the flat view (central differences).
    func squeeze(at f: Point2D) -> PlaneMap {
        let h = 0.5
        let xp = point(Point2D(x: f.x + h, y: f.y)), xm = point(Point2D(x: f.x - h, y: f.y))
        let yp = point(Point2D(x: f.x, y: f.y + h)), ym = point(Point2D(x: f.x, y: f.y - h))
        return PlaneMap(a: (xp.x - xm.x) / (2 * h), b: (yp.x - ym.x) / (2 * h), c: (xp.y - xm.y) / (2 * h), d: (yp.y - ym.y) / (2 * h))
    }

    func glyph(_ g: GlyphDraw) -> GlyphDraw {
        let pivot = point(g.pivot)
        var carried = GlyphDraw(glyph: g.glyph, origin: Point2D(x: g.origin.x + pivot.x - g.pivot.x, y: g.origin.y + pivot.y - g.pivot.y),
                                scale: g.scale, rotation: g.rotation, pivot: pivot, color: g.color, paint: g.paint)
        carried.plane = squeeze(at: g.pivot)
        // GL shades such glyphs' edges for the size scaled by cos pitch and the distance ratio.
        carried.edgeScale = cosPitch * pitched.projector.perspectiveScale(atScreenY: pivot.y)
        return carried
    }

    /// The screen box around a flat box carried to the pitched view.
    func box(_ b: ScreenBox) -> ScreenBox {
        let corners = [Point2D(x: b.minX, y: b.minY), Point2D(x: b.maxX, y: b.minY), Point2D(x: b.maxX, y: b.maxY), Point2D(x: b.minX, y: b.maxY)].map(point)
        return ScreenBox(minX: corners.map(\.x).min()!, minY: corners.map(\.y).min()!, maxX: corners.map(\.x).max()!, maxY: corners.map(\.y).max()!)
    }
}
