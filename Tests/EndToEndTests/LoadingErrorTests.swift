import Foundation
import MapWireProtocol
import Testing

/// Failures while loading: each gives its documented map-loading-error and the core keeps going.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct LoadingErrorTests {
    @Test func missingTileGivesTileErrorAndTheMapStillGoesIdle() throws {
        let run = try TestRun()
        try run.startCore()
        try run.start("mapwire-loader")
        let tiles = TestStyles.coveringTiles()
        let missing = tiles[0]
        try TestStyles.writeTiles(Array(tiles.dropFirst()), into: run.file("tiles"))
        let style = run.file("style.json")
        try TestStyles.vectorStyle(tiles: "file://\(run.file("tiles").path)/{z}/{x}/{y}.pbf").write(to: style, atomically: true, encoding: .utf8)
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })

        let tileErrors = log.loadingErrors.filter { $0.type == .tile }
        #expect(tileErrors.count == 1)
        let error = try #require(tileErrors.first)
        #expect(error.sourceID == "town")
        #expect(error.tileID.z == UInt32(missing.z) && error.tileID.x == UInt32(missing.x) && error.tileID.y == UInt32(missing.y))
        #expect(error.message.contains("no such file"))
        let json = try #require(log.events.first { $0.topic == "map-loading-error" }?.envelope.monitorJSON?.serialized)
        #expect(json.contains("\"type\":\"tile\"") && json.contains("\"source-id\":\"town\"")
                && json.contains("\"tile-id\":{\"z\":\(missing.z),\"x\":\(missing.x),\"y\":\(missing.y)}"))
        let failed = log.resourceRequests.filter { $0.request.kind == .tile && $0.response.hasError }
        #expect(failed.map(\.response.error.reason) == [.notFound])
        #expect(log.index(of: "render-frame-finished") { if case .renderFrameFinished(let f) = $0 { f.renderMode == .full } else { false } } != nil)
    }

    @Test func missingSpriteIsNotFatal() throws {
        let run = try TestRun()
        try run.startCore()
        try run.start("mapwire-loader")
        let tiles = TestStyles.coveringTiles()
        try TestStyles.writeTiles(tiles, into: run.file("tiles"))
        let style = run.file("style.json")
        try TestStyles.vectorStyle(tiles: "file://\(run.file("tiles").path)/{z}/{x}/{y}.pbf", sprite: "nosuchsprite")
            .write(to: style, atomically: true, encoding: .utf8)
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        #expect(log.loadingErrors.map(\.type) == [.sprite, .sprite])
        #expect(log.loadingErrors[0].message.contains(run.file("nosuchsprite.json").path))
        let spriteLoaded = try #require(log.index(of: "style-data-loaded") { if case .styleDataLoaded(let s) = $0 { s.type == .sprite } else { false } })
        let styleLoaded = try #require(log.index(of: "style-loaded"))
        #expect(spriteLoaded < styleLoaded)
        #expect(log.topics.filter { $0 == "map-loaded" }.count == 1)
    }

    @Test func missingStyleFileFailsUpWithTheError() throws {
        let run = try TestRun()
        let result = try run.mapwire(["up", "--run-dir", run.runDirectory.path, "--style", run.file("absent.json").path,
                                      "--exit-when", "idle", "--timeout", "20"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("map-loading-error (style)"))
        #expect(result.stderr.contains("no such file"))
    }

    @Test func unparsableStyleGivesStyleErrorAndTheCoreKeepsServing() throws {
        let run = try TestRun()
        try run.startCore()
        let events = try run.subscribe()
        let reply = try run.send(.setStyleJson(.with { $0.json = "{\"version\": 7, \"sources\": {}, \"layers\": []}" }))
        #expect(!reply.ok)
        #expect(reply.error.contains("version 7"))
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 5) { topic, _ in topic == "map-loading-error" })
        #expect(log.loadingErrors.first?.type == .style)
        #expect(try run.send(.ping(.init())).ok)
    }
}
