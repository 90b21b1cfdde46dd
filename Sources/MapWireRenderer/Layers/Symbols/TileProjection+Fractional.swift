import MapWireCanvas

extension TileProjection {
    /// Screen position of a tile coordinate between integer units (points along a segment).
    func point(x: Double, y: Double) -> Point2D {
        let s = projector.project(x: originX + x * unitsToWorld, y: originY + y * unitsToWorld)
        return Point2D(x: s.x, y: s.y)
    }
}
