import ArgumentParser
import Foundation
import MapEngine

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure MapWire's performance: figures with a baseline measured in the same run.",
        subcommands: [Render.self])

    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Milliseconds per frame and frames per second of the renderer on the Chicago scene (bright-v9, zoom 13).",
            discussion: "Without ../shared fixtures (or --fixtures) it renders the bundled demo town instead. Run a release build: swift build -c release.")

        @Option(help: "The shared fixtures folder (default: ../shared/fixtures next to the working directory's package).")
        var fixtures: String?

        @Option(help: "Frame size WIDTHxHEIGHT.")
        var size = "512x512"

        @Option(help: "Frames to measure.")
        var frames = 30

        func run() throws {
            let (w, h) = try parseSize(size)
            let viewport = ViewportSize(width: Int(w), height: Int(h))
            let folder = URL(fileURLWithPath: fixtures ?? "../shared/fixtures")
            let chicago = FileManager.default.fileExists(atPath: folder.appendingPathComponent("styles/bright-v9.json").path)
            let scene = try chicago ? BenchScenes.chicago(fixtures: folder, size: viewport) : BenchScenes.demo(size: viewport)
            if _isDebugAssertConfiguration() { MonitorCommand.warn("bench: this is a debug build; figures from swift build -c release are the ones to quote") }
            let figures = try RenderBenchmark(scene: scene, name: chicago ? "chicago" : "demo").run(frames: frames)
            let render = Statistics(figures.renderMilliseconds), png = Statistics(figures.pngMilliseconds)
            let baseline = Statistics(figures.baselineMilliseconds)
            Output.line("scene: \(chicago ? "bright-v9 over Chicago, zoom 13" : "demo town, zoom \(scene.camera.zoom)"), \(w)x\(h), \(frames) frames")
            Output.line(String(format: "render:        median %.2f ms  p90 %.2f ms  → %.1f frames/s", render.median, render.p90, 1000 / render.median))
            Output.line(String(format: "render + PNG:  median %.2f ms  → %.1f frames/s", render.median + png.median, 1000 / (render.median + png.median)))
            Output.line(String(format: "baseline (cairo, 5,000 segments + 500 polygons): median %.2f ms", baseline.median))
            Output.line(String(format: "ratio render / baseline: %.2f", render.median / baseline.median))
        }
    }
}

/// Median and 90th percentile of a sample.
struct Statistics {
    let median: Double
    let p90: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        p90 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
    }
}
