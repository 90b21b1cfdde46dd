import Foundation
import MapWireProcess
import MapWireJSON
import MapWireFormats
import MapWireRenderSuite

/// The peer: MapLibre GL JS drawing the same style, tiles and camera in headless Chromium, driven by
/// scripts/bench-peer. Its time to idle and to a PNG against MapWire's, and how alike the images are.
struct PeerBenchmark {
    let scratch: URL
    let fixtures: URL
    let runs: Int

    struct Outcome {
        var idleMs: [Double]
        var pngMs: [Double]
        var image: RGBAImage
        var maplibre: String
        var chromium: String
        var errors: [String]
    }

    enum Failure: Error, CustomStringConvertible {
        case missing(String)
        case failed(String)

        var description: String {
            switch self {
            case .missing(let what): "skipped: \(what) is not installed"
            case .failed(let why): "failed: \(why)"
            }
        }
    }

    /// Runs the script; `.missing` when Chromium or the maplibre package is absent.
    func run(scene: LoadScene, sprite: URL, timeoutSeconds: Double) throws -> Outcome {
        guard let script = Self.script() else { throw Failure.missing("scripts/bench-peer (run from the repository)") }
        let png = scratch.appendingPathComponent("maplibre.png")
        guard let center = scene.center, let zoom = scene.zoom else { throw Failure.failed("the scene has no camera") }
        let arguments = ["--style", fixtures.appendingPathComponent("styles/bright-v9.json").path,
                         "--tiles", fixtures.path + "/" + scene.tiles, "--maxzoom", "\(scene.tileZoom)",
                         "--glyphs", fixtures.appendingPathComponent("glyphs").path,
                         "--sprite", sprite.path,
                         "--center=\(center.longitude),\(center.latitude)", "--zoom", "\(zoom)",
                         "--size", "\(scene.width)x\(scene.height)", "--pitch", "\(scene.pitch)", "--bearing", "\(scene.bearing)",
                         "--runs", "\(runs)", "--out-png", png.path]
        // The script stops Chromium itself; the signal only guards against a hung script.
        let json = try Self.runScript(script, arguments, timeoutSeconds: timeoutSeconds, stopSignal: SIGTERM,
                                      missing: "chromium or maplibre")
        guard let list = json["runs"] as? [[String: Any]] else {
            throw Failure.failed("scripts/bench-peer printed no runs; run it by hand to see why")
        }
        return Outcome(idleMs: list.compactMap { FoundationJSON.double($0["idle_ms"]) }, pngMs: list.compactMap { FoundationJSON.double($0["png_ms"]) },
                       image: try ImageDecoder.decode(Data(contentsOf: png)),
                       maplibre: json["maplibre"] as? String ?? "?", chromium: json["chromium"] as? String ?? "?",
                       errors: json["errors"] as? [String] ?? [])
    }

    /// The peer's figures against MapWire's load times and image for the same scene.
    /// `images`: a folder to keep both images and their difference in.
    static func figures(peer: Outcome, mapwire: LoadBenchmark.Times, side: Int, images: URL?) throws -> ([BenchFigure], Double) {
        try figures(peer: peer, mapwire: mapwire, scene: nil, title: "bright-v9 over Chicago \(side)×\(side)", images: images)
    }

    /// The same for one of the fidelity scenes: keys and image names carry the scene's key.
    static func figures(peer: Outcome, mapwire: LoadBenchmark.Times, scene: LoadScene?, title: String, images: URL?) throws -> ([BenchFigure], Double) {
        let ours = try ImageDecoder.decode(mapwire.png)
        let diff = ImageDiff.compare(ours, peer.image)
        if let images {
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            let stem = scene?.key ?? "chicago"
            try mapwire.png.write(to: images.appendingPathComponent("\(stem)-mapwire.png"))
            try ImageEncoder.png(peer.image).write(to: images.appendingPathComponent("\(stem)-maplibre.png"))
            try ImageEncoder.png(diff.diffImage).write(to: images.appendingPathComponent("\(stem)-diff.png"))
        }
        let similarity = 1 - diff.ratio
        let name = "MapLibre GL JS \(peer.maplibre)"
        let suffix = scene.map { ".\($0.key)" } ?? ""
        return ([
            BenchFigure(key: "time-to-idle\(suffix)", name: "\(title): style → idle", value: Percentiles(mapwire.idleMs).median,
                        unit: "ms", baselineName: name, baseline: Percentiles(peer.idleMs).median),
            BenchFigure(key: "time-to-png\(suffix)", name: "\(title): style → PNG", value: Percentiles(mapwire.pngMs).median,
                        unit: "ms", baselineName: name, baseline: Percentiles(peer.pngMs).median),
            BenchFigure(key: "pixel-similarity\(suffix)", name: "\(scene == nil ? "" : title + ": ")pixels alike, MapWire's image against MapLibre's (YIQ threshold 0.13)",
                        value: similarity * 100, unit: "%", note: "\(diff.differentPixels) of \(diff.totalPixels) differ"),
        ], similarity)
    }

    /// Runs a peer script with python3 (sent `stopSignal` after `timeoutSeconds`): the JSON object it printed.
    /// `.missing` when it exits with status 3 (its "missing" field, or `missing`, says what), `.failed` for
    /// any other status but 0.
    static func runScript(_ script: URL, _ arguments: [String], timeoutSeconds: Double, stopSignal: Int32, missing: String) throws -> [String: Any] {
        let process = try ChildProcess(name: script.lastPathComponent, executable: URL(fileURLWithPath: "/usr/bin/env"),
                                       arguments: ["python3", script.path] + arguments, standardOutput: .pipe, standardError: .discarded)
        let watchdog = DispatchWorkItem { process.signal(stopSignal) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: watchdog)
        let data = process.standardOutput?.readDataToEndOfFile() ?? Data()
        process.waitForExit()
        watchdog.cancel()
        let status = process.termination.flatMap { $0.bySignal ? nil : $0.status }
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        if status == 3 { throw Failure.missing(json["missing"] as? String ?? missing) }
        guard status == 0 else {
            throw Failure.failed("scripts/\(script.lastPathComponent) ended (\(process.exitDescription)); run it by hand to see why")
        }
        return json
    }

    /// scripts/`name` (bench-peer by default) in the working directory or above the executable (.build*/…/mapwire).
    static func script(_ name: String = "bench-peer") -> URL? {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var candidates = [cwd.appendingPathComponent("scripts/\(name)")]
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(folder.appendingPathComponent("scripts/\(name)"))
            folder.deleteLastPathComponent()
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
