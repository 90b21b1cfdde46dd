import Foundation
import MapWireCanvas
import MapWireGeometry

/// A query as one tile sees it: the screen query carried into the tile's units (each screen point onto
/// the ground under pitch, as GL unprojects it), how many tile units a screen pixel is at the camera's
/// zoom, and the way back to the screen.
struct TileFrame {
    let context: PaintContext
    let projection: TileProjection
    let extent: Int
    /// The query's points in tile units (x right, y down, 0...extent inside the tile).
    let query: [Point2D]
    /// Tile units per screen px at the centre of the view (GL's pixelsToTileUnits).
    let unitsPerPixel: Double
    /// How much farther the top of the screen is than its centre (GL's maxPitchScaleFactor; 1 flat).
    let maxPitchScale: Double

    init(context: PaintContext, visit: RenderedFeatureSearch.TileVisit, extent: Int, ring: [Point2D]) {
        self.context = context
        self.extent = extent
        projection = TileProjection(transform: context.transform, tile: visit.id, extent: extent, wrap: visit.wrap)
        let z = Double(visit.id.z)
        let unitsPerWorld = Double(extent) / WebMercator.tileSize
        let originX = projection.originX, originY = projection.originY
        query = ring.map { point in
            let ground = context.transform.groundPoint(screenX: point.x, screenY: point.y, atZoom: z)
            return Point2D(x: (ground.x - originX) * unitsPerWorld, y: (ground.y - originY) * unitsPerWorld)
        }
        unitsPerPixel = unitsPerWorld / pow(2, context.zoom - z)
        // The screen's top row, or the ground's far edge when the horizon is in view (GL's far plane).
        let top = projection.projector.perspectiveScale(atScreenY: context.transform.groundTop)
        maxPitchScale = top > 0 ? 1 / top : 1
    }

    /// A tile point on the screen.
    func screen(_ p: Point2D) -> Point2D { projection.point(x: p.x, y: p.y) }

    /// The query moved against a layer's `*-translate` (px; "viewport" ones are in screen axes, turned
    /// into the map's by the bearing), in tile units.
    func translated(_ translate: [Double], anchor: String) -> [Point2D] {
        guard translate.count == 2, translate[0] != 0 || translate[1] != 0 else { return query }
        var dx = translate[0] * unitsPerPixel, dy = translate[1] * unitsPerPixel
        if anchor == "viewport" {
            let b = context.bearingRadians
            (dx, dy) = (dx * cos(b) - dy * sin(b), dx * sin(b) + dy * cos(b))
        }
        return query.map { Point2D(x: $0.x - dx, y: $0.y - dy) }
    }
}
