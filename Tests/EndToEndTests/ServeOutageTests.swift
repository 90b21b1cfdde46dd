import Foundation
import MapWireFormats
import MapWireGeometry
import MapWireTesting
import Testing

/// Never a map it did not draw: with the tile server stopped, a tile is 503 (502 when the upstream
/// answers with an error), with `Retry-After` and `Cache-Control: no-store`, and not kept; once the
/// server is back the same URL is drawn whole. A tile the tile set truly lacks (404, a sparse set's
/// hole) is empty, not failed: that image is served.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available && NginxServer.available, "needs the executables and nginx"))
struct ServeOutageTests {
    /// The 256 px tile the requests ask for, and the block of 512 px source tiles around it (zoom 14).
    static let tile = (z: 15, x: 17_603, y: 10_749)

    static func sourceTiles(around x: Int, _ y: Int) -> [CanonicalTileID] {
        (-1...1).flatMap { dx in (-1...1).map { dy in CanonicalTileID(z: 14, x: x / 2 + dx, y: y / 2 + dy) } }
    }

    @Test func anOutageIs503NotCachedAndTheSameURLIsDrawnOnceTheServerIsBack() async throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let fault = try FaultServer(in: run)
        try TestStyles.writeTiles(Self.sourceTiles(around: Self.tile.x, Self.tile.y) + Self.sourceTiles(around: Self.tile.x + 8, Self.tile.y),
                                  into: nginx.www.appendingPathComponent("tiles"))
        try nginx.put("town.json", TestStyles.vectorStyle(tiles: "\(nginx.baseURL)/tiles/{z}/{x}/{y}.pbf"))
        try nginx.put("failing.json", TestStyles.vectorStyle(tiles: "\(fault.baseURL)/500?z={z}&x={x}&y={y}"))
        let serve = try ServeProcess.start(run, ["--renderers", "1", "--render-timeout-ms", "20000",
                                                 "--style", "\(nginx.baseURL)/town.json", "--id", "town",
                                                 "--style", "\(nginx.baseURL)/failing.json", "--id", "failing"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "never ready: \(serve.process.stderr)")
        let (z, x, y) = Self.tile
        let drawn = try await HTTPGet.get(serve.port, "/styles/town/\(z)/\(x)/\(y).png")
        #expect(drawn.status == 200 && drawn.header("cache-control")?.hasPrefix("public") == true, "\(drawn.status)")

        // The upstream answers 500 for every tile: 502, and the client is told when to try again.
        let upstreamError = try await HTTPGet.get(serve.port, "/styles/failing/\(z)/\(x)/\(y).png")
        #expect(upstreamError.status == 502 && upstreamError.header("retry-after") != nil && upstreamError.header("cache-control") == "no-store",
                "\(upstreamError.status) \(String(decoding: upstreamError.body, as: UTF8.self))")

        // The tile server goes away: a tile not drawn before is 503, twice (nothing was kept).
        nginx.stop()
        let path = "/styles/town/\(z)/\(x + 8)/\(y).png"
        for attempt in 1...2 {
            let down = try await HTTPGet.get(serve.port, path)
            #expect(down.status == 503 && down.header("retry-after") != nil && down.header("cache-control") == "no-store",
                    "attempt \(attempt): \(down.status) \(String(decoding: down.body, as: UTF8.self))")
            #expect(down.header("etag") == nil)
        }
        // Back on its port: the same URL is drawn whole.
        try nginx.restart()
        #expect(await waitUntilAsync(timeout: 60) { (try? await HTTPGet.get(serve.port, path))?.status == 200 }, "the tile is drawn once the server is back")
        let back = try await HTTPGet.get(serve.port, path)
        #expect(back.status == 200 && back.header("cache-control")?.hasPrefix("public") == true)
        #expect(try ImageDecoder.decode(back.body).width == 256)
    }

    @Test func aTileTheSetLacksIsEmptyNotFailed() async throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        // No tile files at all: every tile answers 404, a sparse tile set's holes.
        try FileManager.default.createDirectory(at: nginx.www.appendingPathComponent("tiles"), withIntermediateDirectories: true)
        try nginx.put("sparse.json", TestStyles.vectorStyle(tiles: "\(nginx.baseURL)/tiles/{z}/{x}/{y}.pbf"))
        let serve = try ServeProcess.start(run, ["--renderers", "1", "--style", "\(nginx.baseURL)/sparse.json", "--id", "sparse"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "never ready: \(serve.process.stderr)")
        let (z, x, y) = Self.tile
        let empty = try await HTTPGet.get(serve.port, "/styles/sparse/\(z)/\(x)/\(y).png")
        #expect(empty.status == 200, "\(empty.status) \(String(decoding: empty.body, as: UTF8.self))")
    }
}
