import Foundation
import MapWireGeometry
@testable import MapWireRenderer
import MapWireVectorTile
import Testing

/// Under pitch icons and labels are sized by their distance as MapLibre GL JS sizes them.
@Suite struct SymbolPerspectiveTests {
    let renderer = MapRenderer()

    @Test func theRatioIsHalfwayBetweenTheGroundsScaleAndOne() {
        #expect(SymbolPerspective.ratio(groundScale: 1) == 1)
        #expect(SymbolPerspective.ratio(groundScale: 0.5) == 0.75)
        #expect(SymbolPerspective.ratio(groundScale: 2) == 1.5)
        #expect(SymbolPerspective.ratio(groundScale: 100) == 4)
    }

    /// Green pixels of a 40 px icon north (far) and south (near) of the centre, in the upper and lower half.
    func iconAreas(pitch: Double) throws -> (far: Int, near: Int) {
        let camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, pitch: pitch)
        let style = TestScene.style(##"{"id":"i","type":"symbol","source":"s","source-layer":"shapes","layout":{"icon-image":"dot","icon-size":4,"icon-allow-overlap":true}}"##)
        let features = [SymbolFixtures.pointFeature(2048, 1024), SymbolFixtures.pointFeature(2048, 3072)]
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: features, sprite: SymbolFixtures.dotSprite(), camera: camera))
        return (SymbolFixtures.count(frame, [0, 255, 0], x: 0..<512, y: 0..<256),
                SymbolFixtures.count(frame, [0, 255, 0], x: 0..<512, y: 256..<512))
    }

    @Test func aFarIconIsSmallerAndANearOneLarger() throws {
        let flat = try iconAreas(pitch: 0)
        #expect(flat.far == 1600 && flat.near == 1600)
        let pitched = try iconAreas(pitch: 50)
        // 64 px north and south of the centre at pitch 50 the ground is shrunk to about 0.94 and grown
        // to 1.07: the icons by half that, about 38 and 41.5 px wide (kept at 40 before).
        #expect(pitched.far < 1520, "far \(pitched.far)")
        #expect(pitched.near > 1680, "near \(pitched.near)")
    }
}
