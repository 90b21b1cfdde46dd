import Foundation
import MapWireGeometry
import MapWireProtocol
import Testing

/// bright-v9, a real Mapbox style, over the real Chicago streets-v7 tiles from ../shared/fixtures.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ChicagoLoadTests {
    static let center = LngLat(longitude: -87.625, latitude: 41.875)
    static let zoom = 13.6
    static let size = ViewportSize(width: 1024, height: 768)

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func brightV9OverChicagoReachesIdleWithOneRequestPerCoveringTile() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        let monitor = try run.start("mapwire", ["monitor", "--run-dir", run.runDirectory.path, "--format", "json"],
                                    name: "monitor", withRunDir: false)
        let up = try run.start("mapwire", [
            "up", "--run-dir", run.runDirectory.path, "--wait-subscribers", "1", "--exit-when", "idle",
            "--style", fixtures.appendingPathComponent("styles/bright-v9.json").path,
            "--rewrite", "mapbox://mapbox.mapbox-streets-v7=file://\(fixtures.path)/tiles/streets-v7/chicago/{z}-{x}-{y}.mvt",
            "--rewrite", "mapbox://fonts/mapbox/=file://\(fixtures.path)/glyphs/",
            "--center=\(Self.center.longitude),\(Self.center.latitude)", "--zoom", "\(Self.zoom)",
            "--size", "\(Self.size.width)x\(Self.size.height)",
        ], name: "up", withRunDir: false)
        #expect(up.wait(timeout: 60) == 0, "mapwire up: \(up.stderr)")
        #expect(monitor.waitFor("\"type\":\"map-idle\"", inStderr: false))
        let lines = monitor.stdout.split(separator: "\n").map(String.init)
        let events = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(events.count == lines.count, "every monitor line is a JSON object")

        let expected = TileCover.tiles(for: Transform(camera: Camera(center: Self.center, zoom: Self.zoom), size: Self.size),
                                       tileSize: 512, minZoom: 0, maxZoom: 14, roundZoom: false)
        let tileRequests = events.filter { ($0["type"] as? String) == "resource-request" }
            .compactMap { ($0["data"] as? [String: Any])?["request"] as? [String: Any] }
            .filter { ($0["kind"] as? String) == "tile" }
        #expect(tileRequests.count == expected.count)
        let urls = Set(tileRequests.compactMap { $0["url"] as? String })
        #expect(urls == Set(expected.map { "file://\(fixtures.path)/tiles/streets-v7/chicago/\($0.z)-\($0.x)-\($0.y).mvt" }))

        // No sprite for bright-v9 in the fixtures: a sprite error, and style-loaded all the same.
        let errors = events.filter { ($0["type"] as? String) == "map-loading-error" }.compactMap { $0["data"] as? [String: Any] }
        #expect(errors.map { $0["type"] as? String } == ["sprite", "sprite"])
        let types = events.compactMap { $0["type"] as? String }
        #expect(types.contains("style-loaded") && types.last == "map-idle")
        // Glyph stacks such as "Open Sans Semibold,Arial Unicode MS Bold" are served from their first font.
        let glyphResponses = events.filter { ($0["type"] as? String) == "resource-request" }
            .compactMap { $0["data"] as? [String: Any] }
            .filter { (($0["request"] as? [String: Any])?["kind"] as? String) == "glyphs" }
        #expect(!glyphResponses.isEmpty)
        #expect(glyphResponses.allSatisfy { ($0["response"] as? [String: Any])?["error"] == nil })

        // A second opinion: the shared checker reads the same capture.
        if let checker = SharedFixtures.directory?.appendingPathComponent("tools/check-sequence"),
           FileManager.default.isExecutableFile(atPath: checker.path) {
            let check = try TestProcess(checker.path, [monitor.stdoutPath], in: run.directory, name: "check")
            #expect(check.wait(timeout: 30) == 0, "check-sequence: \(check.stdout)")
        }
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func eachBrokenMBTilesFixtureGivesAClearErrorWhileTheCoreKeepsServing() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        try run.startCore()
        try run.start("mapwire-loader")
        let events = try run.subscribe()
        #expect(try run.send(.setStyleJson(.with { $0.json = #"{"version":8,"sources":{},"layers":[{"id":"bg","type":"background"}]}"# })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })

        let broken = ["invalid.mbtiles", "invalid-tile-format.mbtiles", "corrupt.mbtiles"]
        for name in broken {
            let path = fixtures.appendingPathComponent("mbtiles/\(name)").path
            #expect(try run.send(.addSource(.with { $0.id = name; $0.json = #"{"type":"vector","url":"mbtiles://\#(path)"}"# })).ok)
            log = EventLog()
            #expect(try log.collect(from: events) { topic, _ in topic == "map-loading-error" })
            let error = try #require(log.loadingErrors.first)
            #expect(error.type == .source && error.sourceID == name)
            #expect(error.message.contains(name), "the message names the file: \(error.message)")
            #expect(try run.send(.ping(.init())).ok, "the core still answers after \(name)")
        }
        // The good file next to them still loads.
        let good = fixtures.appendingPathComponent("mbtiles/world_cities.mbtiles").path
        #expect(try run.send(.addSource(.with { $0.id = "cities"; $0.json = #"{"type":"vector","url":"mbtiles://\#(good)"}"# })).ok)
        log = EventLog()
        #expect(try log.collect(from: events) { topic, payload in
            if case .sourceDataLoaded(let s) = payload.payload { s.id == "cities" && s.type == .metadata } else { false }
        })
        // A tileset without a center still gives metadata (a center is derived).
        let missingCenter = fixtures.appendingPathComponent("mbtiles/world_cities_missing_center.mbtiles").path
        #expect(try run.send(.addSource(.with { $0.id = "nocenter"; $0.json = #"{"type":"vector","url":"mbtiles://\#(missingCenter)"}"# })).ok)
        log = EventLog()
        #expect(try log.collect(from: events) { topic, payload in
            if case .sourceDataLoaded(let s) = payload.payload { s.id == "nocenter" && s.type == .metadata } else { false }
        })
    }
}
