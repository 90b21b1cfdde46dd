import Foundation
import MapEngine
import MapWireGeometry
import MapWireTesting
import Testing

/// Each default keeps its anchor: the ground point under the fingers is checked through the projector.
@Suite struct GestureDefaultsTests {
    static let size = ViewportSize(width: 800, height: 600)
    static let cameras = [
        Camera(center: LngLat(longitude: 2.35, latitude: 48.85), zoom: 13),
        Camera(center: LngLat(longitude: 2.35, latitude: 48.85), zoom: 13, bearing: 40, pitch: 50),
    ]

    static func ground(at point: ScreenPoint, _ camera: Camera) -> LngLat {
        Transform(camera: camera, size: size).groundCoordinate(at: point)
    }

    @Test(arguments: cameras)
    func panMovesTheGrabbedPointWithTheFinger(camera: Camera) throws {
        let location = ScreenPoint(x: 500, y: 380), translation = ScreenPoint(x: 35, y: -20)
        let start = ScreenPoint(x: 465, y: 400)
        let grabbed = Self.ground(at: start, camera)
        let next = try #require(GestureDefaults.camera(after: .pan(translation: translation, at: location), from: camera, size: Self.size))
        #expect(next.zoom == camera.zoom && next.bearing == camera.bearing && next.pitch == camera.pitch)
        #expect(isClose(screenPosition(of: grabbed, camera: next, size: Self.size), location))
    }

    @Test(arguments: cameras)
    func pinchZoomsByLog2OfTheScaleAboutTheLocation(camera: Camera) throws {
        let location = ScreenPoint(x: 220, y: 150)
        let anchor = Self.ground(at: location, camera)
        let next = try #require(GestureDefaults.camera(after: .pinch(scale: 2, at: location), from: camera, size: Self.size))
        #expect(isClose(next.zoom, camera.zoom + 1, tolerance: 1e-12))
        #expect(isClose(screenPosition(of: anchor, camera: next, size: Self.size), location))
        let out = try #require(GestureDefaults.camera(after: .pinch(scale: 0.5, at: location), from: camera, size: Self.size))
        #expect(isClose(out.zoom, camera.zoom - 1, tolerance: 1e-12))
        #expect(GestureDefaults.camera(after: .pinch(scale: 0, at: location), from: camera, size: Self.size) == nil)
    }

    @Test(arguments: cameras)
    func rotationTurnsTheMapWithTheFingers(camera: Camera) throws {
        let location = ScreenPoint(x: 600, y: 250)
        let anchor = Self.ground(at: location, camera)
        let next = try #require(GestureDefaults.camera(after: .rotation(degrees: 15, at: location), from: camera, size: Self.size))
        #expect(isClose(next.bearing, camera.bearing - 15, tolerance: 1e-12))
        #expect(isClose(screenPosition(of: anchor, camera: next, size: Self.size), location))
    }

    @Test(arguments: cameras)
    func doubleTapZoomsInOneLevelAboutTheTap(camera: Camera) throws {
        let location = ScreenPoint(x: 100, y: 500)
        let anchor = Self.ground(at: location, camera)
        let next = try #require(GestureDefaults.camera(after: .doubleTap(at: location), from: camera, size: Self.size))
        #expect(next.zoom == camera.zoom + 1)
        #expect(isClose(screenPosition(of: anchor, camera: next, size: Self.size), location))
    }

    @Test(arguments: cameras)
    func twoFingerTapZoomsOutAboutTheCentre(camera: Camera) throws {
        let next = try #require(GestureDefaults.camera(after: .twoFingerTap(at: ScreenPoint(x: 10, y: 10)), from: camera, size: Self.size))
        #expect(next.zoom == camera.zoom - 1)
        #expect(isClose(next.center, camera.center, tolerance: 1e-9))
    }

    @Test func twoFingerPanTiltsHalfADegreePerPixelWithinLimits() throws {
        let camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 5, pitch: 20)
        let up = try #require(GestureDefaults.camera(after: .twoFingerPan(translation: ScreenPoint(x: 3, y: -30), at: ScreenPoint(x: 400, y: 300)),
                                                     from: camera, size: Self.size))
        #expect(up.pitch == 35 && up.center == camera.center && up.zoom == camera.zoom)
        let far = GestureDefaults.camera(after: .twoFingerPan(translation: ScreenPoint(x: 0, y: -500), at: ScreenPoint(x: 400, y: 300)),
                                         from: camera, size: Self.size)
        #expect(far?.pitch == Camera.maxPitch)
        let down = GestureDefaults.camera(after: .twoFingerPan(translation: ScreenPoint(x: 0, y: 500), at: ScreenPoint(x: 400, y: 300)),
                                          from: camera, size: Self.size)
        #expect(down?.pitch == 0)
    }

    @Test func zoomStaysWithinLimits() {
        let deep = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 23.5)
        #expect(GestureDefaults.camera(after: .doubleTap(at: ScreenPoint(x: 400, y: 300)), from: deep, size: Self.size)?.zoom == Camera.maxZoom)
        let world = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0.5)
        #expect(GestureDefaults.camera(after: .twoFingerTap(at: ScreenPoint(x: 1, y: 1)), from: world, size: Self.size)?.zoom == 0)
    }

    @Test func tapAndLongPressLeaveTheCamera() {
        let camera = Self.cameras[1], point = ScreenPoint(x: 300, y: 300)
        #expect(GestureDefaults.camera(after: .tap(at: point), from: camera, size: Self.size) == nil)
        #expect(GestureDefaults.camera(after: .longPress(at: point), from: camera, size: Self.size) == nil)
    }
}
