import Foundation
import MapEngine
import MapWireDemo
import MapWirePluginKit
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
    /// One real tile of the scene, as the loader is asked for it, for the tiles-per-second figure.
    var tileURL: String?

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
            try map.client.run(.setSize(.with { $0.width = UInt32(scene.side); $0.height = UInt32(scene.side) }))
            if let center = scene.center, let zoom = scene.zoom {
                try map.client.run(.setCamera(.with { $0.center = .with { $0.longitude = center.longitude; $0.latitude = center.latitude }; $0.zoom = zoom }))
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
