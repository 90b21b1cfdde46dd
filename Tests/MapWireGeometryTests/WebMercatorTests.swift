import MapWireTesting
import Testing
@testable import MapWireGeometry

@Suite struct WebMercatorTests {
    @Test func worldSizeDoublesPerZoom() {
        #expect(WebMercator.worldSize(zoom: 0) == 512)
        #expect(WebMercator.worldSize(zoom: 1) == 1024)
        #expect(isClose(WebMercator.worldSize(zoom: 2.5), 512 * 5.656854249492381))
    }

    @Test func nullIslandIsTheWorldCentre() {
        let p = WebMercator.project(LngLat(longitude: 0, latitude: 0), zoom: 0)
        #expect(isClose(p.x, 256) && isClose(p.y, 256))
    }

    @Test func knownValuesMatchMercantile() {
        // Expected values from mercantile.xy (metres) rescaled to 512 * 2^zoom world px.
        let chicago = WebMercator.project(LngLat(longitude: -87.65, latitude: 41.85), zoom: 13)
        #expect(isClose(chicago.x, 1075955.4844444445, tolerance: 1e-6))
        #expect(isClose(chicago.y, 1559345.9965456238, tolerance: 1e-6))
        let sf = WebMercator.project(LngLat(longitude: -122.4194, latitude: 37.7749), zoom: 15.2)
        #expect(isClose(sf.x, 3082475.122767011, tolerance: 1e-6))
        #expect(isClose(sf.y, 7449016.194245951, tolerance: 1e-6))
    }

    @Test func mercatorLimitIsTheWorldsNorthEastCorner() {
        let p = WebMercator.project(LngLat(longitude: 180, latitude: 85.051129), zoom: 2)
        #expect(isClose(p.x, 2048))
        #expect(isClose(p.y, 0, tolerance: 1e-4))
    }

    @Test func latitudeBeyondTheLimitStaysFinite() {
        let p = WebMercator.project(LngLat(longitude: 0, latitude: 90), zoom: 0)
        #expect(p.y.isFinite && isClose(p.y, 0, tolerance: 1e-4))
    }

    @Test(arguments: [
        LngLat(longitude: -87.65, latitude: 41.85),
        LngLat(longitude: 179.9, latitude: -16.5),
        LngLat(longitude: -180, latitude: -85),
        LngLat(longitude: 12.5, latitude: 0),
    ])
    func projectThenUnprojectRoundTrips(_ p: LngLat) {
        for zoom in [0.0, 7.3, 22] {
            let world = WebMercator.project(p, zoom: zoom)
            let back = WebMercator.unproject(x: world.x, y: world.y, zoom: zoom)
            #expect(isClose(back.longitude, p.longitude) && isClose(back.latitude, p.latitude))
        }
    }
}
