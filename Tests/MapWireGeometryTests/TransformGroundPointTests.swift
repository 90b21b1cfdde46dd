import MapWireGeometry
import MapWireTesting
import Testing

/// The inverse projection and the camera anchoring it enables.
@Suite struct TransformGroundPointTests {
    static let size = ViewportSize(width: 800, height: 600)

    @Test(arguments: [(0.0, 0.0), (30.0, 0.0), (0.0, 60.0), (-120.0, 45.0), (170.0, 20.0)])
    func screenToGroundToScreenRoundTrips(bearing: Double, pitch: Double) {
        let transform = Transform(
            camera: Camera(center: LngLat(longitude: 2.35, latitude: 48.85), zoom: 12.7, bearing: bearing, pitch: pitch),
            size: Self.size)
        let zoom = 12.0
        let projector = transform.projector(atZoom: zoom)
        for (x, y) in [(0.0, 0.0), (400.0, 300.0), (123.0, 456.0), (799.0, 1.0), (10.0, 590.0)] {
            let ground = transform.groundPoint(screenX: x, screenY: y, atZoom: zoom)
            let back = projector.project(x: ground.x, y: ground.y)
            #expect(isClose(back.x, x, tolerance: 1e-6) && isClose(back.y, y, tolerance: 1e-6), "\(back) vs \((x, y))")
        }
    }

    @Test func screenCentreIsTheCameraCentre() {
        let camera = Camera(center: LngLat(longitude: -70, latitude: -33), zoom: 9, bearing: 40, pitch: 50)
        let ground = Transform(camera: camera, size: Self.size).groundCoordinate(screenX: 400, screenY: 300)
        #expect(isClose(ground, camera.center))
    }

    @Test(arguments: [(0.0, 0.0), (75.0, 55.0)])
    func placingPutsThePointUnderTheScreenPoint(bearing: Double, pitch: Double) {
        let camera = Camera(center: LngLat(longitude: 10, latitude: 50), zoom: 11, bearing: bearing, pitch: pitch)
        let point = LngLat(longitude: 10.05, latitude: 50.02)
        let spot = ScreenPoint(x: 150, y: 420)
        let placed = Transform(camera: camera, size: Self.size).camera(placing: point, at: spot)
        #expect(placed.zoom == camera.zoom && placed.bearing == camera.bearing && placed.pitch == camera.pitch)
        #expect(isClose(screenPosition(of: point, camera: placed, size: Self.size), spot))
    }
}
