/// A point in tile coordinates: x right, y down, 0...extent inside the tile.
public struct TilePoint: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// Geometry of one vector tile feature, in tile coordinates.
public enum TileGeometry: Equatable, Sendable {
    case points([TilePoint])
    case lineStrings([[TilePoint]])
    /// Each polygon is its exterior ring followed by its holes. Rings are open: the first point is
    /// not repeated at the end (ClosePath does that in the encoding).
    case polygons([[[TilePoint]]])
}

/// Ring orientation helpers shared by the encoder and decoder.
enum RingArea {
    /// Twice the signed area by the surveyor's formula. In tile coordinates (y down) the vector tile
    /// spec calls a positive value exterior (it looks clockwise on screen).
    static func doubledSignedArea(_ ring: [TilePoint]) -> Int {
        guard ring.count >= 3 else { return 0 }
        var sum = 0
        for i in ring.indices {
            let a = ring[i], b = ring[(i + 1) % ring.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }
}
