import Foundation
import MapWireCanvas
import MapWireDemo
import MapWireNumerics
import MapWireRenderer
import MapWireVectorTile

/// Renders one scene many times in this process and reports per-frame times: the renderer alone,
/// without the bus, so its cost can be held against the cost of drawing with cairo directly.
struct RenderBenchmark {
    let scene: RenderScene
    let name: String

    struct Figures {
        var renderMilliseconds: [Double]
        var pngMilliseconds: [Double]
        var baselineMilliseconds: [Double]
    }

    func run(frames: Int) throws -> Figures {
        let renderer = MapRenderer()
        _ = try renderer.render(scene)  // warm-up: compiles the style
        var figures = Figures(renderMilliseconds: [], pngMilliseconds: [], baselineMilliseconds: [])
        for _ in 0..<frames {
            var start = DispatchTime.now().uptimeNanoseconds
            let frame = try renderer.render(scene)
            figures.renderMilliseconds.append(Self.elapsed(since: start))
            start = DispatchTime.now().uptimeNanoseconds
            _ = try frame.canvas.pngData()
            figures.pngMilliseconds.append(Self.elapsed(since: start))
            start = DispatchTime.now().uptimeNanoseconds
            CairoBaseline.draw(width: scene.size.width, height: scene.size.height)
            figures.baselineMilliseconds.append(Self.elapsed(since: start))
        }
        return figures
    }

    static func elapsed(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}

/// The same-size cairo workload the design budget quotes: 5,000 antialiased line segments and 500
/// polygons, drawn straight onto a canvas with no style evaluation.
enum CairoBaseline {
    static func draw(width: Int, height: Int) {
        let canvas = Canvas(width: width, height: height)
        canvas.clear(CanvasColor(r: 1, g: 1, b: 1, a: 1))
        var random = SeededRandom(seed: 42)
        let w = Double(width), h = Double(height)
        for _ in 0..<500 {
            var path = CanvasPath()
            let x = random.double(in: 0...w), y = random.double(in: 0...h)
            path.addRing([Point2D(x: x, y: y), Point2D(x: x + 20, y: y + 3), Point2D(x: x + 15, y: y + 18), Point2D(x: x - 2, y: y + 12)], closed: true)
            canvas.fill(path, color: CanvasColor(r: 0.8, g: 0.7, b: 0.6, a: 1))
        }
        var lines = CanvasPath()
        for _ in 0..<1000 {
            var points: [Point2D] = []
            var x = random.double(in: 0...w), y = random.double(in: 0...h)
            for _ in 0...5 {
                points.append(Point2D(x: x, y: y))
                x += random.double(in: -15...15)
                y += random.double(in: -15...15)
            }
            lines.addRing(points, closed: false)
        }
        canvas.stroke(lines, color: CanvasColor(r: 0.2, g: 0.2, b: 0.2, a: 1), style: StrokeStyle(width: 1.5, cap: .round, join: .round))
    }
}
