import Foundation
import MapWireCanvas
import MapWireFormats
import MapWireGeometry
import MapWireJSON
import MapWireProcess
import MapWireRenderSuite
import MapWireRenderer
import MapWireServe

/// MapWire beside MapLibre Native, the engine tileserver-gl serves with (PyPI `pymgl` on Mesa's llvmpipe,
/// scripts/bench-peer-native): bright-v9 over Chicago, its tiles, sprite and glyphs from the bench's
/// nginx on loopback for both. Cold 256 px tiles at @1x and @2x through `mapwire serve` (one client, and
/// one per core), a static 1024×768 image cold and warm, a steady frame, set-style → first full frame,
/// the whole system's peak RSS, and how alike the two static images are. Each figure's peer value is
/// measured in the same run, alternating with MapWire's.
struct NativePeerBenchmark {
    let scratch: URL
    let fixtures: URL
    let runs: Int
    let frames: Int
    /// Keep both static images and their difference here.
    var images: URL?

    static let center = LngLat(longitude: -87.625, latitude: 41.875)
    static let zoom = 13.0

    func run() throws -> BenchReport.Section {
        var section = BenchReport.Section(key: "peer-native", title: "Peer: MapLibre Native (pymgl, Mesa llvmpipe)")
        let loadAtStart = ServeBenchmark.loadAverage()
        let nginx = try NginxProcess(root: scratch.appendingPathComponent("nginx-native"), accessLog: false, gzipTiles: false)
        defer { nginx.stop() }
        let site = NetworkSite(nginx: nginx)
        // Builds the bright-v9 sprite from the maki icons into the scratch folder.
        _ = try LoadScene.chicago(fixtures: fixtures, scratch: scratch)
        let sprite = scratch.appendingPathComponent("sprite/bright-v9")
        let styleURL = try site.publishChicago(fixtures: fixtures, sprite: sprite)
        let peer = try NativePeer(styleURL: styleURL, timeoutSeconds: 600)
        // The peer first: a missing pymgl or EGL driver skips the section before MapWire's half runs.
        let version = try peer.run("frames", ["--size", "64x64", "--frames", "1"])["pymgl"] as? String ?? "?"
        let scene = LoadScene(key: "chicago", title: "bright-v9 over Chicago from nginx", styleURL: styleURL,
                              center: Self.center, zoom: Self.zoom)
        let serve = ServeBenchmark(scratch: scratch, scene: scene, fixtures: fixtures, rendererCounts: [], grid: 0, concurrency: 1)
        let paths = serve.tilePaths()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let peerName = "MapLibre Native (pymgl \(version))"

        // A part that fails leaves a note; the others' figures stay.
        func part(_ name: String, _ body: () throws -> [BenchFigure]) {
            do { section.figures += try body() } catch { section.notes.append("\(name) failed: \(error)") }
        }
        for scale in [1, 2] {
            for clients in Array(Set([1, cores])).sorted() {
                part("tiles @\(scale)x, \(clients) client(s)") {
                    try tiles(serve: serve, peer: peer, paths: paths, scale: scale, clients: clients, peerName: peerName)
                }
            }
        }
        part("static images") { try statics(serve: serve, peer: peer, peerName: peerName) }
        part("steady frames") { try steadyFrames(peer: peer, sprite: sprite, peerName: peerName) }
        part("set-style → first frame") { [try styleToFrame(scene: scene, peer: peer, peerName: peerName)] }
        section.notes.append("\(peerName), MapLibre Native drawing with OpenGL on Mesa's llvmpipe (EGL_PLATFORM=surfaceless), driven by scripts/bench-peer-native, a fresh Python process per job timing itself; both fetch bright-v9, its TileJSON, the Chicago tiles, sprite and glyphs from nginx on loopback (\(nginx.baseURL)).")
        section.notes.append("Tiles: the \(paths.count) zoom-14 tiles of the fixtures whose margin finds fixture tiles on every side, each drawn once. MapWire: a new `mapwire serve --renderers \(cores)` per row, wrk with one connection per client, 256 px tiles drawn with a \(ViewGeometry.tileMargin) px margin; the peer: one map per client (256 px, ratio = the scale, no margin, as tileserver-gl draws), each in its own process (pymgl's OpenGL contexts fail to switch between threads of one process), made and drawn once where there is no tile, with a label in each of the style's font stacks (their first glyph range loaded), before the clock starts (the server's readiness), taking the next tile in turn, renderPNG. Rates are tiles over the time from the first request to the last answer; p50/p99 per tile.")
        section.notes.append("Peak RSS: MapWire's is the sum of each process's own peak (VmHWM: serve, its core, loader and renderers), read at the end of the run, an upper bound of the system's peak; the peer's is each drawing process's ru_maxrss (its Python interpreter, about 10 MiB, included).")
        section.notes.append("\(cores) cores; load average at the start \(loadAtStart).")
        return section
    }

    // MARK: Tiles

    private func tiles(serve: ServeBenchmark, peer: NativePeer, paths: [String], scale: Int, clients: Int, peerName: String) throws -> [BenchFigure] {
        let scaled = scale == 1 ? paths : paths.map { $0.replacingOccurrences(of: ".png", with: "@\(scale)x.png") }
        let wrk = WrkLoad.find().map { WrkLoad(executable: $0, scratch: scratch, connections: clients) }
        let label = "@\(scale)x, \(clients) client(s)"
        let (ours, rss) = try serve.withServer(renderers: ProcessInfo.processInfo.activeProcessorCount, name: "native-\(scale)x-\(clients)") { port, events, pid in
            let result = try serve.cold(port: port, events: events, paths: scaled, wrk: wrk, name: "native-\(scale)x-\(clients)")
            return (result, ProcessTreeMemory.treePeakMiB(pid))
        }
        // "/styles/chicago/14/x/y.png" → "14/x/y"
        let tiles = paths.map { $0.split(separator: "/").dropFirst(2).joined(separator: "/").replacingOccurrences(of: ".png", with: "") }
        let theirs = try peer.run("tiles", ["--scale", "\(scale)", "--clients", "\(clients)"] + tiles.flatMap { ["--tile", $0] })
        let perTile = Percentiles(NativePeer.doubles(theirs["per_tile_ms"]))
        let done = theirs["tiles"] as? Int ?? 0
        let seconds = FoundationJSON.double(theirs["seconds"]) ?? 0
        let errors = theirs["errors"] as? [String] ?? []
        let key = "\(scale)x.clients-\(clients)"
        var figures = [
            BenchFigure(key: "cold-tiles-per-second.\(key)", name: "cold 256 px tiles/s \(label)", value: ours.perSecond, unit: "tiles/s",
                        baselineName: peerName, baseline: seconds > 0 ? Double(done) / seconds : nil,
                        note: errors.isEmpty ? nil : "the peer failed \(errors.count): \(errors.prefix(2).joined(separator: "; "))"),
            BenchFigure(key: "cold-tile-p50.\(key)", name: "cold tile latency p50 \(label)", value: ours.p50, unit: "ms",
                        baselineName: peerName, baseline: perTile.median),
            BenchFigure(key: "cold-tile-p99.\(key)", name: "cold tile latency p99 \(label)", value: ours.p99, unit: "ms",
                        baselineName: peerName, baseline: perTile.at(0.99)),
        ]
        if scale == 2 {
            let peerRSS = (theirs["drawing_peak_rss_kib"] as? [Any] ?? []).compactMap { FoundationJSON.double($0) }.reduce(0, +) / 1024
            figures.append(BenchFigure(key: "peak-rss-mib.clients-\(clients)", name: "peak RSS of the whole system serving cold @2x tiles, \(clients) client(s)",
                                       value: rss.mib, unit: "MiB", baselineName: peerName, baseline: peerRSS,
                                       note: "MapWire \(rss.processes) processes; the peer \(clients) process(es)"))
        }
        return figures
    }

    // MARK: Static images

    /// Cold: the first 1024×768 image of a system just ready (its tiles not loaded); warm: the same view
    /// moved by a hair (every tile loaded, the whole image drawn again, not from the image cache).
    private func statics(serve: ServeBenchmark, peer: NativePeer, peerName: String) throws -> [BenchFigure] {
        var cold: [Double] = [], warm: [Double] = [], peerCold: [Double] = [], peerWarm: [Double] = []
        var ourImage = Data()
        let peerPNG = scratch.appendingPathComponent("maplibre-native-1024x768.png")
        let lon = Self.center.longitude, lat = Self.center.latitude
        for run in 0..<runs {
            try serve.withServer(renderers: 2, name: "native-static-\(run)") { port, _, _ in
                for index in 0...5 {
                    let path = "/styles/chicago/static/\(lon + 1e-6 * Double(index)),\(lat),\(Self.zoom)/1024x768.png"
                    let started = DispatchTime.now().uptimeNanoseconds
                    let (status, body) = SimpleHTTP.fetch(port: port, path: path, keepBody: index == 0)
                    let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                    guard status == 200 else { throw BenchError("static image answered \(status) (\(path))") }
                    if index == 0 { cold.append(ms); ourImage = body } else { warm.append(ms) }
                }
            }
            let theirs = try peer.run("static", ["--size", "1024x768", "--center=\(lon),\(lat)", "--zoom", "\(Self.zoom)",
                                                 "--repeats", "5", "--out-png", peerPNG.path])
            peerCold += [FoundationJSON.double(theirs["cold_ms"]) ?? 0]
            peerWarm += NativePeer.doubles(theirs["warm_ms"])
        }
        var figures = [
            BenchFigure(key: "static-cold-ms", name: "static 1024×768 image, cold (the system ready, its tiles not loaded)",
                        value: Percentiles(cold).median, unit: "ms", baselineName: peerName, baseline: Percentiles(peerCold).median),
            BenchFigure(key: "static-warm-ms", name: "static 1024×768 image, warm (every tile loaded, drawn anew)",
                        value: Percentiles(warm).median, unit: "ms", baselineName: peerName, baseline: Percentiles(peerWarm).median),
        ]
        let ours = try ImageDecoder.decode(ourImage), theirs = try ImageDecoder.decode(Data(contentsOf: peerPNG))
        let diff = ImageDiff.compare(ours, theirs)
        if let images {
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            try ourImage.write(to: images.appendingPathComponent("native-chicago-mapwire.png"))
            try Data(contentsOf: peerPNG).write(to: images.appendingPathComponent("native-chicago-maplibre-native.png"))
            try ImageEncoder.png(diff.diffImage).write(to: images.appendingPathComponent("native-chicago-diff.png"))
        }
        figures.append(BenchFigure(key: "pixel-similarity", name: "pixels alike, MapWire's static 1024×768 image against MapLibre Native's (YIQ threshold 0.13)",
                                   value: (1 - diff.ratio) * 100, unit: "%", note: "\(diff.differentPixels) of \(diff.totalPixels) differ"))
        return figures
    }

    // MARK: Steady frames and a style's first frame

    /// The same view drawn again and again: MapWire's renderer in this process (no bus, no PNG), the peer's
    /// renderBuffer (pixels read back, no PNG).
    private func steadyFrames(peer: NativePeer, sprite: URL, peerName: String) throws -> [BenchFigure] {
        let atlas = try SpriteAtlas(image: CanvasImage(encoded: Data(contentsOf: URL(fileURLWithPath: sprite.path + ".png"))),
                                    indexJSON: Data(contentsOf: URL(fileURLWithPath: sprite.path + ".json")))
        return try [(512, 512), (1024, 768)].map { width, height in
            var scene = try BenchScenes.chicago(fixtures: fixtures, size: ViewportSize(width: width, height: height))
            scene.sprite = atlas
            let ours = try RenderBenchmark(scene: scene, name: "native").run(frames: frames).renderMilliseconds
            let theirs = try peer.run("frames", ["--size", "\(width)x\(height)", "--center=\(Self.center.longitude),\(Self.center.latitude)",
                                                 "--zoom", "\(Self.zoom)", "--frames", "\(frames)"])
            return BenchFigure(key: "frame-ms.\(width)x\(height)", name: "steady frame \(width)×\(height) (same view again, no PNG), median",
                               value: Percentiles(ours).median, unit: "ms", baselineName: peerName,
                               baseline: Percentiles(NativePeer.doubles(theirs["frame_ms"])).median)
        }
    }

    /// MapWire: set-style-uri → snapshot PNG through a new core, loader and renderer (camera and size set);
    /// the peer: the style fetched and a map made from it → renderPNG, in a process that made a map before.
    private func styleToFrame(scene: LoadScene, peer: NativePeer, peerName: String) throws -> BenchFigure {
        var ours: [Double] = [], theirs: [Double] = []
        let load = LoadBenchmark(scratch: scratch, runs: 1)
        for run in 0..<runs {
            var scene = scene
            scene.key = "native-\(run)"
            ours += try load.measure(scene).pngMs
            let result = try peer.run("style", ["--size", "512x512", "--center=\(Self.center.longitude),\(Self.center.latitude)", "--zoom", "\(Self.zoom)"])
            theirs += [FoundationJSON.double(result["style_to_png_ms"]) ?? 0]
        }
        return BenchFigure(key: "style-to-frame-ms", name: "set-style → first full frame (PNG), 512×512, a new system with nothing loaded",
                           value: Percentiles(ours).median, unit: "ms", baselineName: peerName, baseline: Percentiles(theirs).median)
    }
}
