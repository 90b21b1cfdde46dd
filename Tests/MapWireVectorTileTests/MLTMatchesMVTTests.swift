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

    /// Tiles of the shared fixtures converted by MapWire's own writer (Tests/Scripts/write-mlt.py, see
    /// Fixtures/mlt/README.md): a second, independent encoder of the same specification.
    @Test(.enabled(if: SharedFixtures.directory("fixtures/tiles/streets-v7") != nil, Comment(rawValue: SharedFixtures.skipMessage)),
          arguments: ["13-2100-3045", "13-2101-3045"])
    func sharedStreetsTilesConvertedByTheTestWriter(_ name: String) throws {
        let folder = try #require(SharedFixtures.directory("fixtures/tiles/streets-v7/chicago"))
        let mvt = try MVTDecoder.decode(Data(contentsOf: folder.appendingPathComponent("\(name).mvt")))
        let mlt = try MLTDecoder.decode(Data(contentsOf: MLTFixtures.root.appendingPathComponent("mapwire/chicago-\(name).mlt")))
        #expect(mlt.layers.values.reduce(0) { $0 + $1.features.count } > 500)
        let difference = MLTFixtures.difference(mlt, mvt)
        #expect(difference == nil, "\(name): \(difference ?? "")")
    }

    /// A scene of MapWire's own: every geometry type (multi-geometries, a polygon with a hole, a layer
    /// mixing points, lines and polygons), missing ids, every property type with missing values, non-ASCII.
    @Test func ownSceneDecodesToItsGeoJSON() throws {
        let folder = MLTFixtures.root.appendingPathComponent("mapwire")
        let decoded = try MLTDecoder.decode(Data(contentsOf: folder.appendingPathComponent("scene.mlt")))
        let expected = try MLTFixtures.expectedTile(Data(contentsOf: folder.appendingPathComponent("scene.geojson")))
        #expect(decoded.layerOrder == ["places", "roads", "areas", "mixed"])
        #expect(decoded.layers["areas"]?.features.first?.polygons().first?.count == 2, "the lake keeps its hole")
        let difference = MLTFixtures.difference(decoded, expected)
        #expect(difference == nil, "\(difference ?? "")")
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
