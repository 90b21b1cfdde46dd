import Foundation
import MapWireProtocol
import MapWireTesting
import Testing

/// `mapwire up --location route:FILE` starts the location plugin with tracking on: the camera drives the
/// route and faces along it.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LocationLaunchTests {
    @Test func upWithARouteFollowsItToTheEnd() throws {
        let run = try TestRun()
        let route = run.file("route.geojson")
        // East 40 m, then north 40 m: the last course is 0 (north).
        try #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[14.5,46.05],[14.50052,46.05],[14.50052,46.05036]]}}"#
            .write(to: route, atomically: true, encoding: .utf8)
        let up = try run.start("mapwire", ["up", "--run-dir", run.runDirectory.path, "--plugins", "loader",
                                           "--location", "route:\(route.path)", "--location-speed", "5",
                                           "--tracking-mode", "follow-with-course"], withRunDir: false)
        #expect(up.waitFor("plugin location: pid", inStderr: false, timeout: 20), "\(up.stdout)\(up.stderr)")
        let arrived = waitUntil(timeout: 20) {
            guard let camera = try? run.send(.getCamera(.init())).camera else { return false }
            return abs(camera.center.latitude - 46.05036) < 1e-9 && abs(camera.center.longitude - 14.50052) < 1e-9
                && abs(camera.bearing) < 1e-6
        }
        #expect(arrived, "camera: \(String(describing: try? run.send(.getCamera(.init())).camera))")
        #expect(try run.send(.ping(.init())).pong.pluginRoles.contains("location"))
        up.stop()
        #expect(!up.isRunning)
    }

    @Test func theLocationPluginWithoutASourceIsRefused() throws {
        let run = try TestRun()
        let result = try run.mapwire(["up", "--run-dir", run.runDirectory.path, "--plugins", "loader,location", "--exit-when", "idle"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--location"), "\(result.stderr)")
    }
}
