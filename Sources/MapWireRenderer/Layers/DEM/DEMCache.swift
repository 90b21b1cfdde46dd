import MapWireCanvas
import MapWireGeometry

/// Each `raster-dem` source's tiles decoded, with their borders filled, and their slopes, kept while
/// the frame's tiles stay the same images: repainting a view decodes nothing again.
/// Not Sendable: the renderer's one thread uses it.
final class DEMCache {
    private var cached: [String: (key: [CanonicalTileID: ObjectIdentifier], encoding: DEMEncoding, tiles: DEMTiles)] = [:]
    private var slopes: [String: [SlopeKey: SlopeField]] = [:]

    private struct SlopeKey: Hashable {
        let tile: CanonicalTileID
        let zoom: Double
    }

    func tiles(of sourceID: String, images: [CanonicalTileID: CanvasImage], encoding: DEMEncoding) -> DEMTiles {
        let key = images.mapValues { ObjectIdentifier($0) }
        if let hit = cached[sourceID], hit.key == key, hit.encoding == encoding { return hit.tiles }
        let tiles = DEMTiles(images: images, encoding: encoding)
        cached[sourceID] = (key, encoding, tiles)
        slopes[sourceID] = [:]
        return tiles
    }

    /// The slopes of a tile of `sourceID`'s current tiles, drawn at `zoom`.
    func slopes(of sourceID: String, tile: CanonicalTileID, dem: DEMData, zoom: Double) -> SlopeField {
        let key = SlopeKey(tile: tile, zoom: zoom)
        if let hit = slopes[sourceID]?[key] { return hit }
        let field = SlopeField(dem, zoom: zoom)
        slopes[sourceID, default: [:]][key] = field
        return field
    }

    /// Forgets sources the style no longer has.
    func keep(only sourceIDs: Set<String>) {
        cached = cached.filter { sourceIDs.contains($0.key) }
        slopes = slopes.filter { sourceIDs.contains($0.key) }
    }
}
