import Foundation
import MapEngine
import MapWireGeometry
import Testing

/// `mapwire offline download|list|status|delete` against nginx serving bright-v9, the Chicago tiles and
/// the Open Sans glyphs of ../shared/fixtures; then the map of the region with the server gone.
@Suite(.serialized, .enabled(if: Binaries.available && NginxServer.available, "needs the executables (swift build) and nginx (apt-get install -y nginx)"))
struct OfflineRegionTests {
    /// The 30 Chicago fixture tiles (z13, x 2098...2102, y 3042...3047), a hair inside their edges.
    static let bounds: String = {
        let northWest = WebMercator.unproject(x: 2098 * 512 + 1, y: 3042 * 512 + 1, zoom: 13)
        let southEast = WebMercator.unproject(x: 2103 * 512 - 1, y: 3048 * 512 - 1, zoom: 13)
        return "\(northWest.longitude),\(southEast.latitude),\(southEast.longitude),\(northWest.latitude)"
    }()

    /// bright-v9 with its source, glyphs and (no) sprite on nginx; the URL of the style.
    static func publishChicago(on nginx: NginxServer, fixtures: URL) throws -> String {
        let base = "\(nginx.baseURL)/fresh"
        var style = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.appendingPathComponent("styles/bright-v9.json"))) as? [String: Any])
        style["sources"] = ["mapbox": ["type": "vector", "url": "\(base)/streets.json"]]
        style["glyphs"] = "\(base)/fonts/{fontstack}/{range}.pbf"
        style["sprite"] = nil
        try nginx.put("fresh/style.json", JSONSerialization.data(withJSONObject: style))
        try nginx.put("fresh/streets.json", #"{"tiles": ["\#(base)/chicago/{z}-{x}-{y}.mvt"], "minzoom": 0, "maxzoom": 14}"#)
        let tiles = fixtures.appendingPathComponent("tiles/streets-v7/chicago")
        for name in try FileManager.default.contentsOfDirectory(atPath: tiles.path) where name.hasSuffix(".mvt") {
            try nginx.put("fresh/chicago/\(name)", Data(contentsOf: tiles.appendingPathComponent(name)))
        }
        // Each font stack served from its first font's folder (a link nginx follows).
        let fonts = nginx.www.appendingPathComponent("fresh/fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let document = try StyleDocument(data: Data(contentsOf: fixtures.appendingPathComponent("styles/bright-v9.json")), baseURL: nil)
        for stack in document.fontStacks {
            let first = fixtures.appendingPathComponent("glyphs/\(stack[0])")
            try FileManager.default.createSymbolicLink(at: fonts.appendingPathComponent(stack.joined(separator: ",")), withDestinationURL: first)
        }
        return "\(base)/style.json"
    }

    static func lines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func aDownloadedRegionRendersWithTheServerGone() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try Self.publishChicago(on: nginx, fixtures: fixtures)
        let cache = run.file("cache.db").path
        let download = try run.mapwire(["offline", "download", "chicago", "--style", styleURL, "--bounds=\(Self.bounds)",
                                        "--zoom", "13-13", "--cache", cache], timeout: 120)
        #expect(download.status == 0, "\(download.stderr)")
        // Not a terminal: JSON progress lines, the last one done.
        let progress = Self.lines(download.stdout)
        let last = try #require(progress.last)
        #expect(last["done"] as? Bool == true && last["failed"] as? Int == 0 && last["tiles"] as? Int == 30)
        #expect(last["fetched"] as? Int == last["completed"] as? Int)
        // Only the glyph ranges the labels need: a handful of the 256 ranges of each font.
        let glyphRequests = nginx.accessLog.split(separator: "\n").filter { $0.contains("/fonts/") }
        #expect(glyphRequests.count > 0 && glyphRequests.count < 30, "\(glyphRequests.count) glyph requests")
        #expect(nginx.accessLog.split(separator: "\n").filter { $0.contains(".mvt") }.count == 30)

        let status = try run.mapwire(["offline", "status", "chicago", "--cache", cache, "--format", "json"])
        #expect(status.status == 0)
        let region = try #require(Self.lines(status.stdout).first?["region"] as? [String: Any])
        #expect(region["complete"] as? Bool == true)

        // The server goes; a new map started offline on the same cache loads the region to idle.
        nginx.stop()
        let monitor = try run.start("mapwire", ["monitor", "--run-dir", run.runDirectory.path, "--format", "json"],
                                    name: "monitor", withRunDir: false)
        let up = try run.start("mapwire", [
            "up", "--run-dir", run.runDirectory.path, "--wait-subscribers", "1", "--exit-when", "idle", "--offline",
            "--cache", cache, "--plugins", "loader,renderer", "--style", styleURL,
            "--center=\(ChicagoLoadTests.center.longitude),\(ChicagoLoadTests.center.latitude)", "--zoom", "\(ChicagoLoadTests.zoom)",
            "--size", "\(ChicagoLoadTests.size.width)x\(ChicagoLoadTests.size.height)",
        ], name: "up", withRunDir: false)
        #expect(up.wait(timeout: 60) == 0, "mapwire up: \(up.stderr)")
        #expect(monitor.waitFor("\"type\":\"map-idle\"", inStderr: false))
        let events = Self.lines(monitor.stdout)
        let requests = events.filter { $0["type"] as? String == "resource-request" }.compactMap { $0["data"] as? [String: Any] }
        let answered = requests.filter { $0["response"] != nil }
        #expect(!answered.isEmpty)
        #expect(answered.allSatisfy { $0["data-source"] as? String == "database" && ($0["response"] as? [String: Any])?["error"] == nil })
        #expect(answered.contains { (($0["request"] as? [String: Any])?["kind"] as? String) == "glyphs" })
        let errors = events.filter { $0["type"] as? String == "map-loading-error" }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func aSecondDownloadResumesWithoutFetchingAgainAndDeleteRemovesTheRegion() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try Self.publishChicago(on: nginx, fixtures: fixtures)
        let cache = run.file("cache.db").path
        let arguments = ["offline", "download", "chicago", "--style", styleURL, "--bounds=\(Self.bounds)", "--zoom", "13", "--cache", cache]
        #expect(try run.mapwire(arguments, timeout: 120).status == 0)
        let requestsBefore = nginx.accessLog.split(separator: "\n").count

        let again = try run.mapwire(arguments, timeout: 120)
        #expect(again.status == 0, "\(again.stderr)")
        let last = try #require(Self.lines(again.stdout).last)
        #expect(last["fetched"] as? Int == 0 && last["already-there"] as? Int == last["completed"] as? Int)
        #expect(nginx.accessLog.split(separator: "\n").count == requestsBefore)

        // Another definition under the same name is refused, not mixed in.
        let other = try run.mapwire(["offline", "download", "chicago", "--style", styleURL, "--bounds=\(Self.bounds)", "--zoom", "12-13", "--cache", cache])
        #expect(other.status == 1 && other.stderr.contains("another definition"))

        let list = try run.mapwire(["offline", "list", "--cache", cache])
        #expect(list.stdout.contains("chicago:") && list.stdout.contains("complete"))
        #expect(try run.mapwire(["offline", "delete", "chicago", "--cache", cache]).status == 0)
        #expect(try run.mapwire(["offline", "list", "--cache", cache]).stdout.isEmpty)
        let missing = try run.mapwire(["offline", "status", "chicago", "--cache", cache])
        #expect(missing.status == 1 && missing.stderr.contains("no region named"))
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func tooManyTilesAreRefusedBeforeAnyTileIsFetched() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let styleURL = try Self.publishChicago(on: nginx, fixtures: fixtures)
        let refused = try run.mapwire(["offline", "download", "chicago", "--style", styleURL, "--bounds=\(Self.bounds)",
                                       "--zoom", "13", "--max-tiles", "10", "--cache", run.file("cache.db").path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("30 tiles, more than the limit of 10"), "\(refused.stderr)")
        #expect(!nginx.accessLog.contains(".mvt"))
    }

    @Test func badArgumentsAndAnUnreachableServerGiveClearErrors() throws {
        let run = try TestRun()
        let cache = run.file("cache.db").path
        let badBounds = try run.mapwire(["offline", "download", "x", "--style", "http://127.0.0.1:9/s.json", "--bounds", "9,47,8,48", "--zoom", "1", "--cache", cache])
        #expect(badBounds.status != 0 && badBounds.stderr.contains("--bounds"))
        let local = try run.mapwire(["offline", "download", "x", "--style", "file:///tmp/s.json", "--bounds", "8,47,9,48", "--zoom", "1", "--cache", cache])
        #expect(local.status != 0 && local.stderr.contains("http"))
        let port = try FreePort.refused()
        let unreachable = try run.mapwire(["offline", "download", "x", "--style", "http://127.0.0.1:\(port)/s.json",
                                           "--bounds", "8,47,9,48", "--zoom", "1", "--cache", cache], timeout: 90)
        #expect(unreachable.status == 1 && unreachable.stderr.contains("could not load the style"), "\(unreachable.stderr)")
    }
}
