import Foundation
import MapWireDemo
import MapWireGeometry
import MapWireProcess
import MapWireProtocol
import MapWireSprite

/// A map for the load benchmark: a style, the loader rewrites it needs, a camera and a size.
struct LoadScene {
    var key: String
    var title: String
    var styleURL: String
    var rewrites: [String] = []
    var center: LngLat?
    var zoom: Double?
    var side = 512
    /// The viewport's height when it is not square (the peer's 1024×768 scenes).
    var sideHeight: Int?
    var pitch = 0.0
    var bearing = 0.0
    /// The scene's tiles under the fixtures folder ({z}-{x}-{y}), and their one zoom, for the peer.
    var tiles = LoadScene.chicagoTiles
    var tileZoom = 14
    /// One real tile of the scene, as the loader is asked for it, for the tiles-per-second figure.
    var tileURL: String?

    var width: Int { side }
    var height: Int { sideHeight ?? side }
    var sizeName: String { "\(width)×\(height)" + (pitch != 0 || bearing != 0 ? ", pitch \(Int(pitch)) bearing \(Int(bearing))" : "") }

    /// The demo town at its style's own camera.
    static func demo(scratch: URL) throws -> LoadScene {
        let folder = scratch.appendingPathComponent("demo-load", isDirectory: true)
        let style = try DemoData.write(to: folder)
        let camera = Camera(center: LngLat(longitude: DemoData.center.longitude, latitude: DemoData.center.latitude), zoom: Double(DemoData.defaultZoom))
        let tile = TileCover.tiles(for: Transform(camera: camera, size: ViewportSize(width: 512, height: 512)),
                                   tileSize: 512, minZoom: 12, maxZoom: 16, roundZoom: false).first
        return LoadScene(key: "demo", title: "demo town", styleURL: style.absoluteString,
                         tileURL: tile.map { "mbtiles://\(folder.path)/town.mbtiles/\($0.z)/\($0.x)/\($0.y)" })
    }

    /// bright-v9 over the Chicago streets-v7 tiles at zoom 13, the render benchmark's scene; its
    /// sprite is built from the maki icons first (as the renderer's end-to-end test does).
    static func chicago(fixtures: URL, scratch: URL) throws -> LoadScene {
        let sprite = scratch.appendingPathComponent("sprite/bright-v9")
        try FileManager.default.createDirectory(at: sprite.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try SpriteBuilder.write(svgFolder: fixtures.appendingPathComponent("icons/maki", isDirectory: true), output: sprite, skipInvalid: true)
        return LoadScene(
            key: "chicago", title: "bright-v9 over Chicago",
            styleURL: fixtures.appendingPathComponent("styles/bright-v9.json").absoluteString,
            rewrites: [
                "mapbox://mapbox.mapbox-streets-v7=file://\(fixtures.path)/tiles/streets-v7/chicago/{z}-{x}-{y}.mvt",
                "mapbox://fonts/mapbox/=file://\(fixtures.path)/glyphs/",
                "mapbox://sprites/mapbox/bright-v9=file://\(sprite.path)",
            ],
            center: LngLat(longitude: -87.625, latitude: 41.875), zoom: 13,
            tileURL: "file://\(fixtures.path)/tiles/streets-v7/chicago/13-2100-3044.mvt")
    }

    static let chicagoTiles = "tiles/streets-v7/chicago/{z}-{x}-{y}.mvt"

    /// bright-v9 over a fixture city's streets-v7 tiles (one zoom each: Chicago 13, Bangkok 12, San
    /// Francisco 15) at 1024×768, flat or pitched: the scenes whose pixels are compared with MapLibre GL
    /// JS's (BENCHMARKS.md, "Peer"). Nil when the
    /// city's tiles are absent. The tiles' TileJSON is written to the scratch folder with the city's zoom as
    /// its maxzoom (a `--rewrite` of a template makes one with maxzoom 14).
    static func city(_ city: String, fixtures: URL, scratch: URL, pitch: Double, bearing: Double) throws -> LoadScene? {
        let places: [String: (LngLat, Int, String)] = [
            "chicago": (LngLat(longitude: -87.625, latitude: 41.875), 13, "Chicago"),
            "bangkok": (LngLat(longitude: 100.546875, latitude: 13.71), 12, "Bangkok"),
            "sanfrancisco": (LngLat(longitude: -122.44812, latitude: 37.76637), 15, "San Francisco"),
        ]
        guard let (center, zoom, name) = places[city] else { return nil }
        let tiles = "tiles/streets-v7/\(city)/{z}-{x}-{y}.mvt"
        guard FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("tiles/streets-v7/\(city)").path) else { return nil }
        let sprite = scratch.appendingPathComponent("sprite/bright-v9")
        if !FileManager.default.fileExists(atPath: sprite.path + ".json") {
            try FileManager.default.createDirectory(at: sprite.deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = try SpriteBuilder.write(svgFolder: fixtures.appendingPathComponent("icons/maki", isDirectory: true), output: sprite, skipInvalid: true)
        }
        let tileJSON = scratch.appendingPathComponent("tilejson-\(city).json")
        let document: [String: Any] = ["tilejson": "3.0.0", "tiles": ["file://\(fixtures.path)/\(tiles)"], "minzoom": 0, "maxzoom": zoom]
        try JSONSerialization.data(withJSONObject: document).write(to: tileJSON)
        let pitched = pitch != 0 || bearing != 0
        return LoadScene(
            key: "\(city)\(pitched ? "-pitched" : "")-1024x768", title: "bright-v9 over \(name)",
            styleURL: fixtures.appendingPathComponent("styles/bright-v9.json").absoluteString,
            rewrites: [
                "mapbox://mapbox.mapbox-streets-v7=file://\(tileJSON.path)",
                "mapbox://fonts/mapbox/=file://\(fixtures.path)/glyphs/",
                "mapbox://sprites/mapbox/bright-v9=file://\(sprite.path)",
            ],
            center: center, zoom: Double(zoom), side: 1024, sideHeight: 768, pitch: pitch, bearing: bearing,
            tiles: tiles, tileZoom: zoom)
    }
}

/// Load: from set-style-uri to map-idle through real core, loader and renderer processes, each run
/// with new processes; also to a PNG in hand (a snapshot sent right after the style).
struct LoadBenchmark {
    let scratch: URL
    let runs: Int
    /// Launch options every map gets (--offline, --cache PATH).
    var launchArguments: [String] = []

    struct Times {
        var idleMs: [Double] = []
        var pngMs: [Double] = []
        var tiles: [Int] = []
        /// The last run's PNG.
        var png = Data()
    }

    func measure(_ scene: LoadScene) throws -> Times {
        var times = Times()
        for run in 0..<runs {
            var arguments = launchArguments
            for rule in scene.rewrites { arguments += ["--rewrite", rule] }
            let map = try BenchMap(scratch: scratch, name: "load-\(scene.key)-\(run)", plugins: ["loader", "renderer"], arguments: arguments)
            defer { map.stop() }
            let watcher = try MapWatcher(endpoint: map.directory.eventsEndpoint)
            try map.client.run(.setSize(.with { $0.width = UInt32(scene.width); $0.height = UInt32(scene.height) }))
            if let center = scene.center, let zoom = scene.zoom {
                try map.client.run(.setCamera(.with {
                    $0.center = .with { $0.longitude = center.longitude; $0.latitude = center.latitude }
                    $0.zoom = zoom
                    if scene.pitch != 0 { $0.pitch = scene.pitch }
                    if scene.bearing != 0 { $0.bearing = scene.bearing }
                }))
            }
            try watcher.drain()
            let start = unixNanosNow()
            try map.client.run(.setStyleUri(.with { $0.uri = scene.styleURL }))
            let snapshot = try map.client.run(.snapshot(.with { $0.returnImage = true }), timeoutMilliseconds: 120_000).snapshot
            let pngAt = unixNanosNow()
            let idle = try watcher.waitForIdle(timeoutSeconds: 120)
            times.idleMs.append(Double(idle.publishedUnixNanos - start) / 1e6)
            times.pngMs.append(Double(pngAt - start) / 1e6)
            times.tiles.append(idle.tiles)
            times.png = snapshot.png
        }
        return times
    }

    /// Tiles per second through the core and one loader process, 32 requests in flight, against the
    /// raw ROUTER/DEALER echo carrying replies of the same size.
    func tileThroughput(_ scene: LoadScene, count: Int) throws -> BenchFigure? {
        guard let url = scene.tileURL else { return nil }
        let map = try BenchMap(scratch: scratch, name: "tiles-\(scene.key)", plugins: ["loader"], arguments: launchArguments)
        defer { map.stop() }
        let runs = try BusBenchmark.interleavedRequests(map: map, url: url, count: count, window: 32, workers: 1,
                                                        endpoint: "ipc://" + scratch.appendingPathComponent("raw-tiles").path)
        return BenchFigure(key: "tile-loads-per-second.\(scene.key)",
                           name: "\(scene.title): tile loads/s through core ↔ loader, one \(runs.replyBytes / 1024) KiB tile, 32 in flight",
                           value: Double(count) / (Double(max(1, runs.mapwire.elapsed)) / 1e9), unit: "tiles/s",
                           baselineName: "raw ROUTER/DEALER echo, same reply size", baseline: Double(count) / (Double(max(1, runs.raw.elapsed)) / 1e9),
                           note: runs.failures > 0 ? "\(runs.failures) failed" : nil)
    }

    func figures(_ scene: LoadScene, _ times: Times) -> [BenchFigure] {
        let idle = Percentiles(times.idleMs).median
        let tiles = Percentiles(times.tiles.map(Double.init)).median
        return [
            BenchFigure(key: "style-to-idle.\(scene.key)", name: "\(scene.title), \(scene.side)×\(scene.side): set-style-uri → map-idle", value: idle, unit: "ms"),
            BenchFigure(key: "style-to-png.\(scene.key)", name: "\(scene.title), \(scene.side)×\(scene.side): set-style-uri → snapshot PNG received",
                        value: Percentiles(times.pngMs).median, unit: "ms"),
            BenchFigure(key: "tiles-per-second.\(scene.key)", name: "\(scene.title): tiles loaded per second until idle", value: tiles / (idle / 1000),
                        unit: "tiles/s", note: "\(Int(tiles)) tiles"),
        ]
    }
}
