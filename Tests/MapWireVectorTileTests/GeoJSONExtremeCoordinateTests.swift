import Foundation
import Testing
@testable import MapWireVectorTile

/// Coordinates far outside the world are valid JSON numbers: the tiler keeps them and cuts tiles
/// without trapping (`Point [1e20, 0]` once trapped in FeatureGridIndex).
struct GeoJSONExtremeCoordinateTests {
    static let geometries = [
        #"{"type":"Point","coordinates":[1e20,0]}"#,
        #"{"type":"Point","coordinates":[-1e20,1e20]}"#,
        #"{"type":"MultiPoint","coordinates":[[1.7e308,0],[-1.7e308,-1.7e308]]}"#,
        #"{"type":"LineString","coordinates":[[0,0],[1e300,1e-300]]}"#,
        #"{"type":"LineString","coordinates":[[-1.7e308,0],[1.7e308,0]]}"#,
        #"{"type":"Polygon","coordinates":[[[0,0],[1.7e308,0],[1.7e308,80],[0,0]]]}"#,
        #"{"type":"Polygon","coordinates":[[[-1e200,-89],[1e200,-89],[1e200,89],[-1e200,89],[-1e200,-89]]]}"#,
    ]

    @Test(arguments: geometries)
    func tilesAtEveryZoomWithoutTrapping(_ geometry: String) throws {
        let tiler = try GeoJSONTiler(data: Data(geometry.utf8))
        for z in [0, 1, 5, 18, 30] {
            let last = (1 << z) - 1
            for (x, y) in [(0, 0), (last, last), (last / 2, last / 2)] {
                for feature in tiler.tile(z: z, x: x, y: y).features {
                    #expect(!feature.geometry.isEmpty)
                }
            }
        }
    }

    @Test func aPointBeyondTheWorldLandsInNoTileOfIt() throws {
        let tiler = try GeoJSONTiler(data: Data(#"{"type":"Point","coordinates":[1e20,0]}"#.utf8))
        #expect(tiler.tile(z: 0, x: 0, y: 0).features.isEmpty)
    }
}
