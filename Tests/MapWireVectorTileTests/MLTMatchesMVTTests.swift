import Foundation
import MapWireVectorTile
import Testing

/// Real tiles: OpenMapTiles MVT tiles and the MLT the MapLibre Tile reference encoder made from them
/// decode to the same layers, features, ids, geometry and properties.
@Suite struct MLTMatchesMVTTests {
    @Test(arguments: MLTFixtures.openMapTilesNames)
    func sameFeaturesAsTheSourceMVT(_ name: String) throws {
        let mvt = try MVTDecoder.decode(MLTFixtures.openMapTiles(name, "mvt"))
        let mlt = try MLTDecoder.decode(MLTFixtures.openMapTiles(name, "mlt"))
        #expect(mlt.layers.values.reduce(0) { $0 + $1.features.count } > 100)
        let difference = MLTFixtures.difference(mlt, mvt)
        #expect(difference == nil, "\(name): \(difference ?? "")")
    }

    @Test func theSourceEncodingPicksTheDecoder() throws {
        #expect(VectorTileEncoding(sourceValue: "mlt") == .mlt)
        #expect(VectorTileEncoding(sourceValue: "mvt") == .mvt)
        // Absent or unknown: MVT, the style specification's default.
        #expect(VectorTileEncoding(sourceValue: nil) == .mvt)
        #expect(VectorTileEncoding(sourceValue: "pbf") == .mvt)
        let name = MLTFixtures.openMapTilesNames[0]
        let mlt = try MLTFixtures.openMapTiles(name, "mlt"), mvt = try MLTFixtures.openMapTiles(name, "mvt")
        #expect(try VectorTileEncoding.mlt.decode(mlt) == MLTDecoder.decode(mlt))
        #expect(try VectorTileEncoding.mvt.decode(mvt) == MVTDecoder.decode(mvt))
        // The wrong encoding is an error, not an empty tile.
        #expect(throws: VectorTileDecodingError.self) { try VectorTileEncoding.mvt.decode(mlt) }
        #expect(throws: VectorTileDecodingError.self) { try VectorTileEncoding.mlt.decode(mvt) }
    }
}
