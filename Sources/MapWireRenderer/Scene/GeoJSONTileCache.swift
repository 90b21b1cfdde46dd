import MapWireGeometry
import MapWireVectorTile

/// The tiles cut from each GeoJSON source for the current view, kept while the data stays the same
/// so panning and repainting do not cut them again.
final class GeoJSONTileCache {
    private var cached: [String: (tiler: ObjectIdentifier, lineMetrics: Bool, tiles: [CanonicalTileID: VectorTileData])] = [:]

    /// `lineMetrics`: the source's option (lines cut with where they are along their whole length).
    func tiles(of tiler: GeoJSONTiler, sourceID: String, transform: Transform, maxZoom: Int, tileSize: Int,
               lineMetrics: Bool = false) -> [CanonicalTileID: VectorTileData] {
        let identity = ObjectIdentifier(tiler)
        if cached[sourceID]?.tiler != identity || cached[sourceID]?.lineMetrics != lineMetrics {
            cached[sourceID] = (identity, lineMetrics, [:])
        }
        var known = cached[sourceID]!.tiles
        var result: [CanonicalTileID: VectorTileData] = [:]
        let cover = TileCover.tiles(for: transform, tileSize: tileSize, minZoom: 0, maxZoom: maxZoom, roundZoom: false)
        for tile in cover {
            if let hit = known[tile] {
                result[tile] = hit
                continue
            }
            let layer = tiler.tile(z: tile.z, x: tile.x, y: tile.y, lineMetrics: lineMetrics)
            let data = VectorTileData(layers: [layer.name: layer], layerOrder: [layer.name])
            known[tile] = data
            result[tile] = data
        }
        // Keep a bounded number of cut tiles per source.
        if known.count > 512 { known = result }
        cached[sourceID] = (identity, lineMetrics, known)
        return result
    }
}
