import Foundation
import MapWireCanvas
import MapWireGeometry
@testable import MapWireRenderer
import MapWireVectorTile
import Testing

/// Under pitch line labels are anchored on the line drawn flat, as GL anchors them on the tile's geometry
/// (MapLibre GL JS): the label-length check and spacing do not shrink with the foreshortened line.
@Suite struct FlatLineAnchorsTests {
    let renderer = MapRenderer()

    @Test func distancesCarryOverByWhereTheyFallOnTheTilesGeometry() {
        let pitched = Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, pitch: 50), size: TestScene.size)
        let tile = CanonicalTileID(z: 0, x: 0, y: 0)
        let projection = TileProjection(transform: pitched, tile: tile, extent: 4096)
        let flatProjection = TileProjection(transform: FlatLineAnchors.flat(pitched), tile: tile, extent: 4096)
        let line = [TestScene.point(2048, 1024), TestScene.point(2048, 3072)]
        let flat = ScreenPath(flatProjection.points(line)), path = ScreenPath(projection.points(line))
        #expect(flat.length == 256)
        func carried(_ d: Double) -> Double {
            FlatLineAnchors.pitchedDistance(d, flat: flat, pitched: path, line: line, projection: projection)
        }
        #expect(carried(0) == 0)
        #expect(abs(carried(256) - path.length) < 1e-9)
        // The middle of the tile's line is the map's centre: where the pitched line crosses the middle
        // of the screen, not halfway along the foreshortened line.
        let middle = path.locate(carried(128)).point
        #expect(abs(middle.y - 256) < 1e-6 && abs(middle.x - 256) < 1e-6)
        #expect(abs(carried(128) - path.length / 2) > 2)
    }

    @Test func aPitchedLineLabelIsPlacedWhereItsFlatLineHoldsIt() throws {
        // A north–south line 80 px long flat, seen at pitch 60 (about 40 px on screen), labelled "AAA"
        // (48 px): GL anchors it on the tile's geometry, where it fits.
        let camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, pitch: 60)
        let line = VectorFeature(type: .lineString, geometry: [[TestScene.point(2048, 1728), TestScene.point(2048, 2368)]],
                                 properties: ["t": .string("AAA")])
        let style = TestScene.style(##"{"id":"t","type":"symbol","source":"s","source-layer":"shapes","layout":{"symbol-placement":"line","text-field":"{t}","text-font":["\##(SymbolFixtures.squareFont)"],"text-size":24,"text-keep-upright":false,"text-max-angle":180}}"##)
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: [line], camera: camera))
        #expect(SymbolFixtures.count(frame, [0, 0, 0], x: 0..<512, y: 0..<512) > 100)
    }
}
