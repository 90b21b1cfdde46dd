import Foundation
import MapWireClient
import MapWireProtocol
import Testing

/// Styles and tiles over HTTP(S) from a real nginx on loopback, through the real core and loader.
@Suite(.serialized, .enabled(if: Binaries.available && NginxServer.available, "needs the executables (swift build) and nginx (apt-get install -y nginx)"))
struct HTTPLoadTests {
    /// Puts the test style and its tiles on `server`; returns the style's URL.
    static func publishStyle(on server: NginxServer, folder: String = "fresh", drawable: Bool = false) throws -> String {
        for tile in TestStyles.coveringTiles() {
            try server.put("\(folder)/tiles/\(tile.z)/\(tile.x)/\(tile.y).pbf", drawable ? TestStyles.drawableTile : Data("tile \(tile)".utf8))
        }
        try server.put("\(folder)/style.json", TestStyles.vectorStyle(tiles: "\(server.baseURL)/\(folder)/tiles/{z}/{x}/{y}.pbf"))
        return "\(server.baseURL)/\(folder)/style.json"
    }

    /// Sets the style and collects events until map-idle.
    static func loadToIdle(_ run: TestRun, _ url: String, events: EventSubscriber, timeout: TimeInterval = 20) throws -> EventLog {
        #expect(try run.send(.setStyleUri(.with { $0.uri = url })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: timeout) { topic, _ in topic == "map-idle" }, "no map-idle for \(url)")
        return log
    }

    @Test func styleAndTilesOverHTTPGoIdleFromTheNetwork() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try Self.publishStyle(on: nginx)
        try run.startCore()
        try run.start("mapwire-loader")
        let events = try run.subscribe()
        let log = try Self.loadToIdle(run, styleURL, events: events)

        #expect(log.loadingErrors.isEmpty, "\(log.loadingErrors.map(\.message))")
        let style = try #require(log.resourceRequests.first { $0.request.kind == .style })
        #expect(style.request.url == styleURL)
        #expect(style.dataSource == .network && style.response.source == .network)
        #expect(!style.response.hasError && style.response.size > 0)
        // nginx's validators and the `expires 1h` of /fresh/ come through as response fields.
        #expect(style.response.hasEtag && style.response.hasModified && style.response.hasExpires)
        #expect(style.response.modified.hasSuffix(" GMT") && style.response.expires.hasSuffix(" GMT"))
        let tiles = log.resourceRequests.filter { $0.request.kind == .tile }
        #expect(tiles.count == TestStyles.coveringTiles().count)
        #expect(tiles.allSatisfy { $0.dataSource == .network && !$0.response.hasError && $0.response.size > 0 })
        #expect(nginx.accessLog.contains("GET /fresh/style.json"))
        // With no --cache, the loader's cache is the default one ($XDG_CACHE_HOME/mapwire/cache.db).
        #expect(FileManager.default.fileExists(atPath: run.file("xdg-cache/mapwire/cache.db").path))
    }

    @Test func aMissingTileIsNoContentAndAMissingStyleIsNotFound() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try Self.publishStyle(on: nginx)
        let missing = TestStyles.coveringTiles()[0]
        try FileManager.default.removeItem(at: nginx.www.appendingPathComponent("fresh/tiles/\(missing.z)/\(missing.x)/\(missing.y).pbf"))
        try run.startCore()
        try run.start("mapwire-loader")
        let events = try run.subscribe()
        let log = try Self.loadToIdle(run, styleURL, events: events)
        let empty = log.resourceRequests.filter { $0.request.kind == .tile && $0.response.noContent }
        #expect(empty.count == 1 && empty.first?.request.url.hasSuffix("/\(missing.z)/\(missing.x)/\(missing.y).pbf") == true)
        #expect(log.loadingErrors.isEmpty)

        #expect(try run.send(.setStyleUri(.with { $0.uri = "\(nginx.baseURL)/absent.json" })).ok)
        var failed = EventLog()
        #expect(try failed.collect(from: events) { topic, _ in topic == "map-loading-error" })
        let error = try #require(failed.resourceRequests.first { $0.request.url.hasSuffix("/absent.json") })
        #expect(error.response.error.reason == .notFound && error.response.error.message.contains("404"))
    }

    @Test func httpsWithTheTestCAOnlyThroughCAFile() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run, tls: true)
        let styleURL = try Self.publishStyle(on: nginx)
        try run.startCore()
        let trusting = try run.start("mapwire-loader", ["--ca-file", try #require(nginx.caFile)])
        let events = try run.subscribe()
        let log = try Self.loadToIdle(run, styleURL, events: events)
        #expect(log.resourceRequests.first { $0.request.kind == .style }?.dataSource == .network)
        #expect(log.loadingErrors.isEmpty)

        // A loader without the CA refuses the server's certificate: `other`, with the TLS library's words.
        trusting.stop()
        try run.start("mapwire-loader")
        #expect(try run.send(.setStyleUri(.with { $0.uri = styleURL + "?again" })).ok)
        var failed = EventLog()
        #expect(try failed.collect(from: events) { topic, _ in topic == "map-loading-error" })
        let error = try #require(failed.resourceRequests.first { $0.request.kind == .style && $0.response.hasError })
        #expect(error.response.error.reason == .other)
        #expect(error.response.error.message.contains("TLS"), "\(error.response.error.message)")
    }

    @Test func mapwireUpLoadsAStyleFromTheWebToIdle() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        // Tiles the renderer can draw: `up --exit-when idle` exits 1 for a map drawn without its tiles.
        let styleURL = try Self.publishStyle(on: nginx, drawable: true)
        let result = try run.mapwire(["up", "--run-dir", run.runDirectory.path, "--style", styleURL, "--cache", run.file("cache.db").path,
                                      "--exit-when", "idle", "--timeout", "30"], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(nginx.accessLog.contains("GET /fresh/style.json HTTP/1.1 200"))
        #expect(FileManager.default.fileExists(atPath: run.file("cache.db").path))
    }
}
