import MapWireVectorTile

/// Geometry of one vector tile feature, in tile coordinates (`TilePoint` comes from MapWireVectorTile).
public enum TileGeometry: Equatable, Sendable {
    case points([TilePoint])
    case lineStrings([[TilePoint]])
    /// Each polygon is its exterior ring followed by its holes. Rings are open: the first point is
    /// not repeated at the end (ClosePath does that in the encoding).
    case polygons([[[TilePoint]]])
}
