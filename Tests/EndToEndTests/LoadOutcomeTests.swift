import Foundation
import MapWireClient
import MapWireProtocol
import MapWireTesting
import Testing

/// Never a success for a map drawn without its data: `mapwire snapshot` and `mapwire up --exit-when idle`
/// exit 1 listing what failed, judged by where each load stands at the end (a style the core retried and
/// got is no failure), and the load-status plugin says `failed` for a source whose tiles failed, with a
/// real outage: a tile server that is down, then started where it was.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LoadOutcomeTests {
    /// A style whose one vector source's tiles come from `base` (nothing need listen there).
    func style(_ run: TestRun, tilesAt base: String, name: String = "style.json") throws -> URL {
        let file = run.file(name)
        try TestStyles.vectorStyle(tiles: "\(base)/tiles/{z}/{x}/{y}.pbf").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func aSnapshotWhoseTilesFailedExitsOneListingThemAndWritesNothing() throws {
        let run = try TestRun()
        let down = "http://127.0.0.1:\(try FreePort.refused())"
        let style = try style(run, tilesAt: down)
        let out = run.file("out.png")
        let result = try run.mapwire(["snapshot", "-o", out.path, "--style", style.path, "--size", "512x512"], timeout: 90)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("mapwire snapshot: failed: tile 14/"), "\(result.stderr)")
        #expect(result.stderr.contains("of \"town\""), "\(result.stderr)")
        #expect(result.stderr.contains("no PNG written"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        figure("snapshot with its tile server down: \(result.stderr.split(separator: "\n").last ?? "")")

        let allowed = try run.mapwire(["snapshot", "-o", out.path, "--style", style.path, "--size", "512x512", "--allow-failures"], timeout: 90)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.contains("failed: tile"), "the failures are still listed: \(allowed.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aSnapshotShowsTheRenderersStyleWarnings() throws {
        let run = try TestRun()
        let style = run.file("bad-expression.json")
        try #"{"version": 8, "sources": {}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": ["no-such-operator", 1]}}]}"#
            .write(to: style, atomically: true, encoding: .utf8)
        let result = try run.mapwire(["snapshot", "-o", run.file("out.png").path, "--style", style.path, "--size", "64x64"], timeout: 90)
        #expect(result.status == 0, "\(result.stderr)")
        let warning = result.stderr.split(separator: "\n").first { $0.hasPrefix("renderer: ") && $0.contains("style: layer bg") }
        #expect(warning != nil, "\(result.stderr)")
        #expect(warning?.contains("warning") == true)
    }

    /// What the core does not draw (a layer type the specification does not have, terrain) is said by
    /// `snapshot` and by `up`, and the style still loads and is drawn.
    @Test func snapshotAndUpSayWhatTheStyleHasThatIsNotDrawn() throws {
        let run = try TestRun()
        let style = run.file("undrawn.json")
        try ##"{"version": 8, "terrain": {"source": "dem"}, "sources": {"dem": {"type": "raster-dem", "tiles": ["file:///nowhere/{z}/{x}/{y}.png"], "maxzoom": 0}}, "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#336699"}}, {"id": "odd", "type": "wobble", "source": "dem"}]}"##
            .write(to: style, atomically: true, encoding: .utf8)
        let out = run.file("out.png")
        let snapshot = try run.mapwire(["snapshot", "-o", out.path, "--style", style.path, "--size", "64x64", "--allow-failures"], timeout: 90)
        #expect(snapshot.status == 0, "\(snapshot.stderr)")
        #expect(snapshot.stderr.contains("mapwire snapshot: style warning: terrain is not drawn: the map is drawn flat"), "\(snapshot.stderr)")
        #expect(snapshot.stderr.contains(#"style warning: layer "odd" has type "wobble", which the style specification does not have: left out"#),
                "\(snapshot.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))

        let up = try run.mapwire(["up", "--run-dir", run.runDirectory.path, "--style", style.path, "--exit-when", "loaded", "--timeout", "60"], timeout: 90)
        #expect(up.stderr.contains("style-warning: terrain is not drawn: the map is drawn flat"), "\(up.stderr)")
        #expect(up.stderr.contains(#"style-warning: layer "odd" has type "wobble""#), "\(up.stderr)")
    }

    @Test func upExitsOneAtIdleListingTheTilesThatFailed() throws {
        let run = try TestRun()
        let style = try style(run, tilesAt: "http://127.0.0.1:\(try FreePort.refused())")
        let result = try run.mapwire(["up", "--run-dir", run.runDirectory.path, "--style", style.path,
                                      "--exit-when", "idle", "--timeout", "60"], timeout: 90)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("map-idle after"), "it reached idle: \(result.stdout)")
        #expect(result.stderr.contains("mapwire up: failed: tile 14/"), "\(result.stderr)")
        #expect(result.stderr.contains("connect"), "the reason: \(result.stderr)")
    }

    /// A 429 with `Retry-After: 1` on the style, which the core asks for again a second later and gets:
    /// the map loads, and that is a success.
    @Test func upExitsZeroWhenTheCoreRetriedTheStyleAndGotIt() throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        let url = "\(faults.baseURL)/429-once"
        let result = try run.mapwire(["up", "--run-dir", run.runDirectory.path, "--style", url, "--loader-argument=--cache-size=0",
                                      "--exit-when", "idle", "--timeout", "30"], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("map-loading-error (style)"), "the first answer was a 429: \(result.stderr)")
        #expect(result.stderr.contains("will ask for the style again"), "\(result.stderr)")
        #expect(faults.requestCounts()["/429-once"] == 2)
    }

    /// The same 429 for `mapwire snapshot`: it waits for the core's retry and draws the map.
    @Test func aSnapshotWaitsForTheStylesRetry() throws {
        let run = try TestRun()
        let faults = try FaultServer(in: run)
        let out = run.file("out.png")
        let result = try run.mapwire(["snapshot", "-o", out.path, "--style", "\(faults.baseURL)/429-once", "--size", "64x64",
                                      "--loader-argument=--cache-size=0"], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
        #expect(faults.requestCounts()["/429-once"] == 2)
    }

    /// The tile server is down: the source is `failed` with the tile named, and `mapwire status` says
    /// so; the server comes back where it was, the core's retry gets the tiles, and it is `loaded`.
    @Test(.enabled(if: NginxServer.available, "needs nginx (apt-get install -y nginx)"))
    func aSourceWhoseTilesFailedIsFailedUntilTheServerComesBack() throws {
        let run = try TestRun()
        let port = try FreePort.find()
        let style = try style(run, tilesAt: "http://127.0.0.1:\(port)")
        try run.startCore()
        try run.start("mapwire-loader", ["--cache-size", "0"])
        try run.start("mapwire-loadstatus")
        #expect(run.waitForPlugin(role: "load-status") && run.waitForPlugin(role: "loader"))
        let events = try run.subscribe(["load-status-changed"])
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        var log = EventLog()
        let failed = try log.collect(from: events, timeout: 30) { _, envelope in
            if case .loadStatusChanged(let c) = envelope.payload { c.target == "town" && c.status == .failed } else { false }
        }
        #expect(failed, "\(log.topics)")
        let status = try run.mapwire(["status", "--run-dir", run.runDirectory.path, "--format", "json"])
        let town = status.stdout.split(separator: "\n").first { $0.contains(#""target":"town""#) } ?? ""
        #expect(town.contains(#""status":"failed""#) && town.contains("failed to load ("), "\(status.stdout)")
        figure("load status with the tile server down: \(town)")

        // The server starts where it was, with the tiles; the core's next retry (1, 2, 4 … s) gets them.
        let nginx = try NginxServer(in: run, port: port)
        for tile in TestStyles.coveringTiles() { try nginx.put("tiles/\(tile.z)/\(tile.x)/\(tile.y).pbf", "tile \(tile)") }
        let loaded = try log.collect(from: events, timeout: 40) { _, envelope in
            if case .loadStatusChanged(let c) = envelope.payload { c.target == "town" && c.status == .loaded } else { false }
        }
        #expect(loaded, "\(log.topics)")
        #expect(try run.send(.getLoadStatus(.init())).loadStatus.statuses.first { $0.target == "town" }?.status == .loaded)
    }
}
