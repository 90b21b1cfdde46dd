import Foundation
import MapEngine
import MapWireDemo
import MapWireGeometry
import MapWireNumerics
import MapWireProtocol
import MapWireRenderer

/// Issue 16's annotation figures: 10,000 point annotations spread over the render section's view,
/// each against the same thing with none (or one): adding them through a real core, drawing them,
/// and hit-testing a tap among them.
struct AnnotationBenchmark {
    let scratch: URL
    /// The render section's scene (Chicago, or the demo town without fixtures) and its name.
    let scene: RenderScene
    let sceneName: String
    let count: Int
    let runs: Int
    let frames: Int
    let taps: Int
    var launchArguments: [String] = []

    func run() throws -> BenchReport.Section {
        let transform = Transform(camera: scene.camera, size: scene.size)
        var random = SeededRandom(seed: 16)
        let size = (width: Double(scene.size.width), height: Double(scene.size.height))
        let points = (0..<count).map { _ in
            transform.groundCoordinate(screenX: random.double(in: 0...size.width), screenY: random.double(in: 0...size.height))
        }
        var section = BenchReport.Section(key: "annotations", title: "Annotations")
        section.figures += try addFigures(points)
        section.figures += try frameFigures(points)
        section.figures += hitTestFigures(points, transform: transform, random: &random)
        section.notes.append("\(count) point annotations at seeded random places over the \(sceneName) view (\(scene.size.width)×\(scene.size.height)). Add: one add-annotations command through a core started for it (no plugins), round trip, median of \(runs); the batch is removed between runs. Frame: the renderer in this process, median of \(frames) frames after a warm-up. Tap: MapEngine's AnnotationHitTest.topmost at seeded random screen points, median of \(taps) taps.")
        return section
    }

    /// (a) One batch of `count` through a core's command socket, beside adding one annotation.
    private func addFigures(_ points: [LngLat]) throws -> [BenchFigure] {
        let map = try BenchMap(scratch: scratch, name: "annotations", plugins: [], arguments: launchArguments)
        defer { map.stop() }
        try map.client.run(.setSize(.with { $0.width = UInt32(scene.size.width); $0.height = UInt32(scene.size.height) }))
        func timedAdd(_ annotations: [Mapwire_V1_Annotation]) throws -> Double {
            let start = BenchThreads.now()
            try map.client.run(.addAnnotations(.with { $0.annotations = annotations }), timeoutMilliseconds: 120_000)
            let ms = Double(BenchThreads.now() - start) / 1e6
            try map.client.run(.removeAnnotations(.with { $0.ids = annotations.map(\.id) }), timeoutMilliseconds: 120_000)
            return ms
        }
        var batchMs: [Double] = []
        for run in 0..<runs {
            batchMs.append(try timedAdd(points.enumerated().map { Self.point("r\(run)-\($0.offset)", $0.element) }))
        }
        var singleMs: [Double] = []
        for run in 0..<max(20, runs * 10) { singleMs.append(try timedAdd([Self.point("one-\(run)", points[0])])) }
        let batch = Statistics(batchMs).median, single = Statistics(singleMs).median
        return [BenchFigure(key: "add-ms", name: "add-annotations, one batch of \(count) points: ms per command round trip (median)",
                            value: batch, unit: "ms", baselineName: "one annotation (median of \(singleMs.count))", baseline: single,
                            note: String(format: "%.2f µs per annotation", batch * 1000 / Double(count)))]
    }

    /// (b) The renderer drawing the scene with `count` pins above it, beside the same scene without.
    private func frameFigures(_ points: [LngLat]) throws -> [BenchFigure] {
        var withPins = scene
        withPins.overlay = SceneOverlay(annotations: points.enumerated().map {
            OverlayAnnotation(id: "p\($0.offset)", shape: .point($0.element, image: nil))
        })
        let renderer = MapRenderer()
        func times(_ scene: RenderScene) throws -> [Double] {
            _ = try renderer.render(scene)
            return try (0..<frames).map { _ in
                let start = BenchThreads.now()
                _ = try renderer.render(scene)
                return Double(BenchThreads.now() - start) / 1e6
            }
        }
        // Interleaved runs would share the renderer's label placement; separate passes keep each frame
        // the same as the one before it.
        let plain = Statistics(try times(scene)).median
        let pins = Statistics(try times(withPins)).median
        return [BenchFigure(key: "frame-ms", name: "\(sceneName) frame with \(count) pins: ms per frame (median)", value: pins, unit: "ms",
                            baselineName: "the same frame without annotations", baseline: plain,
                            note: String(format: "%.2f µs per pin", (pins - plain) * 1000 / Double(count)))]
    }

    /// (c) AnnotationHitTest.topmost over `count` annotations per tap, beside the same taps with none.
    private func hitTestFigures(_ points: [LngLat], transform: Transform, random: inout SeededRandom) -> [BenchFigure] {
        let annotations = points.enumerated().map { Annotation(id: "p\($0.offset)", shape: .point($0.element, image: nil)) }
        let hitTest = AnnotationHitTest(transform: transform)
        let size = (width: Double(scene.size.width), height: Double(scene.size.height))
        let screenTaps = (0..<taps).map { _ in ScreenPoint(x: random.double(in: 0...size.width), y: random.double(in: 0...size.height)) }
        var hits = 0
        func perTap(_ list: [Annotation]) -> [Double] {
            screenTaps.map { tap in
                let start = BenchThreads.now()
                let id = hitTest.topmost(at: tap, in: list)
                let us = Double(BenchThreads.now() - start) / 1e3
                if id != nil { hits += 1 }
                return us
            }
        }
        let many = Statistics(perTap(annotations)).median
        let hitCount = hits
        let none = Statistics(perTap([])).median
        // A tap no annotation covers tests every one of them: the worst case. At this density every
        // tap in the view hits, so this tap lies just outside it.
        let miss = Statistics((0..<taps).map { _ in
            let start = BenchThreads.now()
            _ = hitTest.topmost(at: ScreenPoint(x: -100, y: -100), in: annotations)
            return Double(BenchThreads.now() - start) / 1e3
        }).median
        return [BenchFigure(key: "tap-us", name: "tap hit-test among \(count) annotations: µs per tap (median)", value: many, unit: "µs",
                            baselineName: "the same taps with no annotations", baseline: none,
                            note: "\(hitCount) of \(taps) taps hit an annotation (the topmost hit ends the search)"),
                BenchFigure(key: "tap-miss-us", name: "tap hitting none of \(count) annotations (every one tested): µs per tap (median)",
                            value: miss, unit: "µs", baselineName: "the same tap with no annotations", baseline: none)]
    }

    static func point(_ id: String, _ at: LngLat) -> Mapwire_V1_Annotation {
        .with {
            $0.id = id
            $0.point = .with { $0.coordinate = .with { $0.longitude = at.longitude; $0.latitude = at.latitude } }
        }
    }
}
