import Foundation
import MapWireGeometry

/// The render section: the in-process renderer on the Chicago scene (or the demo town without
/// fixtures), against the same-size cairo workload of the design budget.
enum RenderSection {
    static func run(fixtures: URL, size: ViewportSize, frames: Int) throws -> BenchReport.Section {
        let chicago = FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("styles/bright-v9.json").path)
        let scene = try chicago ? BenchScenes.chicago(fixtures: fixtures, size: size) : BenchScenes.demo(size: size)
        let figures = try RenderBenchmark(scene: scene, name: chicago ? "chicago" : "demo").run(frames: frames)
        let render = Statistics(figures.renderMilliseconds), png = Statistics(figures.pngMilliseconds)
        let baseline = Statistics(figures.baselineMilliseconds)
        let what = chicago ? "bright-v9 over Chicago, zoom 13" : "demo town, zoom \(scene.camera.zoom)"
        let frame = "\(size.width)×\(size.height)"
        let cairo = "cairo alone: 5,000 segments + 500 polygons"
        var section = BenchReport.Section(key: "render", title: "Render")
        section.figures = [
            BenchFigure(key: "frame-ms", name: "\(what), \(frame): ms per frame (median)", value: render.median, unit: "ms",
                        baselineName: cairo, baseline: baseline.median, note: String(format: "p90 %.2f ms", render.p90)),
            BenchFigure(key: "frames-per-second", name: "\(what), \(frame): frames per second", value: 1000 / render.median, unit: "frames/s",
                        baselineName: cairo, baseline: 1000 / baseline.median),
            BenchFigure(key: "frame-and-png-ms", name: "\(what), \(frame): ms per frame + PNG encoding", value: render.median + png.median, unit: "ms"),
            BenchFigure(key: "png-ms", name: "PNG encoding of the \(frame) frame (median)", value: png.median, unit: "ms",
                        baselineName: "the frame itself (ms per frame)", baseline: render.median),
        ]
        for (key, title, make) in [("heatmap", "a heatmap of 2,000 points on top", LayerScenes.heatmap),
                                   ("hillshade", "a hillshade of generated elevation under the buildings", LayerScenes.hillshade)] {
            let layered = try RenderBenchmark(scene: try make(scene), name: "\(chicago ? "chicago" : "demo")-\(key)").run(frames: frames)
            section.figures.append(BenchFigure(key: "\(key)-frame-ms", name: "\(what) with \(title), \(frame): ms per frame (median)",
                                               value: Statistics(layered.renderMilliseconds).median, unit: "ms",
                                               baselineName: "the same scene without it", baseline: render.median))
        }
        section.notes.append("\(frames) frames in this process (no bus), after one warm-up frame. Terrain and the globe are not drawn yet (a style-warning says so), so they have no figure.")
        return section
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
