import Foundation
import MapWireFormats
import MapWireHTTP
import MapWireLoader
import MapWireProtocol
import Testing

@Suite struct ResourceLoaderTests {
    let folder: URL = {
        let url = URL(fileURLWithPath: "/tmp/mwload-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func request(_ url: String, _ kind: Mapwire_V1_ResourceKind) -> Mapwire_V1_LoadResource {
        .with { $0.request = .with { $0.url = url; $0.kind = kind } }
    }

    func write(_ text: String, to name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func servesFilesWithTheirMetadata() throws {
        let file = try write("{\"version\":8}", to: "style.json")
        let answer = ResourceLoader(configuration: .init()).load(request("file://\(file.path)", .style))
        #expect(answer.data == Data("{\"version\":8}".utf8))
        #expect(answer.dataSource == .fileSystem && answer.response.source == .localFile)
        #expect(answer.response.size == 13 && !answer.response.hasError)
        #expect(answer.response.modified.hasSuffix(" GMT") && answer.response.hasEtag)
    }

    @Test func aFileURLsQueryAndFragmentAreNotPartOfItsPath() throws {
        // Glyph and sprite templates keep a style's `?access_token=…` when they are filled in.
        let glyphs = try write("glyphs", to: "Font A/0-255.pbf")
        let loader = ResourceLoader(configuration: .init())
        #expect(loader.load(request("file://\(glyphs.path)?access_token=abc", .glyphs)).data == Data("glyphs".utf8))
        let sprite = try write("{}", to: "sprite@2x.json")
        #expect(loader.load(request("file://\(sprite.path)?fresh=1#top", .spriteJson)).data == Data("{}".utf8))
        #expect(loader.loadSmallFile(request("file://\(sprite.path)?fresh=1", .spriteJson), limit: 4096)?.data == Data("{}".utf8))
    }

    @Test func aMissingFileIsNotFoundAndADirectoryIsAnError() {
        let loader = ResourceLoader(configuration: .init())
        let missing = loader.load(request("file://\(folder.path)/nope.pbf", .tile))
        #expect(missing.response.error.reason == .notFound)
        #expect(missing.response.error.message == "no such file: \(folder.path)/nope.pbf")
        let directory = loader.load(request("file://\(folder.path)", .tile))
        #expect(directory.response.error.reason == .other && directory.response.error.message.contains("is a directory"))
    }

    /// The runner-thread shortcut answers small files exactly as `load` does and leaves everything else to it.
    @Test func smallFilesAreAnsweredAtOnceAsLoadAnswersThem() throws {
        let loader = ResourceLoader(configuration: .init())
        let small = try write(String(repeating: "x", count: 1000), to: "small.bin")
        let large = try write(String(repeating: "y", count: 5000), to: "large.bin")
        let smallRequest = request("file://\(small.path)", .tile)
        #expect(loader.loadSmallFile(smallRequest, limit: 4096) == loader.load(smallRequest))
        #expect(loader.loadSmallFile(request("file://\(large.path)", .tile), limit: 4096) == nil)
        let missing = request("file://\(folder.path)/nope.pbf", .tile)
        #expect(loader.loadSmallFile(missing, limit: 4096) == loader.load(missing))
        #expect(loader.loadSmallFile(request("file://\(folder.path)", .tile), limit: 4096) == nil)
        #expect(loader.loadSmallFile(request("file://\(small.path)", .glyphs), limit: 4096) == nil)
        #expect(loader.loadSmallFile(request("mbtiles://\(small.path)", .tile), limit: 4096) == nil)
    }

    @Test func gzippedTileFilesAreDeliveredInflated() throws {
        let tile = folder.appendingPathComponent("14/1/2.pbf")
        try FileManager.default.createDirectory(at: tile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Gzip.compress(Data("raw tile".utf8)).write(to: tile)
        let answer = ResourceLoader(configuration: .init()).load(request("file://\(tile.path)", .tile))
        #expect(answer.data == Data("raw tile".utf8))
    }

    @Test func rewritesMapURLsToLocalFilesAndMakesTileJSONForTemplates() throws {
        let config = LoaderConfiguration(rewrites: [
            URLRewrite(from: "mapbox://streets", to: "file://\(folder.path)/{z}-{x}-{y}.mvt", minZoom: 2, maxZoom: 13),
            try #require(URLRewrite(argument: "mapbox://fonts/mapbox/=file://\(folder.path)/glyphs/")),
        ])
        let loader = ResourceLoader(configuration: config)
        let tileJSON = loader.load(request("mapbox://streets", .source))
        let object = try #require(try JSONSerialization.jsonObject(with: tileJSON.data) as? [String: Any])
        #expect(object["tiles"] as? [String] == ["file://\(folder.path)/{z}-{x}-{y}.mvt"])
        #expect(object["minzoom"] as? Int == 2 && object["maxzoom"] as? Int == 13)
        _ = try write("glyphs A", to: "glyphs/Font A/0-255.pbf")
        // A font stack is served from the first of its fonts that has the range.
        let glyphs = loader.load(request("mapbox://fonts/mapbox/Missing%20Font,Font%20A/0-255.pbf", .glyphs))
        #expect(glyphs.data == Data("glyphs A".utf8))
        let none = loader.load(request("mapbox://fonts/mapbox/Missing%20Font,Other/0-255.pbf", .glyphs))
        #expect(none.response.error.reason == .notFound)
    }

    @Test func unknownSchemesAreRefusedWithAHint() {
        let answer = ResourceLoader(configuration: .init()).load(request("https://example.invalid/x", .tile))
        #expect(answer.response.error.reason == .other && answer.response.error.message.contains("--rewrite"))
    }

    @Test func mbtilesServesTileJSONTilesAndEmptyTiles() throws {
        let path = folder.appendingPathComponent("t.mbtiles").path
        let writer = try MBTilesWriter(path: path)
        try writer.setMetadata("name", "t")
        try writer.setMetadata("format", "pbf")
        try writer.setMetadata("minzoom", "0")
        try writer.setMetadata("maxzoom", "1")
        try writer.putTile(z: 1, x: 0, y: 0, data: Data("north-west".utf8))
        let loader = ResourceLoader(configuration: .init())
        let tileJSON = loader.load(request("mbtiles://\(path)", .source))
        let object = try #require(try JSONSerialization.jsonObject(with: tileJSON.data) as? [String: Any])
        #expect(object["tiles"] as? [String] == ["mbtiles://\(path)/{z}/{x}/{y}"])
        #expect(tileJSON.dataSource == .database && tileJSON.response.source == .tileStore)
        #expect(loader.load(request("mbtiles://\(path)/1/0/0", .tile)).data == Data("north-west".utf8))
        let empty = loader.load(request("mbtiles://\(path)/1/1/1", .tile))
        #expect(empty.response.noContent && !empty.response.hasError)
        let bad = loader.load(request("mbtiles://\(path)/1/x", .tile))
        #expect(bad.response.error.message.contains("/z/x/y"))
    }

    /// The runner's thread answers MBTiles tiles itself (`loadMBTilesTile`), as `load` answers them; the
    /// TileJSON (and anything not a z/x/y tile of an .mbtiles file) is left to `load`.
    @Test func mbtilesTilesAreAnsweredAtOnceAsLoadAnswersThem() throws {
        let path = folder.appendingPathComponent("town s%.mbtiles").path
        let writer = try MBTilesWriter(path: path)
        try writer.setMetadata("name", "t")
        try writer.setMetadata("format", "pbf")
        try writer.putTile(z: 1, x: 0, y: 0, data: Data("north-west".utf8))
        let encoded = path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: " ", with: "%20")
        let runner = ResourceLoader(configuration: .init()), queue = ResourceLoader(configuration: .init())
        for url in ["mbtiles://\(encoded)/1/0/0", "mbtiles://\(encoded)/1/1/1", "mbtiles://\(folder.path)/absent.mbtiles/1/0/0"] {
            for kind in [Mapwire_V1_ResourceKind.tile, .unknown] {
                let atOnce = try #require(runner.loadMBTilesTile(request(url, kind)))
                #expect(atOnce == queue.load(request(url, kind)))
            }
        }
        #expect(runner.loadMBTilesTile(request("mbtiles://\(encoded)/1/0/0", .tile))?.data == Data("north-west".utf8))
        for url in ["mbtiles://\(encoded)", "mbtiles://\(encoded)/1/x", "mbtiles://\(folder.path)/t.pmtiles/1/0/0", "file://\(path)"] {
            #expect(runner.loadMBTilesTile(request(url, .tile)) == nil)
        }
        #expect(runner.loadMBTilesTile(request("mbtiles://\(encoded)/1/0/0", .source)) == nil)
    }

    @Test func brokenMBTilesGiveClearErrorsAndMissingOnesNotFound() throws {
        let junk = try write("this is not sqlite at all, just text padding it out to a page" + String(repeating: ".", count: 200), to: "junk.mbtiles")
        let loader = ResourceLoader(configuration: .init())
        let broken = loader.load(request("mbtiles://\(junk.path)", .source))
        #expect(broken.response.error.reason == .other)
        #expect(broken.response.error.message.contains(junk.path) && broken.response.error.message.contains("not"))
        let missing = loader.load(request("mbtiles://\(folder.path)/absent.mbtiles", .source))
        #expect(missing.response.error.reason == .notFound)
    }

    @Test func aNullTileInMBTilesIsALoadErrorNamingIt() throws {
        let path = folder.appendingPathComponent("null.mbtiles").path
        try MBTilesWriter(path: path).putTile(z: 1, x: 0, y: 0, data: Data("x".utf8))
        try SQLiteDatabase(path: path, mode: .readWriteCreate).execute("UPDATE tiles SET tile_data = NULL")
        let answer = ResourceLoader(configuration: .init()).load(request("mbtiles://\(path)/1/0/0", .tile))
        #expect(answer.response.error.reason == .other && !answer.response.noContent && answer.data.isEmpty)
        #expect(answer.response.error.message == "tile data is NULL in \(path) for tile 1/0/0")
    }

    @Test func cancelsNeedNoReplyAndUnknownRequestsGetAnError() {
        let loader = ResourceLoader(configuration: .init())
        #expect(LoaderPlugin.answer(.with { $0.id = 5; $0.cancel = .with { $0.requestID = 4 } }, with: loader) == nil)
        let unknown = LoaderPlugin.answer(.with { $0.id = 6 }, with: loader)
        #expect(unknown?.error.code == .unknownMessage && unknown?.id == 6)
    }
}
