import Foundation
import MapWireCanvas
import MapWireGeometry

/// Where GL engines lay a sprite pattern (`fill-pattern`, `fill-extrusion-pattern`, `line-pattern`):
/// in pixels of the integer zoom below the camera's (GL's tile zoom), so between integer zooms the
/// pattern grows with the map by 2^(zoom − floor zoom); anchored to the world's pixel grid at that
/// zoom, so neighbouring tiles and polygons continue one another; lying on the map plane, so under
/// pitch it shrinks with distance. Cross-fading between the patterns of two zooms is settled (GL
/// with no fade: the current zoom's pattern at scale 1). Pure: numbers in, maps out.
struct PatternPlacement {
    /// The pattern's size in logical px at the tile zoom, and sprite px per logical px.
    let displayWidth: Double, displayHeight: Double
    let pixelRatio: Double
    /// GL's tile zoom: floor of the camera's zoom, at least 0.
    let tileZoom: Double

    init(entry: SpriteAtlas.Entry, zoom: Double) {
        pixelRatio = entry.pixelRatio
        displayWidth = Double(entry.width) / entry.pixelRatio
        displayHeight = Double(entry.height) / entry.pixelRatio
        tileZoom = max(0, zoom.rounded(.down))
    }

    /// The map from screen (logical px) to the pattern's sprite px for a polygon of `projection`'s
    /// tile lying flat at `elevation` camera-zoom px (0 the ground, a roof's height), moved on
    /// screen by `translate`. Nil when the plane is seen edge on.
    /// `worldShift` moves the plane (geometry and pattern together) in world px at the tile's zoom.
    func onPlane(_ projection: TileProjection, elevation: Double = 0, translate: Point2D = Point2D(x: 0, y: 0),
                 worldShift: (x: Double, y: Double) = (0, 0)) -> Homography? {
        let k = pow(2, tileZoom - Double(projection.tile.z))
        // Plane coordinates (s, t): world px at the tile's zoom from the tile's origin.
        let screen = plane(projection, origin: (projection.originX + worldShift.x, projection.originY + worldShift.y, elevation),
                           s: (1, 0, 0), t: (0, 1, 0))
        let pattern = Homography.affine(xx: k * pixelRatio, xy: 0, x0: Self.phase(projection.originX * k, displayWidth) * pixelRatio,
                                        yx: 0, yy: k * pixelRatio, y0: Self.phase(projection.originY * k, displayHeight) * pixelRatio)
        return screen.inverse.map { pattern.after($0).after(.affine(xx: 1, xy: 0, x0: -translate.x, yx: 0, yy: 1, y0: -translate.y)) }
    }

    /// GL's tile units: 8192 across a tile, whatever extent its data came in.
    static let glExtent = 8192.0

    /// The map from screen to pattern px for an extrusion's wall standing on the ground from `start`
    /// to `end` (world px at the tile's zoom, shifted as the wall is): GL wraps the pattern along
    /// the wall by its edge distance (GL tile units along the ring from its first wall, `edgeDistance`
    /// at `start`) and up it at 2^z / (8 · 512) tile units per metre, whatever the latitude.
    func onWall(_ projection: TileProjection, start: (x: Double, y: Double), end: (x: Double, y: Double),
                edgeDistance: Double, metresToPixels: Double) -> Homography? {
        let worldPerUnit = WebMercator.tileSize / Self.glExtent
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot() / worldPerUnit
        guard length > 0 else { return nil }
        // Plane coordinates (s, t): GL tile units along the wall from `start`, metres up.
        let screen = plane(projection, origin: (start.x, start.y, 0), s: (dx / length, dy / length, 0), t: (0, 0, metresToPixels))
        let tileRatio = worldPerUnit * pow(2, tileZoom - Double(projection.tile.z))
        let unitsPerMetre = pow(2, Double(projection.tile.z)) / (8 * WebMercator.tileSize)
        let pattern = Homography.affine(
            xx: tileRatio * pixelRatio, xy: 0, x0: (tileRatio * edgeDistance + Self.phase(projection.originX * tileRatio / worldPerUnit, displayWidth)) * pixelRatio,
            yx: 0, yy: -tileRatio * unitsPerMetre * pixelRatio, y0: Self.phase(projection.originY * tileRatio / worldPerUnit, displayHeight) * pixelRatio)
        return screen.inverse.map { pattern.after($0) }
    }

    /// The perspective map of the plane origin + s·sDirection + t·tDirection (x, y world px at the
    /// projector's zoom, elevation camera-zoom px) onto the screen.
    func plane(_ projection: TileProjection, origin: (Double, Double, Double), s: (Double, Double, Double), t: (Double, Double, Double)) -> Homography {
        // Sampled a long step away and scaled back: the map is linear, the long step keeps digits.
        let step = 256.0
        let p = projection.projector
        let o = p.homogeneous(x: origin.0, y: origin.1, elevation: origin.2)
        let a = p.homogeneous(x: origin.0 + s.0 * step, y: origin.1 + s.1 * step, elevation: origin.2 + s.2 * step)
        let b = p.homogeneous(x: origin.0 + t.0 * step, y: origin.1 + t.1 * step, elevation: origin.2 + t.2 * step)
        return Homography(columnS: ((a.x - o.x) / step, (a.y - o.y) / step, (a.w - o.w) / step),
                          columnT: ((b.x - o.x) / step, (b.y - o.y) / step, (b.w - o.w) / step),
                          origin: (o.x, o.y, o.w))
    }

    /// Where in the pattern's period a world coordinate falls, in 0..<period (GL's offset of the
    /// tile's first pixel, which keeps the numbers small at high zooms).
    static func phase(_ value: Double, _ period: Double) -> Double {
        guard period > 0, value.isFinite else { return 0 }
        let r = value.truncatingRemainder(dividingBy: period)
        return r < 0 ? r + period : r
    }
}
