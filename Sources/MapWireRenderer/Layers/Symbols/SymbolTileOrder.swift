import Foundation
import MapWireGeometry

/// The order GL places a symbol layer's tiles in (so earlier tiles win collisions): lower zoom
/// first, then by the tile's position turned with the bearing, from the bottom of the screen up and
/// from right to left.
enum SymbolTileOrder {
    static func sorted<T>(_ tiles: [(tile: CanonicalTileID, layer: T, projection: TileProjection)], bearing: Double)
        -> [(tile: CanonicalTileID, layer: T, projection: TileProjection)]
    {
        let c = cos(-bearing), s = sin(-bearing)
        func key(_ t: CanonicalTileID) -> (x: Double, y: Double) {
            let x = Double(t.x), y = Double(t.y)
            return (c * x - s * y, s * x + c * y)
        }
        return tiles.enumerated().sorted { a, b in
            if a.element.tile.z != b.element.tile.z { return a.element.tile.z < b.element.tile.z }
            let ka = key(a.element.tile), kb = key(b.element.tile)
            if ka.y != kb.y { return ka.y > kb.y }
            if ka.x != kb.x { return ka.x > kb.x }
            return a.offset < b.offset
        }.map(\.element)
    }
}
