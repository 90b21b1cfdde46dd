import Foundation
import MapWireCanvas
import MapWireGeometry
@testable import MapWireRenderer

import Testing

@Suite struct MapPlaneLabelsTests {
    private let tile = CanonicalTileID(z: 0, x: 0, y: 0)

    private func labels(pitch: Double) throws -> (MapPlaneLabels, TileProjection, TileProjection) {
        let pitched = Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, pitch: pitch), size: ViewportSize(width: 512, height: 512))
        let projection = TileProjection(transform: pitched, tile: tile, extent: 4096)
        let flat = TileProjection(transform: FlatLineAnchors.flat(pitched), tile: tile, extent: 4096)
        return (try #require(MapPlaneLabels(flat: flat, pitched: projection, extent: 4096, pitch: pitch)), flat, projection)
    }

    @Test func flatPointsLandWhereTheTileProjectsThem() throws {
        let (labels, flat, pitched) = try labels(pitch: 50)
        for (x, y) in [(1000.0, 3000.0), (2048.0, 2048.0), (3500.0, 500.0)] {
            let carried = labels.point(flat.point(x: x, y: y)), expected = pitched.point(x: x, y: y)
            #expect(abs(carried.x - expected.x) < 1e-6 && abs(carried.y - expected.y) < 1e-6)
        }
    }

    @Test func glyphsOnThePitchedMapAreSqueezedAcrossTheView() throws {
        let (labels, flat, _) = try labels(pitch: 60)
        let squeeze = labels.squeeze(at: flat.point(x: 2048, y: 2048))
        // At the centre the ground keeps its width and is foreshortened by cos 60° in height.
        #expect(abs(squeeze.a - 1) < 0.01)
        #expect(abs(squeeze.d - 0.5) < 0.01)
        let flatOnly = try self.labels(pitch: 0).0.squeeze(at: flat.point(x: 2048, y: 2048))
        #expect(abs(flatOnly.a - 1) < 1e-9 && abs(flatOnly.d - 1) < 1e-9 && abs(flatOnly.b) < 1e-9)
    }
}
