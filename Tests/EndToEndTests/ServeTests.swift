import Foundation
import MapWireClient
import MapWireFormats
import MapWireProcess
import MapWireProtocol
import MapWireTesting
import Testing

/// `mapwire serve` as a real process on loopback, with its real cores, loaders and renderers: every
/// endpoint, every bad request, bursts of concurrent tiles, and a renderer killed mid-burst.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ServeTests {
    /// Tiles of the demo town at zoom 16 (256 px scheme), `count` different ones.
    static func demoTiles(_ count: Int, column: Int = 35_190) -> [String] {
        (0..<count).map { "/styles/demo/16/\(column + $0 % 20)/\(21_490 + $0 / 20).png" }
    }

    @Test func everyEndpointAnswersAndEveryBadRequestHasItsStatus() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "2", "--max-size", "1024"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "never ready: \(serve.process.stdout) \(serve.process.stderr)")
        let port = serve.port

        let tile = try await HTTPGet.get(port, "/styles/demo/15/17603/10749.png")
        #expect(tile.status == 200 && tile.header("content-type") == "image/png")
        #expect(tile.header("cache-control")?.contains("max-age") == true)
        let decoded = try ImageDecoder.decode(tile.body)
        #expect(decoded.width == 256 && decoded.height == 256)
        let retina = try ImageDecoder.decode(try await HTTPGet.get(port, "/styles/demo/15/17603/10749@2x.png").body)
        #expect(retina.width == 512)
        let world = try ImageDecoder.decode(try await HTTPGet.get(port, "/styles/demo/0/0/0.png").body)
        #expect(world.width == 256)
        for (ext, type) in [("jpg", "image/jpeg"), ("webp", "image/webp")] {
            let other = try await HTTPGet.get(port, "/styles/demo/15/17603/10749.\(ext)")
            #expect(other.status == 200 && other.header("content-type") == type)
            #expect(try ImageDecoder.decode(other.body).width == 256)
        }

        let centred = try await HTTPGet.get(port, "/styles/demo/static/13.4,52.5,14.5@20,30/600x400.png")
        #expect(centred.status == 200)
        let image = try ImageDecoder.decode(centred.body)
        #expect(image.width == 600 && image.height == 400)
        #expect(try ImageDecoder.decode(try await HTTPGet.get(port, "/styles/demo/static/13.4,52.5,14/300x200@2x.png").body).width == 600)
        let boxed = try await HTTPGet.get(port, "/styles/demo/static/13.39,52.49,13.41,52.51/320x240.png")
        #expect(boxed.status == 200)
        #expect(try ImageDecoder.decode(boxed.body).height == 240)
        let fitted = try await HTTPGet.get(port, "/styles/demo/static/auto/320x240.png?path=13.395,52.498%7C13.405,52.502&marker=13.4,52.5")
        #expect(fitted.status == 200)
        // The path is drawn (as an annotation of that view only): blue pixels along it, none without it.
        let route = "/styles/demo/static/13.4,52.5,15/320x240.png"
        let withPath = try ImageDecoder.decode(try await HTTPGet.get(port, route + "?path=stroke:%230000ff%7Cwidth:6%7C13.398,52.5%7C13.402,52.5").body)
        let without = try ImageDecoder.decode(try await HTTPGet.get(port, route).body)
        #expect(Self.bluePixels(withPath) > 200 && Self.bluePixels(without) == 0)

        let tileJSON = try await HTTPGet.get(port, "/styles/demo.json")
        let json = try #require(try JSONSerialization.jsonObject(with: tileJSON.body) as? [String: Any])
        #expect((json["tiles"] as? [String])?.first == "http://127.0.0.1:\(port)/styles/demo/{z}/{x}/{y}.png")
        // The style's centre and zoom, the zoom counted in 256 px tiles (the style's 14 is 15), as tileserver-gl gives it.
        #expect(json["center"] as? [Double] == [13.4, 52.5, 15])
        let style = try await HTTPGet.get(port, "/styles/demo/style.json")
        #expect(style.status == 200 && String(decoding: style.body, as: UTF8.self).contains("\"layers\""))
        let page = try await HTTPGet.get(port, "/")
        #expect(page.status == 200 && page.header("content-type")?.hasPrefix("text/html") == true)

        // Bad requests: the status, a message, and the server still serving.
        for path in ["/styles/nope/1/0/0.png", "/styles/nope.json", "/styles/nope/style.json", "/styles/nope/static/0,0,1/100x100.png", "/elsewhere"] {
            #expect(try await HTTPGet.get(port, path).status == 404, "\(path)")
        }
        for path in ["/styles/demo/25/0/0.png", "/styles/demo/3/8/0.png", "/styles/demo/3/0/-1.png", "/styles/demo/3/0/0.gif",
                     "/styles/demo/static/0,0,1/1100x100.png", "/styles/demo/static/0,0,1/600x600@2x.png",
                     "/styles/demo/static/auto/100x100.png", "/styles/demo/static/0,0,99/100x100.png"] {
            let answer = try await HTTPGet.get(port, path)
            #expect(answer.status == 400 && !answer.body.isEmpty, "\(path)")
        }

        // Conditional GET: the same ETag, then 304 without a body.
        let etag = try #require(tile.header("etag"))
        let again = try await HTTPGet.get(port, "/styles/demo/15/17603/10749.png", headers: [("If-None-Match", etag)])
        #expect(again.status == 304 && again.body.isEmpty && again.header("etag") == etag)
        #expect(try await HTTPGet.get(port, "/styles/demo/15/17603/10749.png", headers: [("If-None-Match", "\"other\"")]).status == 200)

        let metrics = String(decoding: try await HTTPGet.get(port, "/metrics").body, as: UTF8.self)
        for name in ["mapwire_serve_requests_total{kind=\"tile\",status=\"200\"}", "mapwire_serve_request_duration_seconds_bucket",
                     "mapwire_serve_render_duration_seconds_count", "mapwire_serve_cache_hits_total",
                     "mapwire_serve_plugins{style=\"demo\",role=\"renderer\"} 2", "mapwire_serve_core_events_published{style=\"demo\"}"] {
            #expect(metrics.contains(name), "\(name) missing from /metrics")
        }
        #expect(serve.process.isRunning)
    }

    @Test func healthIs503UntilTheStyleLoads() async throws {
        let run = try TestRun()
        // A TileJSON that comes slowly but steadily (4 KiB a second for two minutes): the style stays loading
        // for the whole test however loaded the machine is. (A port that never answers does not: its load
        // fails as a stalled connection after one attempt, about 9 s, and the style then counts as loaded.)
        let faults = try FaultServer(in: run)
        let style = run.file("silent.json")
        try #"{"version": 8, "sources": {"v": {"type": "vector", "url": "\#(faults.baseURL)/slow?s=120"}}, "layers": [{"id": "bg", "type": "background"}]}"#
            .write(to: style, atomically: true, encoding: .utf8)
        let serve = try ServeProcess.start(run, ["--style", style.path, "--id", "silent", "--renderers", "1"])
        let health = try await HTTPGet.get(serve.port, "/health")
        #expect(health.status == 503 && health.header("retry-after") != nil)
        let tile = try await HTTPGet.get(serve.port, "/styles/silent/1/0/0.png")
        #expect(tile.status == 503 && tile.header("retry-after") != nil)
        #expect(try await HTTPGet.get(serve.port, "/health").status == 503, "still loading")
        // A style without a centre: the middle of its bounds (the world) at zoom 2, as tileserver-gl gives it.
        let tileJSON = try await HTTPGet.get(serve.port, "/styles/silent.json")
        let json = try #require(try JSONSerialization.jsonObject(with: tileJSON.body) as? [String: Any])
        #expect(json["center"] as? [Double] == [0, 0, 2])
        withExtendedLifetime(faults) {}
    }

    @Test(.enabled(if: NginxServer.available, "needs nginx"))
    func aURLStyleIsServedAsTheCoreLoadedItWithItsURLsMadeAbsolute() async throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        try nginx.put("styles/v1/style.json", #"""
            {"version": 8, "name": "remote", "center": [13.4, 52.5], "zoom": 11.6, "glyphs": "/fonts/{fontstack}/{range}.pbf",
             "sources": {"points": {"type": "geojson", "data": "points.geojson"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#eeeeee"}},
                        {"id": "p", "type": "circle", "source": "points"}]}
            """#)
        try nginx.put("styles/v1/points.geojson", #"{"type": "Point", "coordinates": [13.4, 52.5]}"#)
        let serve = try ServeProcess.start(run, ["--style", "\(nginx.baseURL)/styles/v1/style.json", "--id", "remote", "--renderers", "1"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "\(serve.process.stderr)")
        let style = try await HTTPGet.get(serve.port, "/styles/remote/style.json")
        #expect(style.status == 200 && style.header("content-type") == "application/json", "got \(style.status)")
        let json = try #require(try JSONSerialization.jsonObject(with: style.body) as? [String: Any])
        #expect(json["name"] as? String == "remote" && (json["layers"] as? [Any])?.count == 2)
        // Relative to the style's URL, as the core resolved them: absolute, so a client reaches them too.
        #expect(json["glyphs"] as? String == "\(nginx.baseURL)/fonts/{fontstack}/{range}.pbf")
        let points = (json["sources"] as? [String: Any])?["points"] as? [String: Any]
        #expect(points?["data"] as? String == "\(nginx.baseURL)/styles/v1/points.geojson")
        let tileJSON = try #require(try JSONSerialization.jsonObject(with: try await HTTPGet.get(serve.port, "/styles/remote.json").body) as? [String: Any])
        #expect(tileJSON["center"] as? [Double] == [13.4, 52.5, 13])
    }

    @Test func twoHundredConcurrentTilesAllSucceed() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "2"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200))
        let started = Date()
        let statuses = try await burst(serve.port, Self.demoTiles(200))
        let seconds = Date().timeIntervalSince(started)
        #expect(statuses.filter { $0 != 200 }.isEmpty, "failed: \(statuses.filter { $0 != 200 })")
        figure("mapwire serve, 2 renderers: 200 concurrent cold 256 px demo tiles in \(String(format: "%.2f", seconds)) s (\(String(format: "%.0f", 200 / seconds)) tiles/s, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
    }

    @Test func aRendererKilledDuringABurstLosesNoRequest() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "2"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200))
        let client = try ControlClient(endpoint: serve.controlEndpoint(style: "demo"))
        let renderers = try client.run(.getState(.init())).state.plugins.filter { $0.roles.contains("renderer") }.map { Int32($0.pid) }
        #expect(renderers.count == 2)
        async let statuses = burst(serve.port, Self.demoTiles(120, column: 35_230))
        // Killed once the burst is under way: its views go to the other renderer.
        _ = await waitUntilAsync(timeout: 10) {
            ((try? client.run(.getState(.init())).state.pendingRequests) ?? 0) > 2
        }
        kill(renderers[0], SIGKILL)
        let all = try await statuses
        #expect(all.count == 120 && all.allSatisfy { $0 == 200 }, "failed: \(all.filter { $0 != 200 })")
        #expect(waitUntil(timeout: 20) {
            ((try? client.run(.getState(.init())).state.plugins.filter { $0.roles.contains("renderer") }.count) ?? 0) == 2
        }, "the killed renderer was restarted")
    }

    @Test func aRendererTimeoutIs503WithRetryAfter() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "1", "--render-timeout-ms", "1500"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200))
        let client = try ControlClient(endpoint: serve.controlEndpoint(style: "demo"))
        let renderer = try #require(try client.run(.getState(.init())).state.plugins.first { $0.roles.contains("renderer") })
        kill(Int32(renderer.pid), SIGSTOP)
        defer { kill(Int32(renderer.pid), SIGCONT) }
        let answer = try await HTTPGet.get(serve.port, "/styles/demo/16/35200/21500.png")
        #expect(answer.status == 503 && answer.header("retry-after") != nil, "got \(answer.status)")
        #expect(serve.process.isRunning)
    }

    static func bluePixels(_ image: RGBAImage) -> Int {
        stride(from: 0, to: image.pixels.count, by: 4).filter { i in
            image.pixels[i] < 40 && image.pixels[i + 1] < 40 && image.pixels[i + 2] > 200
        }.count
    }

    /// GETs every path at once; their statuses (a transport error counts as 0).
    func burst(_ port: Int, _ paths: [String]) async throws -> [Int] {
        await withTaskGroup(of: Int.self) { group in
            for path in paths { group.addTask { (try? await HTTPGet.get(port, path))?.status ?? 0 } }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }
}

/// A loopback TCP listener that never accepts: connections wait in its backlog unanswered.
final class SilentListener: @unchecked Sendable {
    // @unchecked Sendable: the descriptor is only closed in deinit.
    let fd: Int32
    let port: Int

    init() throws {
        port = try LoopbackPort.free()
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = LoopbackPort.loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { throw ServeTestFailure(description: "cannot listen on \(port): errno \(errno)") }
    }

    deinit { close(fd) }
}
