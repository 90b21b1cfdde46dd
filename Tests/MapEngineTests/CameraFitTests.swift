import Foundation
import MapEngine
import MapWireGeometry
import MapWireTesting
import Testing

@Suite struct CameraFitTests {
    static let size = ViewportSize(width: 800, height: 600)

    /// Longitudes ±45 on the equator span a quarter of the 512 px world: 128 px at zoom 0.
    /// 800 px of room is 6.25 × that, so zoom = log2(6.25); latitude ±1° is far shorter.
    @Test func boundsFillTheWidth() throws {
        let bounds = LngLatBounds(west: -45, south: -1, east: 45, north: 1)
        let camera = try #require(CameraFit.camera(fitting: bounds, size: Self.size))
        #expect(isClose(camera.zoom, log2(6.25), tolerance: 1e-12))
        #expect(isClose(camera.center, LngLat(longitude: 0, latitude: 0), tolerance: 1e-9))
    }

    @Test(arguments: [0.0, 30.0])
    func pointsTouchThePaddedEdgesAndStayInside(bearing: Double) throws {
        let points = [LngLat(longitude: 13.30, latitude: 52.45), LngLat(longitude: 13.55, latitude: 52.56),
                      LngLat(longitude: 13.40, latitude: 52.60), LngLat(longitude: 13.35, latitude: 52.50)]
        let padding = EdgePadding(top: 40, left: 20, bottom: 100, right: 60)
        let camera = try #require(CameraFit.camera(fitting: points, size: Self.size, padding: padding, bearing: bearing))
        #expect(camera.bearing == bearing)
        let screen = points.map { screenPosition(of: $0, camera: camera, size: Self.size) }
        let xs = screen.map(\.x), ys = screen.map(\.y)
        #expect(xs.min()! >= 20 - 1e-6 && xs.max()! <= 740 + 1e-6)
        #expect(ys.min()! >= 40 - 1e-6 && ys.max()! <= 500 + 1e-6)
        // The tight axis touches both of its padded edges; the box is centred on the padded area.
        let touchesX = isClose(xs.min()!, 20, tolerance: 1e-6) && isClose(xs.max()!, 740, tolerance: 1e-6)
        let touchesY = isClose(ys.min()!, 40, tolerance: 1e-6) && isClose(ys.max()!, 500, tolerance: 1e-6)
        #expect(touchesX || touchesY)
        #expect(isClose((xs.min()! + xs.max()!) / 2, 380, tolerance: 1e-6))
        #expect(isClose((ys.min()! + ys.max()!) / 2, 270, tolerance: 1e-6))
    }

    @Test func pitchedFitKeepsEveryPointInside() throws {
        let points = [LngLat(longitude: -0.2, latitude: 51.45), LngLat(longitude: 0.05, latitude: 51.55),
                      LngLat(longitude: -0.1, latitude: 51.52)]
        let padding = EdgePadding(all: 50)
        let camera = try #require(CameraFit.camera(fitting: points, size: Self.size, padding: padding, pitch: 50))
        #expect(camera.pitch == 50)
        let screen = points.map { screenPosition(of: $0, camera: camera, size: Self.size) }
        let xs = screen.map(\.x), ys = screen.map(\.y)
        #expect(xs.min()! >= 50 - 1e-5 && xs.max()! <= 750 + 1e-5 && ys.min()! >= 50 - 1e-5 && ys.max()! <= 550 + 1e-5)
        #expect(isClose(xs.min()!, 50, tolerance: 1e-5) || isClose(ys.max()! - ys.min()!, 500, tolerance: 1e-5))
    }

    @Test func maxZoomLimitsASinglePoint() throws {
        let point = LngLat(longitude: 7, latitude: 45)
        let camera = try #require(CameraFit.camera(fitting: [point], size: Self.size, maxZoom: 15))
        #expect(camera.zoom == 15)
        #expect(isClose(camera.center, point, tolerance: 1e-9))
    }

    @Test func nothingToFitOrNoRoomGivesNil() {
        #expect(CameraFit.camera(fitting: [], size: Self.size) == nil)
        #expect(CameraFit.camera(fitting: [LngLat(longitude: 0, latitude: 0)], size: Self.size,
                                 padding: EdgePadding(left: 500, right: 300)) == nil)
    }

    @Test func boundsAcrossTheAntimeridianStayOneBox() throws {
        let bounds = LngLatBounds(west: 170, south: -10, east: -170, north: 10)
        let camera = try #require(CameraFit.camera(fitting: bounds, size: Self.size))
        #expect(isClose(abs(camera.center.longitude), 180, tolerance: 1e-9))
        #expect(camera.zoom > 3)
    }
}
