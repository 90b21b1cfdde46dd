import Foundation
import MapEngine
import MapWireGeometry
import MapWireTesting
import Testing

@Suite struct CameraEaseTests {
    static let size = ViewportSize(width: 800, height: 600)

    /// Along the equator mercator x is linear in longitude, so a linear ease moves longitude linearly too.
    @Test func linearEaseAtQuarterHalfAndEnd() {
        let from = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 2)
        let to = Camera(center: LngLat(longitude: 90, latitude: 0), zoom: 4, bearing: 90, pitch: 40)
        let animation = CameraAnimation.ease(from: from, to: to, duration: 2, easing: .linear, size: Self.size)
        #expect(animation.duration == 2)

        let quarter = animation.camera(at: 0.5)
        #expect(isClose(quarter.center, LngLat(longitude: 22.5, latitude: 0)))
        #expect(isClose(quarter.zoom, 2.5) && isClose(quarter.bearing, 22.5) && isClose(quarter.pitch, 10))

        let half = animation.camera(at: 1)
        #expect(isClose(half.center, LngLat(longitude: 45, latitude: 0)))
        #expect(isClose(half.zoom, 3) && isClose(half.bearing, 45) && isClose(half.pitch, 20))

        #expect(animation.camera(at: 0) == from)
        #expect(animation.camera(at: 2) == to)
        #expect(animation.camera(at: 5) == to)
        #expect(!animation.isFinished(at: 1.99) && animation.isFinished(at: 2))
    }

    @Test func defaultEasingShapesTheProgress() {
        let from = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 2)
        let to = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 6)
        let animation = CameraAnimation.ease(from: from, to: to, duration: 4, size: Self.size)
        // Quarter of the time is x = 0.25 on CSS ease; the parametric point x = 0.3125 has y = 0.5375.
        #expect(isClose(animation.camera(at: 1).zoom, 2 + 4 * CubicBezierEasing.ease.value(at: 0.25)))
        #expect(isClose(animation.camera(at: 1.25).zoom, 2 + 4 * 0.5375, tolerance: 1e-9))
    }

    /// Centres move in mercator space: halfway between latitudes 0 and 60 is halfway in mercator y,
    /// which is north of 30° because mercator stretches towards the poles.
    @Test func centreMovesInMercatorSpace() {
        let from = Camera(center: LngLat(longitude: 10, latitude: 0), zoom: 3)
        let to = Camera(center: LngLat(longitude: 10, latitude: 60), zoom: 3)
        let half = CameraAnimation.ease(from: from, to: to, duration: 1, easing: .linear, size: Self.size).camera(at: 0.5)
        let mercatorY = { (degrees: Double) in log(tan(.pi / 4 + degrees * .pi / 360)) }
        let expected = atan(sinh(mercatorY(60) / 2)) * 180 / .pi
        #expect(isClose(half.center.latitude, expected, tolerance: 1e-9))
        #expect(half.center.latitude > 30)
    }

    @Test func bearingTurnsTheShortWayRound() {
        let from = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 3, bearing: 350)
        let to = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 3, bearing: 10)
        let animation = CameraAnimation.ease(from: from, to: to, duration: 1, easing: .linear, size: Self.size)
        #expect(isClose(animation.camera(at: 0.25).bearing, -5))
        #expect(isClose(animation.camera(at: 0.5).bearing, 0))
        #expect(isClose(animation.camera(at: 0.75).bearing, 5))
        #expect(animation.camera(at: 1).bearing == 10)
    }

    @Test func longitudeCrossesTheAntimeridianWhenShorter() {
        let from = Camera(center: LngLat(longitude: 170, latitude: 0), zoom: 3)
        let to = Camera(center: LngLat(longitude: -170, latitude: 0), zoom: 3)
        let animation = CameraAnimation.ease(from: from, to: to, duration: 1, easing: .linear, size: Self.size)
        #expect(isClose(animation.camera(at: 0.25).center.longitude, 175))
        #expect(isClose(abs(animation.camera(at: 0.5).center.longitude), 180))
        #expect(isClose(animation.camera(at: 0.75).center.longitude, -175))
    }

    @Test(arguments: [(0.0, 0.0), (35.0, 50.0)])
    func paddingPutsTheTargetPointAtThePaddedCentre(bearing: Double, pitch: Double) {
        let from = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 3)
        let point = LngLat(longitude: 13.4, latitude: 52.5)
        let to = Camera(center: point, zoom: 12, bearing: bearing, pitch: pitch)
        let padding = EdgePadding(top: 100, left: 0, bottom: 0, right: 200)
        let animation = CameraAnimation.ease(from: from, to: to, duration: 1, padding: padding, size: Self.size)
        let end = animation.camera(at: 1)
        #expect(end == animation.target)
        #expect(end.zoom == 12 && end.bearing == bearing && end.pitch == pitch)
        #expect(isClose(screenPosition(of: point, camera: end, size: Self.size), ScreenPoint(x: 300, y: 350)))
    }

    @Test func zeroDurationIsAJump() {
        let to = Camera(center: LngLat(longitude: 5, latitude: 5), zoom: 5)
        let animation = CameraAnimation.ease(from: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 1), to: to,
                                             duration: 0, size: Self.size)
        #expect(animation.duration == 0 && animation.isFinished(at: 0))
        #expect(animation.camera(at: 0) == to)
        #expect(CameraAnimation.jump(to: to).camera(at: 0) == to)
    }

    @Test func notANumberElapsedStaysAtTheStart() {
        let from = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 1)
        let animation = CameraAnimation.ease(from: from, to: Camera(center: LngLat(longitude: 5, latitude: 5), zoom: 5),
                                             duration: 1, size: Self.size)
        #expect(animation.camera(at: .nan) == from)
    }
}
