import MapEngine
import MapWireGeometry
import MapWireTesting
import Testing

@Suite struct ViewportStatesTests {
    static let size = ViewportSize(width: 800, height: 600)
    static let current = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 4, bearing: 12, pitch: 5)
    static let fix = UserLocation(coordinate: LngLat(longitude: 11.58, latitude: 48.14), heading: 80, course: 95, accuracy: 5)

    static func target(_ options: FollowPuckOptions, _ location: UserLocation? = fix) -> Camera? {
        ViewportStates.targetCamera(for: .followPuck(options), location: location, current: current, size: size)
    }

    @Test func followPuckCentresTheLocationWithItsZoomAndPitch() throws {
        let camera = try #require(Self.target(FollowPuckOptions(zoom: 16, pitch: 40, bearing: .heading)))
        #expect(camera == Camera(center: Self.fix.coordinate, zoom: 16, bearing: 80, pitch: 40))
    }

    @Test func bearingModes() {
        #expect(Self.target(FollowPuckOptions(bearing: .heading))?.bearing == 80)
        #expect(Self.target(FollowPuckOptions(bearing: .course))?.bearing == 95)
        #expect(Self.target(FollowPuckOptions(bearing: .fixed(-30)))?.bearing == -30)
        #expect(Self.target(FollowPuckOptions(bearing: .none))?.bearing == 12)
        // A fix without heading or course keeps the current bearing.
        let bare = UserLocation(coordinate: Self.fix.coordinate)
        #expect(Self.target(FollowPuckOptions(bearing: .heading), bare)?.bearing == 12)
        #expect(Self.target(FollowPuckOptions(bearing: .course), bare)?.bearing == 12)
    }

    @Test func nilZoomAndPitchKeepTheCurrentOnes() {
        let camera = Self.target(FollowPuckOptions(zoom: nil, pitch: nil))
        #expect(camera?.zoom == 4 && camera?.pitch == 5)
    }

    @Test func paddingPutsThePuckAtThePaddedCentre() throws {
        let padding = EdgePadding(top: 300, left: 0, bottom: 0, right: 0)
        let camera = try #require(Self.target(FollowPuckOptions(zoom: 15, pitch: 45, bearing: .course, padding: padding)))
        #expect(isClose(screenPosition(of: Self.fix.coordinate, camera: camera, size: Self.size), ScreenPoint(x: 400, y: 450)))
    }

    @Test func followPuckWithoutALocationHasNoTarget() {
        #expect(Self.target(FollowPuckOptions(), nil) == nil)
    }

    @Test func overviewFitsItsGeometry() {
        let route = [LngLat(longitude: 11.5, latitude: 48.1), LngLat(longitude: 11.7, latitude: 48.2)]
        let options = OverviewOptions(geometry: route, padding: EdgePadding(all: 40), bearing: 20, maxZoom: 14)
        let camera = ViewportStates.targetCamera(for: .overview(options), location: nil, current: Self.current, size: Self.size)
        #expect(camera != nil)
        #expect(camera == CameraFit.camera(fitting: route, size: Self.size, padding: EdgePadding(all: 40), bearing: 20, maxZoom: 14))
        let empty = OverviewOptions(geometry: [])
        #expect(ViewportStates.targetCamera(for: .overview(empty), location: Self.fix, current: Self.current, size: Self.size) == nil)
    }

    @Test func idleHasNoTarget() {
        #expect(ViewportStates.targetCamera(for: .idle, location: Self.fix, current: Self.current, size: Self.size) == nil)
    }
}
