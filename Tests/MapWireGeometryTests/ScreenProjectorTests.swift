import MapWireGeometry
import Testing

/// The projector is the inverse of the visible quad: every corner the quad finds on the ground lands
/// back on its screen corner, flat, rotated and pitched.
@Suite struct ScreenProjectorTests {
    @Test(arguments: [(0.0, 0.0), (45.0, 0.0), (0.0, 60.0), (-30.0, 45.0), (170.0, 20.0)])
    func groundCornersProjectBackOntoTheScreenCorners(bearing: Double, pitch: Double) {
        let transform = Transform(camera: Camera(center: LngLat(longitude: 13.4, latitude: 52.5), zoom: 14.3,
                                                 bearing: bearing, pitch: pitch),
                                  size: ViewportSize(width: 800, height: 600))
        let zoom = 14.0
        let projector = transform.projector(atZoom: zoom)
        let screenCorners: [(Double, Double)] = [(0, 0), (800, 0), (800, 600), (0, 600)]
        for (ground, expected) in zip(transform.visibleQuad(atZoom: zoom), screenCorners) {
            let screen = projector.project(x: ground.x, y: ground.y)
            #expect(abs(screen.x - expected.0) < 1e-6 && abs(screen.y - expected.1) < 1e-6, "\(screen) vs \(expected)")
        }
        let center = WebMercator.project(transform.camera.center, zoom: zoom)
        let middle = projector.project(x: center.x, y: center.y)
        #expect(abs(middle.x - 400) < 1e-9 && abs(middle.y - 300) < 1e-9)
    }

    @Test func flatProjectionScalesByTheZoomDifference() {
        let transform = Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 3), size: ViewportSize(width: 100, height: 100))
        let projector = transform.projector(atZoom: 2)
        // 10 px east of the centre at zoom 2 is 20 px at zoom 3.
        let center = WebMercator.project(transform.camera.center, zoom: 2)
        let p = projector.project(x: center.x + 10, y: center.y - 5)
        #expect(p.x == 70 && p.y == 40)
        #expect(projector.perspectiveScale(atScreenY: 10) == 1)
    }

    @Test func perspectiveShrinksTowardsTheTop() {
        let transform = Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 3, pitch: 50),
                                  size: ViewportSize(width: 100, height: 100))
        let projector = transform.projector(atZoom: 3)
        #expect(projector.perspectiveScale(atScreenY: 10) < 1)
        #expect(projector.perspectiveScale(atScreenY: 90) > 1)
        #expect(abs(projector.perspectiveScale(atScreenY: 50) - 1) < 1e-12)
    }
}
