import Foundation
import MapWireProcess
import MapWireFormats
@testable import MapWireLoader
import MapWireProtocol
import Testing

/// `pmtiles://` through the loader, on archives written by the PyPI `pmtiles` package.
@Suite(.enabled(if: PyPIArchive.isAvailable, "python3 with the pmtiles package is missing: scripts/install-deps --tests"))
struct PMTilesLoaderTests {
    let folder: URL = {
        let url = URL(fileURLWithPath: "/tmp/mwpmt-\(UUID().uuidString.prefix(8))/with space")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func request(_ url: String, _ kind: Mapwire_V1_ResourceKind) -> Mapwire_V1_LoadResource {
        .with { $0.request = .with { $0.url = url; $0.kind = kind } }
    }

    /// Three z1 tiles, gzip-compressed in the archive; 1/1/1 is left out.
    func writeArchive(_ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        var tiles: [[Any]] = []
        for (x, y) in [(0, 0), (1, 0), (0, 1)] {
            let file = path + ".\(x)-\(y).bin"
            try Data("tile 1/\(x)/\(y)".utf8).write(to: URL(fileURLWithPath: file))
            tiles.append([1, x, y, file])
        }
        try PyPIArchive.write(["output": path, "tile_type": "mvt", "tile_compression": "gzip", "tiles": tiles,
                               "metadata": ["name": "three", "vector_layers": [["id": "things"]]]])
        return path
    }

    static func encoded(_ path: String) -> String { path.replacingOccurrences(of: " ", with: "%20") }

    @Test func servesTileJSONWhoseTilesComeBackHereAndEmptyTilesAsNoContent() throws {
        let path = try writeArchive("three.pmtiles")
        let loader = ResourceLoader(configuration: .init())
        let tileJSON = loader.load(request("pmtiles://\(Self.encoded(path))", .source))
        #expect(!tileJSON.response.hasError, "\(tileJSON.response.error.message)")
        #expect(tileJSON.dataSource == .fileSystem && tileJSON.response.source == .tileStore)
        let object = try #require(try JSONSerialization.jsonObject(with: tileJSON.data) as? [String: Any])
        let template = try #require((object["tiles"] as? [String])?.first)
        #expect(template == "pmtiles://\(Self.encoded(path))/{z}/{x}/{y}")
        #expect(object["minzoom"] as? Int == 1 && object["maxzoom"] as? Int == 1 && object["format"] as? String == "pbf")
        #expect((object["vector_layers"] as? [[String: Any]])?.first?["id"] as? String == "things")

        func tileURL(_ z: Int, _ x: Int, _ y: Int) -> String {
            template.replacingOccurrences(of: "{z}", with: "\(z)").replacingOccurrences(of: "{x}", with: "\(x)")
                .replacingOccurrences(of: "{y}", with: "\(y)")
        }
        let tile = loader.load(request(tileURL(1, 1, 0), .tile))
        #expect(tile.data == Data("tile 1/1/0".utf8) && !tile.response.hasError)
        #expect(tile.dataSource == .fileSystem && tile.response.source == .tileStore)
        for (z, x, y) in [(1, 1, 1), (0, 0, 0), (5, 3, 3), (1, 7, 0)] {
            let empty = loader.load(request(tileURL(z, x, y), .tile))
            #expect(empty.response.noContent && !empty.response.hasError, "\(z)/\(x)/\(y)")
        }
        let bad = loader.load(request("pmtiles://\(Self.encoded(path))/1/x", .tile))
        #expect(bad.response.error.reason == .other && bad.response.error.message.contains("/z/x/y"))
    }

    @Test func missingAndBrokenArchivesGiveClearErrorsAndAFixedFileLoadsNextTime() throws {
        let loader = ResourceLoader(configuration: .init())
        let missing = loader.load(request("pmtiles://\(folder.path)/absent.pmtiles", .source))
        #expect(missing.response.error.reason == .notFound && missing.response.error.message.contains("absent.pmtiles"))

        let path = folder.appendingPathComponent("later.pmtiles").path
        try Data(("SQLite format 3\0" + String(repeating: ".", count: 300)).utf8).write(to: URL(fileURLWithPath: path))
        let broken = loader.load(request("pmtiles://\(path)", .source))
        #expect(broken.response.error.reason == .other)
        #expect(broken.response.error.message.contains(path) && broken.response.error.message.contains("not a PMTiles archive"))

        let good = try writeArchive("good.pmtiles")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: good, toPath: path)
        #expect(!loader.load(request("pmtiles://\(path)", .source)).response.hasError, "failures are not cached")

        let noArchive = loader.load(request("pmtiles:///tmp/some/folder", .source))
        #expect(noArchive.response.error.message.contains("names a .pmtiles archive"))
        let remote = loader.load(request("pmtiles://https://example.invalid/world.pmtiles", .source))
        #expect(remote.response.error.reason == .other && remote.response.error.message.contains("local paths only"))
    }

    /// The plug for HTTP: a source that only reads asynchronously is driven from the loader's
    /// worker thread (a `Thread`, as in the plugin), never from the cooperative pool.
    @Test func anAsynchronousSourceIsServedThroughTheSamePath() throws {
        let path = try writeArchive("async.pmtiles")
        let answers = Answers()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let archives = PMTilesArchives { location throws(PMTilesError) in
                AsyncOnlySource(file: try PMTilesFileSource(path: location.replacingOccurrences(of: "/remote", with: "")))
            }
            answers.set(archives.load("pmtiles:///remote\(Self.encoded(path))", kind: .source),
                        archives.load("pmtiles:///remote\(Self.encoded(path))/1/0/1", kind: .tile))
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 30) == .success)
        let (tileJSON, tile) = try #require(answers.get())
        #expect(!tileJSON.response.hasError, "\(tileJSON.response.error.message)")
        #expect(tile.data == Data("tile 1/0/1".utf8))
    }

    /// Async callers (a loader answering many requests at once) use `loadAsync`, same answers.
    @Test func loadAsyncGivesTheSameAnswers() async throws {
        let path = try writeArchive("direct.pmtiles")
        let archives = PMTilesArchives()
        let tileJSON = await archives.loadAsync("pmtiles://\(Self.encoded(path))", kind: .source)
        #expect(!tileJSON.response.hasError && tileJSON.dataSource == .fileSystem)
        #expect(await archives.loadAsync("pmtiles://\(Self.encoded(path))/1/1/0", kind: .tile).data == Data("tile 1/1/0".utf8))
        #expect(await archives.loadAsync("pmtiles://\(Self.encoded(path))/1/1/1", kind: .tile).response.noContent)
        let missing = await archives.loadAsync("pmtiles://\(folder.path)/absent.pmtiles/1/1/1", kind: .tile)
        #expect(missing.response.error.reason == .notFound)
    }

    @Test func urlsParseIntoArchiveAndTile() {
        guard case .request(let source) = PMTilesArchives.parse("pmtiles:///data/my%20maps/a.pmtiles") else { Issue.record("source"); return }
        #expect(source.location == "/data/my maps/a.pmtiles" && source.tile == nil && source.isLocal)
        #expect(source.template == "pmtiles:///data/my%20maps/a.pmtiles/{z}/{x}/{y}")
        guard case .request(let tile) = PMTilesArchives.parse("pmtiles:///a.pmtiles/3/2/1") else { Issue.record("tile"); return }
        #expect(tile.tile?.z == 3 && tile.tile?.x == 2 && tile.tile?.y == 1)
        guard case .request(let remote) = PMTilesArchives.parse("pmtiles://https://example.com/w.pmtiles/0/0/0") else { Issue.record("remote"); return }
        #expect(remote.location == "https://example.com/w.pmtiles" && !remote.isLocal)
        #expect(remote.template == "pmtiles://https://example.com/w.pmtiles/{z}/{x}/{y}")
        guard case .invalid = PMTilesArchives.parse("pmtiles:///a.pmtiles/3/2") else { Issue.record("short tile path"); return }
        guard case .invalid = PMTilesArchives.parse("pmtiles:///folder") else { Issue.record("no archive"); return }
    }
}

/// Answers handed from the test's thread back (written once, then read).
final class Answers: @unchecked Sendable {
    // @unchecked Sendable: `set` runs before the semaphore is signalled and `get` after it is waited on.
    private var value: (Mapwire_V1_ResourceData, Mapwire_V1_ResourceData)?
    func set(_ a: Mapwire_V1_ResourceData, _ b: Mapwire_V1_ResourceData) { value = (a, b) }
    func get() -> (Mapwire_V1_ResourceData, Mapwire_V1_ResourceData)? { value }
}

/// Reads a file, but only asynchronously, as an HTTP Range source would.
final class AsyncOnlySource: PMTilesByteSource {
    let file: PMTilesFileSource
    init(file: PMTilesFileSource) { self.file = file }
    var name: String { file.name }
    func read(offset: UInt64, length: Int) async throws -> Data {
        await Task.yield()
        return try file.readNow(offset: offset, length: length)
    }
}

/// Runs Tests/Scripts/write-pmtiles.py (the PyPI `pmtiles` writer) with a spec.
enum PyPIArchive {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/write-pmtiles.py").path
    static let isAvailable = (try? python(["-c", "import pmtiles"])) != nil

    static func write(_ spec: [String: Any]) throws {
        let specPath = try #require(spec["output"] as? String) + ".spec.json"
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        try python([script, specPath])
    }

    private static func python(_ arguments: [String]) throws {
        try ChildProcess.runToEnd("/usr/bin/env", ["python3"] + arguments)
    }
}
