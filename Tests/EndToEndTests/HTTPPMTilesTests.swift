import Foundation
import MapWireProtocol
import Testing

/// `pmtiles://http://…`: an archive written by the PyPI `pmtiles` package, served by nginx, read by
/// the real loader with Range requests (header and directories once, then a range per tile).
@Suite(.serialized, .enabled(if: Binaries.available && NginxServer.available, "needs the executables (swift build) and nginx (apt-get install -y nginx)"))
struct HTTPPMTilesTests {
    static let writer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/write-pmtiles.py").path

    @Test(.enabled(if: Prerequisites.pmtiles, Prerequisites.pmtilesMissing))
    func aRemoteArchiveLoadsOverRangeRequests() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let tiles = TestStyles.coveringTiles()
        var entries: [[Any]] = []
        for tile in tiles.dropFirst() {
            let file = run.file("tile-\(tile.z)-\(tile.x)-\(tile.y).bin").path
            try Data("tile \(tile)".utf8).write(to: URL(fileURLWithPath: file))
            entries.append([tile.z, tile.x, tile.y, file])
        }
        let archive = nginx.www.appendingPathComponent("town.pmtiles").path
        let spec = run.file("spec.json")
        try JSONSerialization.data(withJSONObject: [
            "output": archive, "tile_type": "mvt", "tile_compression": "gzip", "tiles": entries,
            "metadata": ["name": "town", "vector_layers": [["id": "road"]]]] as [String: Any]).write(to: spec)
        let write = try run.startProgram("/usr/bin/env", ["python3", Self.writer, spec.path], name: "write-pmtiles")
        #expect(write.wait(timeout: 60) == 0, "\(write.stderr)")

        let sourceURL = "pmtiles://\(nginx.baseURL)/town.pmtiles"
        try nginx.put("style.json", """
            {"version": 8, "center": [\(TestStyles.center.longitude), \(TestStyles.center.latitude)], "zoom": 14,
             "sources": {"town": {"type": "vector", "url": "\(sourceURL)"}},
             "layers": [{"id": "roads", "type": "line", "source": "town", "source-layer": "road"}]}
            """)
        try run.startCore()
        try run.start("mapwire-loader", ["--cache", run.file("cache.db").path])
        let events = try run.subscribe()
        let log = try HTTPLoadTests.loadToIdle(run, "\(nginx.baseURL)/style.json", events: events)
        #expect(log.loadingErrors.isEmpty, "\(log.loadingErrors.map(\.message))")
        let source = try #require(log.resourceRequests.first { $0.request.kind == .source })
        #expect(source.request.url == sourceURL && source.dataSource == .network && !source.response.hasError)
        let loaded = log.resourceRequests.filter { $0.request.kind == .tile && !$0.cancelled }
        #expect(loaded.count == tiles.count)
        // The one tile left out of the archive is an empty tile, the rest are data.
        #expect(loaded.filter { $0.response.noContent }.count == 1)
        #expect(loaded.filter { $0.response.size > 0 && !$0.response.hasError }.count == tiles.count - 1)
        #expect(nginx.accessLog.contains("GET /town.pmtiles HTTP/1.1 206"))

        // Offline, the style comes from the cache and the remote archive is not asked for.
        let rangeRequests = nginx.accessLog.components(separatedBy: "town.pmtiles").count
        #expect(try run.send(.setNetworkStatus(.with { $0.status = .offline })).ok)
        #expect(try run.send(.setStyleUri(.with { $0.uri = "\(nginx.baseURL)/style.json" })).ok)
        var offline = EventLog()
        #expect(try offline.collect(from: events) { _, envelope in
            if case .resourceRequest(let r)? = envelope.payload { return r.request.url == sourceURL && r.response.hasError }
            return false
        })
        #expect(offline.resourceRequests.last { $0.request.url == sourceURL }?.response.error.reason == .inOfflineMode)
        #expect(nginx.accessLog.components(separatedBy: "town.pmtiles").count == rangeRequests)
    }

    /// An archive whose server cannot be reached fails as `connection`, as any other remote resource,
    /// so the core retries it on that schedule (not as `other`, which it never retries).
    @Test func anUnreachableRemoteArchiveIsAConnectionFailure() throws {
        let run = try TestRun()
        let sourceURL = "pmtiles://http://127.0.0.1:\(try FreePort.refused())/gone.pmtiles"
        try run.startCore()
        try run.start("mapwire-loader", ["--cache-size", "0", "--http-timeout-ms", "3000"])
        let events = try run.subscribe()
        #expect(try run.send(.setStyleJson(.with {
            $0.json = #"{"version": 8, "sources": {"gone": {"type": "vector", "url": "\#(sourceURL)"}}, "layers": []}"#
        })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 30) { _, envelope in
            if case .resourceRequest(let r)? = envelope.payload { return r.request.url == sourceURL && r.response.hasError }
            return false
        })
        let failure = try #require(log.resourceRequests.last { $0.request.url == sourceURL })
        #expect(failure.response.error.reason == .connection, "\(failure.response.error)")
        #expect(failure.response.error.message.contains("gone.pmtiles"))
    }
}
