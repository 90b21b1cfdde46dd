import Foundation
import MapWireFormats
import MapWireProtocol
import Testing

/// PMTiles archives written by the PyPI `pmtiles` package, served by the real loader as
/// `pmtiles:///…` sources to the real core and drawn by the real renderer.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"),
       .enabled(if: Prerequisites.pmtiles, Prerequisites.pmtilesMissing))
struct PMTilesTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/write-pmtiles.py").path

    /// Runs Tests/Scripts/write-pmtiles.py with `spec`.
    static func writeArchive(_ run: TestRun, _ spec: [String: Any]) throws {
        let specPath = run.file("spec-\(UUID().uuidString.prefix(6)).json").path
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let writer = try run.startProgram("/usr/bin/env", ["python3", script, specPath], name: "write-pmtiles")
        #expect(writer.wait(timeout: 120) == 0, "write-pmtiles.py: \(writer.stderr)")
    }

    static func isTileLoaded(_ source: String) -> (String, Mapwire_V1_Envelope) -> Bool {
        { _, envelope in
            if case .sourceDataLoaded(let s) = envelope.payload { s.id == source && s.type == .tile } else { false }
        }
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func chicagoVectorTilesFromAnArchiveLoadToIdle() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        let folder = fixtures.appendingPathComponent("tiles/streets-v7/chicago")
        let tiles: [[Any]] = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mvt") }.map { name in
            let parts = name.dropLast(4).split(separator: "-").compactMap { Int($0) }
            return [parts[0], parts[1], parts[2], folder.appendingPathComponent(name).path]
        }
        let archive = run.file("chicago streets.pmtiles").path
        try Self.writeArchive(run, [
            "output": archive, "tile_type": "mvt", "tile_compression": "gzip", "tiles": tiles,
            "metadata": ["name": "chicago", "vector_layers": [["id": "road"], ["id": "water"]]],
            "header": ["min_lon_e7": -877_000_000, "min_lat_e7": 418_000_000, "max_lon_e7": -875_000_000, "max_lat_e7": 419_500_000],
        ])

        try run.startCoreWithLoaderAndRenderer()
        let events = try run.subscribe()
        #expect(try run.send(.setSize(.with { $0.width = 512; $0.height = 512 })).ok)
        let url = "pmtiles://" + archive.replacingOccurrences(of: " ", with: "%20")
        let style = """
            {"version":8,"center":[-87.625,41.875],"zoom":13.5,
             "sources":{"chicago":{"type":"vector","url":"\(url)"}},
             "layers":[{"id":"bg","type":"background","paint":{"background-color":"#ffffff"}},
                       {"id":"water","type":"fill","source":"chicago","source-layer":"water","paint":{"fill-color":"#3070d0"}},
                       {"id":"roads","type":"line","source":"chicago","source-layer":"road","paint":{"line-color":"#202020"}}]}
            """
        #expect(try run.send(.setStyleJson(.with { $0.json = style })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events, timeout: 60) { topic, _ in topic == "map-idle" })
        #expect(log.loadingErrors.isEmpty, "\(log.loadingErrors)")
        let loaded = log.events.filter { Self.isTileLoaded("chicago")($0.topic, $0.envelope) }
        #expect(!loaded.isEmpty, "source-data-loaded for tiles of the archive")
        let tileRequests = log.resourceRequests.filter { $0.request.kind == .tile }
        #expect(!tileRequests.isEmpty && tileRequests.allSatisfy { $0.request.url.hasPrefix(url + "/") }, "\(tileRequests.map(\.request.url))")

        // The frame has roads on it: dark pixels on the white background.
        let reply = try run.send(.snapshot(.with { $0.returnImage = true }))
        #expect(reply.ok, "\(reply.error)")
        let image = try ImageDecoder.decode(reply.snapshot.png)
        var dark = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.r < 100 && p.b < 100 { dark += 1 }  // Road grey, not water blue.
            }
        }
        // Some roads, on a white background (not a black, empty frame).
        #expect((500..<(image.width * image.height / 3)).contains(dark), "roads drawn from the archive (\(dark) dark pixels)")
    }

    @Test func aRasterArchiveIsDrawnWithItsColours() throws {
        let run = try TestRun()
        var tiles: [[Any]] = []
        func add(_ z: Int, _ x: Int, _ y: Int, _ image: RGBAImage) throws {
            let file = run.file("raster-\(z)-\(x)-\(y).png")
            try ImageEncoder.png(image).write(to: file)
            tiles.append([z, x, y, file.path])
        }
        try add(0, 0, 0, RasterTileTests.tile(RasterTileTests.quadrant))
        for x in 0...1 {
            for y in 0...1 {
                let colour = RasterTileTests.quadrant(left: x == 0, top: y == 0)
                try add(1, x, y, RasterTileTests.tile { _, _ in colour })
            }
        }
        let archive = run.file("colours.pmtiles").path
        try Self.writeArchive(run, ["output": archive, "tile_type": "png", "tile_compression": "none", "tiles": tiles])

        try run.startCoreWithLoaderAndRenderer()
        let events = try run.subscribe()
        #expect(try run.send(.setSize(.with { $0.width = 512; $0.height = 512 })).ok)
        let style = """
            {"version":8,"center":[0,0],"zoom":0,
             "sources":{"colours":{"type":"raster","url":"pmtiles://\(archive)","tileSize":256}},
             "layers":[{"id":"bg","type":"background","paint":{"background-color":"#000000"}},
                       {"id":"colours","type":"raster","source":"colours"}]}
            """
        #expect(try run.send(.setStyleJson(.with { $0.json = style })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        #expect(log.loadingErrors.isEmpty, "\(log.loadingErrors)")
        #expect(log.events.contains { Self.isTileLoaded("colours")($0.topic, $0.envelope) })

        let reply = try run.send(.snapshot(.with { $0.returnImage = true }))
        #expect(reply.ok, "\(reply.error)")
        let image = try ImageDecoder.decode(reply.snapshot.png)
        for (x, y, colour) in [(128, 128, RasterTileTests.red), (384, 128, RasterTileTests.green),
                               (128, 384, RasterTileTests.blue), (384, 384, RasterTileTests.yellow)] {
            let p = image.pixel(x: x, y: y)
            let near = zip([p.r, p.g, p.b, p.a], colour).allSatisfy { abs(Int($0) - Int($1)) <= 12 }
            #expect(near, "(\(x), \(y)) is \(p), expected \(colour)")
        }
    }

    /// The issue's bad input: a bad magic and a directory past the end are clear source errors
    /// naming the file; the core and loader keep serving and a good archive loads next.
    @Test func brokenArchivesAreClearSourceErrorsAndAGoodOneLoadsNext() throws {
        let run = try TestRun()
        let good = run.file("good.pmtiles").path
        let one = run.file("one.bin")
        try Data("tile".utf8).write(to: one)
        try Self.writeArchive(run, ["output": good, "tile_type": "mvt", "tiles": [[0, 0, 0, one.path]],
                                    "metadata": ["vector_layers": [["id": "x"]]]])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        var badMagic = bytes
        badMagic.replaceSubrange(0..<7, with: Array("NOTILES".utf8))
        var pastEnd = bytes
        pastEnd.replaceSubrange(8..<16, with: withUnsafeBytes(of: UInt64(bytes.count + 4096).littleEndian, Array.init))
        try badMagic.write(to: run.file("bad-magic.pmtiles"))
        try pastEnd.write(to: run.file("past-end.pmtiles"))

        try run.startCore()
        let loader = try run.start("mapwire-loader")
        let events = try run.subscribe()
        #expect(try run.send(.setStyleJson(.with { $0.json = #"{"version":8,"sources":{},"layers":[{"id":"bg","type":"background"}]}"# })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })

        for (name, words) in [("bad-magic.pmtiles", "not a PMTiles archive"), ("past-end.pmtiles", "past the end")] {
            let path = run.file(name).path
            #expect(try run.send(.addSource(.with { $0.id = name; $0.json = #"{"type":"vector","url":"pmtiles://\#(path)"}"# })).ok)
            log = EventLog()
            #expect(try log.collect(from: events) { topic, _ in topic == "map-loading-error" })
            let error = try #require(log.loadingErrors.first)
            #expect(error.type == .source && error.sourceID == name)
            #expect(error.message.contains(name) && error.message.contains(words), "\(error.message)")
            #expect(try run.send(.ping(.init())).ok, "the core still answers after \(name)")
            #expect(loader.isRunning)
        }
        #expect(try run.send(.addSource(.with { $0.id = "good"; $0.json = #"{"type":"vector","url":"pmtiles://\#(good)"}"# })).ok)
        log = EventLog()
        #expect(try log.collect(from: events) { topic, payload in
            if case .sourceDataLoaded(let s) = payload.payload { s.id == "good" && s.type == .metadata } else { false }
        })
    }
}
