/// Signed ring area in tile coordinates, the quantity the vector tile spec uses for winding order.
public enum RingArea {
    /// Twice the signed area by the shoelace formula, with the ring closed implicitly. Tile y points
    /// down, so a positive value is clockwise on screen: an exterior ring in the spec's terms.
    /// Int64 products of Int32 coordinates cannot overflow per term; the sum wraps only for
    /// rings far larger than any tile.
    public static func doubledSignedArea(_ ring: [TilePoint]) -> Int64 {
        guard ring.count >= 3 else { return 0 }
        var sum: Int64 = 0
        var previous = ring[ring.count - 1]
        for point in ring {
            sum &+= Int64(previous.x) * Int64(point.y) - Int64(point.x) * Int64(previous.y)
            previous = point
        }
        return sum
    }
}
