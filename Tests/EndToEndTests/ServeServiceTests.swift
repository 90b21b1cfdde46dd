import Foundation
import MapWireClient
import MapWireProcess
import MapWireTesting
import Testing

/// `mapwire serve` as a service: refuses what it cannot do at once and says why (a port in use, a
/// missing style file: exit 2 before any core starts), stops cleanly on SIGINT and SIGTERM (exit 0),
/// reports a failed style (404 or 502, each style's state in /health), and takes --center/--zoom.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ServeServiceTests {
    @Test func aPortInUseIsRefusedAtOnceNamingTheAddressBeforeAnyCore() throws {
        let run = try TestRun()
        let taken = try SilentListener()
        let dir = run.directory.appendingPathComponent("serve")
        let serve = try run.start("mapwire", ["serve", "--port", "\(taken.port)", "--run-dir", dir.path], name: "serve", withRunDir: false)
        #expect(serve.wait(timeout: 10) == 2, "exit 2 at once")
        #expect(serve.stderr.contains("127.0.0.1:\(taken.port)") && serve.stderr.contains("in use"), "\(serve.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("demo").path), "no core was started")
        withExtendedLifetime(taken) {}
    }

    @Test func aMissingStyleFileIsRefusedAtOnce() throws {
        let run = try TestRun()
        let serve = try run.start("mapwire", ["serve", "--port", "\(try LoopbackPort.free())", "--style", run.file("absent.json").path],
                                  name: "serve", withRunDir: false)
        #expect(serve.wait(timeout: 10) == 2)
        #expect(serve.stderr.contains("absent.json") && serve.stderr.contains("does not exist"), "\(serve.stderr)")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsItCleanlyWithExitStatus0(_ signal: Int32) async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "1"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "never ready: \(serve.process.stderr)")
        let core = try ControlClient(endpoint: serve.controlEndpoint(style: "demo")).run(.getState(.init())).state
        serve.process.signal(signal)
        #expect(serve.process.wait(timeout: 30) == 0, "\(serve.process.stderr)")
        // Its children went with it.
        for plugin in core.plugins { #expect(kill(Int32(plugin.pid), 0) != 0, "plugin \(plugin.name) (pid \(plugin.pid)) still runs") }
    }

    @Test(.enabled(if: NginxServer.available, "needs nginx"))
    func aFailedStyleIs404Or502AndHealthSaysSo() async throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        try nginx.put("good.json", #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#)
        try nginx.put("broken.json", "this is not a style")
        let serve = try ServeProcess.start(run, ["--renderers", "1",
                                                 "--style", "\(nginx.baseURL)/good.json", "--id", "good",
                                                 "--style", "\(nginx.baseURL)/missing.json", "--id", "missing",
                                                 "--style", "\(nginx.baseURL)/broken.json", "--id", "broken"])
        // Settled: one ready, two failed for good; ready for traffic, each style's state listed.
        #expect(await HTTPGet.waitFor(serve.port, "/health/ready", status: 200), "never settled: \(serve.process.stderr)")
        let health = try await HTTPGet.get(serve.port, "/health")
        let styles = try #require((try JSONSerialization.jsonObject(with: health.body) as? [String: Any])?["styles"] as? [String: [String: Any]])
        #expect(styles["good"]?["state"] as? String == "ready")
        #expect(styles["missing"]?["state"] as? String == "failed" && styles["missing"]?["status"] as? Int == 404, "\(styles)")
        #expect(styles["broken"]?["state"] as? String == "failed" && styles["broken"]?["status"] as? Int == 502, "\(styles)")
        #expect(try await HTTPGet.get(serve.port, "/health/live").status == 200)
        for path in ["/styles/missing/1/0/0.png", "/styles/missing/style.json", "/styles/missing.json"] {
            let answer = try await HTTPGet.get(serve.port, path)
            #expect(answer.status == 404 && answer.header("location") == nil && answer.header("cache-control") == "no-store", "\(path): \(answer.status)")
        }
        let broken = try await HTTPGet.get(serve.port, "/styles/broken/1/0/0.png")
        #expect(broken.status == 502 && broken.header("retry-after") != nil, "\(broken.status)")
        #expect(try await HTTPGet.get(serve.port, "/styles/good/1/0/0.png").status == 200)
    }

    @Test func centerAndZoomPlaceTheLiveViewAndTileJSON() async throws {
        let run = try TestRun()
        let style = run.file("plain.json")
        try #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background"}]}"#.write(to: style, atomically: true, encoding: .utf8)
        let serve = try ServeProcess.start(run, ["--renderers", "1", "--style", style.path, "--id", "plain",
                                                 "--center=-87.62,41.88", "--zoom", "plain=11"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "never ready: \(serve.process.stderr)")
        let tileJSON = try #require(try JSONSerialization.jsonObject(with: try await HTTPGet.get(serve.port, "/styles/plain.json").body) as? [String: Any])
        #expect(tileJSON["center"] as? [Double] == [-87.62, 41.88, 12])
        // The live view shows the map's own camera: there.
        let camera = try ControlClient(endpoint: serve.controlEndpoint(style: "plain")).run(.getCamera(.init())).camera
        #expect(abs(camera.center.longitude + 87.62) < 1e-6 && abs(camera.center.latitude - 41.88) < 1e-6 && camera.zoom == 11)
    }
}
