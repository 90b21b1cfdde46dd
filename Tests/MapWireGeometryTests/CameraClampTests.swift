import MapWireTesting
import Testing
@testable import MapWireGeometry

@Suite struct CameraClampTests {
    @Test func limits() {
        #expect(Camera.maxPitch == 85)
        #expect(Camera.maxZoom == 24)
    }

    @Test func defaultsAreNorthUpAndFlat() {
        let camera = Camera(center: LngLat(longitude: 1, latitude: 2), zoom: 3)
        #expect(camera.bearing == 0 && camera.pitch == 0)
    }

    @Test func clampsLatitudeZoomAndPitch() {
        let c = Camera(center: LngLat(longitude: 0, latitude: 89), zoom: 30, pitch: 95).clamped()
        #expect(c.center.latitude == 85.051129)
        #expect(c.zoom == 24 && c.pitch == 85)
        let d = Camera(center: LngLat(longitude: 0, latitude: -89), zoom: -2, pitch: -5).clamped()
        #expect(d.center.latitude == -85.051129)
        #expect(d.zoom == 0 && d.pitch == 0)
    }

    @Test(arguments: [
        (180.0, -180.0), (-180, -180), (190, -170), (-190, 170), (540, -180), (-725, -5), (12.5, 12.5),
    ])
    func wrapsLongitudeIntoHalfOpenRange(_ input: Double, _ expected: Double) {
        let c = Camera(center: LngLat(longitude: input, latitude: 0), zoom: 1).clamped()
        #expect(isClose(c.center.longitude, expected))
    }

    @Test(arguments: [
        (180.0, 180.0), (-180, 180), (190, -170), (-190, 170), (360, 0), (540, 180), (45, 45), (-90, -90),
    ])
    func normalisesBearingIntoHalfOpenRange(_ input: Double, _ expected: Double) {
        let c = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 1, bearing: input).clamped()
        #expect(isClose(c.bearing, expected))
    }

    @Test func transformStoresTheClampedCamera() {
        let camera = Camera(center: LngLat(longitude: 190, latitude: 0), zoom: 1, pitch: 80)
        let transform = Transform(camera: camera, size: ViewportSize(width: 10, height: 10))
        #expect(transform.camera == camera.clamped())
    }
}
