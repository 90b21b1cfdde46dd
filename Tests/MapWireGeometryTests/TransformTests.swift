import MapWireTesting
import Testing
@testable import MapWireGeometry

@Suite struct TransformTests {
    let chicago = LngLat(longitude: -87.65, latitude: 41.85)
    let size = ViewportSize(width: 1024, height: 768)

    @Test func flatNorthUpBoundsMatchHandComputedValues() {
        // Centre ± 512 x 384 px at zoom 13.3, converted with mercantile.xy / mercantile.lnglat.
        let b = Transform(camera: Camera(center: chicago, zoom: 13.3), size: size).bounds()
        #expect(isClose(b.west, -87.68569468538676))
        #expect(isClose(b.south, 41.83005532257949))
        #expect(isClose(b.east, -87.61430531461325))
        #expect(isClose(b.north, 41.86993846091498))
    }

    @Test func boundsAcrossTheAntimeridianAreUnwrapped() {
        let b = Transform(camera: Camera(center: LngLat(longitude: 179.9, latitude: -16.5), zoom: 8.5), size: size)
            .bounds()
        #expect(isClose(b.west, 178.9056310889564))
        #expect(isClose(b.east, 180.8943689110436))
    }

    @Test func flatQuadIsTheScreenRectangleAroundTheCentre() {
        let transform = Transform(camera: Camera(center: chicago, zoom: 13), size: size)
        let c = WebMercator.project(chicago, zoom: 14)
        let quad = transform.visibleQuad(atZoom: 14)  // one zoom up: every offset doubles
        let expected = [(-1024.0, -768.0), (1024, -768), (1024, 768), (-1024, 768)]
        #expect(quad.count == 4)
        for (corner, offset) in zip(quad, expected) {
            #expect(isClose(corner.x, c.x + offset.0, tolerance: 1e-6))
            #expect(isClose(corner.y, c.y + offset.1, tolerance: 1e-6))
        }
    }

    @Test func bearing90PutsEastAtTheTopOfTheScreen() {
        let transform = Transform(camera: Camera(center: chicago, zoom: 13, bearing: 90), size: size)
        let c = WebMercator.project(chicago, zoom: 13)
        let topLeft = transform.visibleQuad(atZoom: 13)[0]
        // Screen-up is east (+x), screen-left is north (-y).
        #expect(isClose(topLeft.x, c.x + 384, tolerance: 1e-6))
        #expect(isClose(topLeft.y, c.y - 512, tolerance: 1e-6))
    }

    @Test func pitch60StretchesTheTopOfTheQuad() {
        // Similar triangles with camera distance 1.5 × 768: the ray scale at the top edge is
        // 1.5cos60/(1.5cos60 − 0.5sin60) = 2.3660254 and at the bottom edge 0.6339746.
        let transform = Transform(camera: Camera(center: chicago, zoom: 13, pitch: 60), size: size)
        let c = WebMercator.project(chicago, zoom: 13)
        let quad = transform.visibleQuad(atZoom: 13)
        #expect(isClose(quad[0].x, c.x - 1211.4050067376322, tolerance: 1e-6))
        #expect(isClose(quad[0].y, c.y - 1817.107510106448, tolerance: 1e-6))
        #expect(isClose(quad[1].x, c.x + 1211.4050067376322, tolerance: 1e-6))
        #expect(isClose(quad[3].x, c.x - 324.59499326236744, tolerance: 1e-6))
        #expect(isClose(quad[3].y, c.y + 486.89248989355104, tolerance: 1e-6))
    }
}
