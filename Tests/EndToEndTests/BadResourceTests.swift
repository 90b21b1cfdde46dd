import Foundation
import MapWireClient
@testable import MapWireFormats
import MapWireProtocol
import MapWireTesting
import Testing

/// Bad input reaching the real plugins: it gives a map-loading-error
/// naming what was wrong, and never takes a plugin down.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct BadResourceTests {
    /// Core, loader and (optionally) renderer in a fresh run, with a subscriber.
    func start(_ run: TestRun, renderer: Bool) throws -> (EventSubscriber, TestProcess?) {
        try run.startCore()
        try run.start("mapwire-loader")
        let plugin = renderer ? try run.start("mapwire-renderer") : nil
        let roles = renderer ? ["loader", "renderer"] : ["loader"]
        #expect(waitUntil { (try? run.send(.ping(.init())).pong.pluginRoles).map { Set(roles).isSubset(of: $0) } == true })
        return (try run.subscribe(), plugin)
    }

    func setStyle(_ run: TestRun, _ json: String) throws {
        #expect(try run.send(.setStyleJson(.with { $0.json = json; $0.baseURL = "file://\(run.directory.path)/" })).ok)
    }

    @Test func aNullTileInMBTilesIsATileError() throws {
        let run = try TestRun()
        let path = run.file("null.mbtiles").path
        try MBTilesWriter(path: path).putTile(z: 0, x: 0, y: 0, data: Data([1]))
        try SQLiteDatabase(path: path, mode: .readWriteCreate).execute("UPDATE tiles SET tile_data = NULL")
        let (events, _) = try start(run, renderer: false)
        try setStyle(run, #"""
            {"version":8,"zoom":0,"sources":{"m":{"type":"vector","tiles":["mbtiles://\#(path)/{z}/{x}/{y}"],"maxzoom":0}},
             "layers":[{"id":"f","type":"fill","source":"m","source-layer":"x"}]}
            """#)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        let error = try #require(log.loadingErrors.first)
        #expect(error.type == .tile && error.sourceID == "m" && error.tileID.z == 0)
        #expect(error.message.contains("tile data is NULL in \(path) for tile 0/0/0"), "\(error.message)")
    }

    @Test func aGeoJSONPointAtLongitude1e20DoesNotTakeTheRendererDown() throws {
        let run = try TestRun()
        let (events, renderer) = try start(run, renderer: true)
        try setStyle(run, #"""
            {"version":8,"zoom":1,"sources":{"g":{"type":"geojson","data":{"type":"Point","coordinates":[1e20,0]}}},
             "layers":[{"id":"bg","type":"background"},{"id":"c","type":"circle","source":"g"}]}
            """#)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        let snapshot = try run.send(.snapshot(.with { $0.returnImage = true }))
        #expect(snapshot.ok && snapshot.snapshot.width == 512, "\(snapshot.error)")
        #expect(renderer?.isRunning == true, "the renderer is the one started, alive")
        #expect(!log.topics.contains("plugin-gone"))
    }

    /// A PNG whose header claims `width`×`height` pixels, with one byte of image data.
    static func lyingPNG(width: UInt32, height: UInt32) -> Data {
        func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            bigEndian(UInt32(body.count)) + Array(type.utf8) + body + bigEndian(CRC32.checksum(Data(type.utf8), Data(body)))
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", [0]) + chunk("IEND", []))
    }

    @Test func bytesTheRendererCannotUseAreLoadingErrorsNamingThem() throws {
        let run = try TestRun()
        let random = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) })
        try FileManager.default.createDirectory(at: run.file("tiles/0/0"), withIntermediateDirectories: true)
        try random.write(to: run.file("tiles/0/0/0.pbf"))
        try random.write(to: run.file("0-255.pbf"))
        try Data("this is not GeoJSON {".utf8).write(to: run.file("garbage.geojson"))
        try Self.lyingPNG(width: 60_000, height: 60_000).write(to: run.file("sprite.png"))
        try Data(#"{"dot":{"x":0,"y":0,"width":1,"height":1}}"#.utf8).write(to: run.file("sprite.json"))
        let (events, renderer) = try start(run, renderer: true)
        let dir = run.directory.path
        try setStyle(run, #"""
            {"version":8,"zoom":0,"sprite":"file://\#(dir)/sprite","glyphs":"file://\#(dir)/{range}.pbf",
             "sources":{"v":{"type":"vector","tiles":["file://\#(dir)/tiles/{z}/{x}/{y}.pbf"],"maxzoom":0},
                        "g":{"type":"geojson","data":"file://\#(dir)/garbage.geojson"}},
             "layers":[{"id":"f","type":"fill","source":"v","source-layer":"x"},{"id":"c","type":"circle","source":"g"},
                       {"id":"t","type":"symbol","source":"v","source-layer":"x","layout":{"text-field":"A","text-font":["F"]}}]}
            """#)
        var log = EventLog()
        var errorCount = 0
        _ = try log.collect(from: events, timeout: 20) { topic, _ in
            if topic == "map-loading-error" { errorCount += 1 }
            return errorCount >= 4
        }
        let errors = log.loadingErrors
        #expect(errors.contains { $0.type == .tile && $0.sourceID == "v" && $0.tileID.z == 0 && $0.message.contains("vector tile 0/0/0") })
        #expect(errors.contains { $0.type == .source && $0.sourceID == "g" && $0.message.contains("not valid JSON") })
        #expect(errors.contains { $0.type == .sprite && $0.message.contains("60000×60000") })
        #expect(errors.contains { $0.type == .glyphs && $0.message.contains("glyph range 0-255") })
        #expect(renderer?.isRunning == true)
    }
}
