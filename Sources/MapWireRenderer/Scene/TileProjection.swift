import MapWireCanvas
import MapWireGeometry
import MapWireVectorTile

/// Maps a tile's coordinates (0...extent) to the screen.
struct TileProjection {
    let projector: ScreenProjector
    let tile: CanonicalTileID
    let unitsToWorld: Double
    let originX: Double, originY: Double

    /// Which copy of the world the tile is drawn on: 0 the main one, ±1 the next east or west.
    let wrap: Int

    init(transform: Transform, tile: CanonicalTileID, extent: Int, wrap: Int = 0) {
        projector = transform.projector(atZoom: Double(tile.z))
        self.tile = tile
        self.wrap = wrap
        unitsToWorld = WebMercator.tileSize / Double(extent)
        originX = (Double(tile.x) + Double(wrap) * Double(1 << tile.z)) * WebMercator.tileSize
        originY = Double(tile.y) * WebMercator.tileSize
    }

    @inline(__always)
    func point(_ p: TilePoint) -> Point2D {
        let s = projector.project(x: originX + Double(p.x) * unitsToWorld, y: originY + Double(p.y) * unitsToWorld)
        return Point2D(x: s.x, y: s.y)
    }

    func points(_ ring: [TilePoint]) -> [Point2D] { ring.map(point) }

    /// The tile's square on screen (a quad under bearing or pitch), to clip its drawing to.
    func outline(extent: Int) -> CanvasPath {
        var path = CanvasPath()
        // A tile may declare any UInt32 extent; beyond Int32 its square is drawn as large as it can be.
        let e = Int32(clamping: extent)
        path.addRing([TilePoint(x: 0, y: 0), TilePoint(x: e, y: 0), TilePoint(x: e, y: e), TilePoint(x: 0, y: e)].map(point), closed: true)
        return path
    }
}
