import Foundation
import MapWireFormats
import MapWireProtocol
import MapWireTesting
import Testing

/// Frames drawn by the real renderer process: snapshots, the frame events, and a renderer that dies.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct RendererTests {
    /// The straight-alpha RGBA of one pixel.
    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 4])
    }

    @Test func snapshotOfTheDemoDrawsTheTown() throws {
        let run = try TestRun()
        let out = run.file("demo.png")
        let result = try run.mapwire(["snapshot", "-o", out.path, "--size", "400x300"], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try ImageDecoder.decode(Data(contentsOf: out))
        #expect(image.width == 400 && image.height == 300)
        // The demo's land colour (#f3efe6) covers much of the map, and something is drawn over it.
        let colours = Set(stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<$0 + 3]) })
        #expect(colours.contains([0xf3, 0xef, 0xe6]))
        #expect(colours.count > 20, "roads, buildings, water and parks draw in more colours")
        #expect(image.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }, "the background is opaque")
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func snapshotOfBrightV9OverChicagoIsACityMap() throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        let sprite = run.file("sprite/bright-v9")
        let built = try run.mapwire(["sprite", fixtures.appendingPathComponent("icons/maki").path, "-o", sprite.path], timeout: 120)
        #expect(built.status == 0, "\(built.stderr)")
        let out = run.file("chicago.png")
        let result = try run.mapwire([
            "snapshot", "-o", out.path, "--size", "1024x768", "--center=-87.63,41.88", "--zoom", "13",
            "--style", fixtures.appendingPathComponent("styles/bright-v9.json").path,
            "--rewrite", "mapbox://mapbox.mapbox-streets-v7=file://\(fixtures.path)/tiles/streets-v7/chicago/{z}-{x}-{y}.mvt",
            "--rewrite", "mapbox://fonts/mapbox/=file://\(fixtures.path)/glyphs/",
            "--rewrite", "mapbox://sprites/mapbox/bright-v9=file://\(sprite.path)",
        ], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try ImageDecoder.decode(Data(contentsOf: out))
        var counts: [[UInt8]: Int] = [:]
        for i in stride(from: 0, to: image.pixels.count, by: 4) { counts[Array(image.pixels[i..<i + 3]), default: 0] += 1 }
        let total = Double(image.width * image.height)
        // Lake Michigan (bright-v9's translucent water blue) fills the east of the view; parks and land too.
        let blue = counts.filter { $0.key[2] > $0.key[0] &+ 40 }.values.reduce(0, +)
        #expect(Double(blue) / total > 0.2, "water")
        let lake = pixel(image, 950, 300)
        #expect(lake[2] > lake[0] + 40, "the lake at (950, 300) is water: \(lake)")
        #expect(counts[[0xd8, 0xe8, 0xc8], default: 0] > 10000, "parks")
        #expect(counts[[0xf8, 0xf4, 0xf0], default: 0] > 100_000, "land")
        // Labels: dark text pixels, few next to the map itself.
        let dark = counts.filter { $0.key.allSatisfy { $0 < 130 } }.values.reduce(0, +)
        #expect(dark > 1500 && Double(dark) / total < 0.05, "\(dark) dark pixels")
    }

    @Test func snapshotAtPixelRatioTwoIsTwiceTheSize() throws {
        let run = try TestRun()
        let out = run.file("demo@2x.png")
        let result = try run.mapwire(["snapshot", "-o", out.path, "--size", "200x100", "--pixel-ratio", "2"], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try ImageDecoder.decode(Data(contentsOf: out))
        #expect(image.width == 400 && image.height == 200)
    }

    @Test func snapshotOfABrokenStyleFailsWithTheReason() throws {
        let run = try TestRun()
        let result = try run.mapwire(["snapshot", "-o", run.file("x.png").path, "--style", run.file("absent.json").path], timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the style failed to load"))
    }

    @Test func framesGoThroughTheRendererAndItsDeathDoesNotStopTheMap() throws {
        let run = try TestRun()
        try run.startCore(["--heartbeat-ms", "200"])
        try run.start("mapwire-loader")
        let renderer = try run.start("mapwire-renderer")
        #expect(run.waitForPlugin(role: "renderer"))
        let events = try run.subscribe()
        let style = run.file("demo")
        _ = try run.mapwire(["demo", "-o", style.path])
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)/style.json" })).ok)
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        let reply = try run.send(.snapshot(.with { $0.returnImage = true }))
        #expect(reply.ok && reply.snapshot.width == 512)
        #expect(try ImageDecoder.decode(reply.snapshot.png).width == 512)

        // Without its renderer the core keeps going: frames finish undrawn and the map reaches idle again.
        renderer.signal(SIGKILL)
        _ = renderer.wait(timeout: 5)
        #expect(waitUntil { (try? run.send(.ping(.init())).pong.pluginRoles.contains("renderer")) == false })
        #expect(try run.send(.setCamera(.with { $0.zoom = 14.5 })).ok)
        log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        let refused = try run.send(.snapshot(.init()))
        #expect(!refused.ok && refused.error.contains("no renderer"))
        // A new renderer picks up: it is sent every resource again.
        try run.start("mapwire-renderer", name: "renderer-2")
        #expect(run.waitForPlugin(role: "renderer"))
        let again = try run.send(.snapshot(.with { $0.returnImage = true }))
        #expect(again.ok && !again.snapshot.png.isEmpty)
    }

    @Test func renderTestsCommandRunsASuiteAndCountsPassesAndFailures() throws {
        let run = try TestRun()
        // A tiny suite the test makes: two background tests, one whose expected image is wrong.
        let suite = run.file("suite")
        func addTest(_ name: String, colour: String, expected: [UInt8]) throws {
            let dir = suite.appendingPathComponent("tests/background-color/\(name)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let style = #"{"version":8,"metadata":{"test":{"width":16,"height":16}},"sources":{},"layers":[{"id":"bg","type":"background","paint":{"background-color":"\#(colour)"}}]}"#
            try Data(style.utf8).write(to: dir.appendingPathComponent("style.json"))
            let png = try ImageEncoder.png(RGBAImage(width: 16, height: 16, pixels: Array([[UInt8]](repeating: expected, count: 256).joined())))
            try png.write(to: dir.appendingPathComponent("expected.png"))
        }
        try addTest("red", colour: "#ff0000", expected: [255, 0, 0, 255])
        try addTest("wrong", colour: "#0000ff", expected: [0, 255, 0, 255])
        let output = run.file("results")
        let result = try run.mapwire(["render-tests", suite.path, "-o", output.path], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("background-color: 1/2"))
        #expect(result.stdout.contains("render tests: 1 passed, 1 failed"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("background-color/wrong/diff.png").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("report.md").path))
    }

    @Test func aChangeToALayerWrittenWithRefChangesThatLayerOnly() throws {
        // GL resolves `ref` when the style loads: hiding "b" afterwards leaves "a", whose layout it copied, drawn.
        let run = try TestRun()
        let dir = run.file("suite").appendingPathComponent("tests/regressions/ref")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let style = #"{"version":8,"metadata":{"test":{"width":16,"height":16,"operations":[["setLayoutProperty","b","visibility","none"]]}},"#
            + ##""sources":{},"layers":[{"id":"a","type":"background","layout":{"visibility":"visible"},"paint":{"background-color":"#ff0000"}},"##
            + ##"{"id":"b","ref":"a","paint":{"background-color":"#0000ff"}}]}"##
        try Data(style.utf8).write(to: dir.appendingPathComponent("style.json"))
        let png = try ImageEncoder.png(RGBAImage(width: 16, height: 16, pixels: Array([[UInt8]](repeating: [255, 0, 0, 255], count: 256).joined())))
        try png.write(to: dir.appendingPathComponent("expected.png"))
        let result = try run.mapwire(["render-tests", run.file("suite").path, "-o", run.file("results").path], timeout: 120)
        #expect(result.stdout.contains("render tests: 1 passed, 0 failed"), "\(result.stdout.suffix(1000))")
    }

    @Test func renderTestsServeTheUpstreamHarnessURLsAndNameWhatDidNotLoad() throws {
        let run = try TestRun()
        // A tile set naming http://localhost:2900/ as upstream's harness served the suite folder: one
        // whose tile is in the suite's tiles folder, one whose tile is missing.
        let suite = run.file("suite")
        let tiles = suite.appendingPathComponent("tiles"), tilesets = suite.appendingPathComponent("tilesets")
        try FileManager.default.createDirectory(at: tiles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: tilesets, withIntermediateDirectories: true)
        let red: [UInt8] = [255, 0, 0, 255]
        let image = try ImageEncoder.png(RGBAImage(width: 16, height: 16, pixels: Array([[UInt8]](repeating: red, count: 256).joined())))
        try image.write(to: tiles.appendingPathComponent("0-0-0.png"))
        for (name, file) in [("present", "{z}-{x}-{y}.png"), ("missing", "{z}-{x}-{y}.gone.png")] {
            let tileset = #"{"type": "raster", "tileSize": 512, "tiles": ["http://localhost:2900/tiles/\#(file)"]}"#
            try Data(tileset.utf8).write(to: tilesets.appendingPathComponent("\(name).json"))
            let dir = suite.appendingPathComponent("tests/raster-url/\(name)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let style = #"{"version":8,"metadata":{"test":{"width":16,"height":16}},"sources":{"r":{"type":"raster","url":"local://tilesets/\#(name).json","tileSize":512}},"layers":[{"id":"r","type":"raster","source":"r","paint":{"raster-fade-duration":0}}]}"#
            try Data(style.utf8).write(to: dir.appendingPathComponent("style.json"))
            try image.write(to: dir.appendingPathComponent("expected.png"))
        }
        let result = try run.mapwire(["render-tests", suite.path, "-o", run.file("results").path, "--verbose"], timeout: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("pass raster-url/present"), "\(result.stdout)")
        let missing = try #require(result.stdout.split(separator: "\n").first { $0.contains("raster-url/missing") })
        #expect(missing.hasPrefix("ERROR") && missing.contains("could not load") && missing.contains("0-0-0.gone.png (not-found)"), "\(missing)")
        #expect(result.stdout.contains("render tests: 1 passed, 1 failed"))
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func theSharedRenderSuiteRunsEndToEnd() throws {
        // A floor that guards against regressions; raise it as layers improve.
        try runSharedSuite("render-tests", floor: 152, timeout: 900)
    }

    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func theSecondSharedRenderSuiteRunsEndToEnd() throws {
        try runSharedSuite("render-tests-more", floor: 177, timeout: 1200)
    }

    /// Runs `mapwire render-tests` on a suite in ../shared/fixtures and holds its pass count to `floor`.
    private func runSharedSuite(_ folder: String, floor: Int, timeout: Double) throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        let result = try run.mapwire(["render-tests", fixtures.appendingPathComponent(folder).path,
                                      "-o", run.file("results").path], timeout: timeout)
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        let summary = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("render tests:") })
        let passed = Int(summary.split(separator: " ")[2]) ?? 0
        print("shared render suite \(folder): \(summary)")
        #expect(passed >= floor, "\(summary)")
    }
}
