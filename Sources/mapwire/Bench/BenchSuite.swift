import Foundation
import MapEngine
import MapWireGeometry
import MapWireProcess

/// Runs the sections of `mapwire bench` in one go and collects their figures and the goals.
struct BenchSuite {
    let quick: Bool
    let scratch: URL
    let fixtures: URL?
    let sections: Set<String>
    let events: Int
    let requests: Int
    let frames: Int
    /// Sources added to one style in the scale section.
    let sourceAdds: Int
    /// Where to keep the peer comparison's images (nil: not kept).
    var images: URL? = nil
    /// The tiles of the scale section's loader-bound requests.
    var loaderTiles = LoaderBoundTileSet.cities
    /// Launch options every benchmark map gets (--offline, --cache PATH).
    var launchArguments: [String] = []

    func run() -> BenchReport {
        var report = BenchReport(quick: quick)
        if sections.contains("bus") {
            report.add(section("bus", "Bus") {
                let map = try BenchMap(scratch: scratch, name: "bus", plugins: ["loader"], arguments: launchArguments)
                defer { map.stop() }
                return try BusBenchmark(scratch: scratch, events: events, repetitions: quick ? 1 : 9, roundTrips: requests).run(map: map)
            })
        }
        if sections.contains("record") {
            report.add(section("record", "Recording (mapwire record, MCAP)") {
                let map = try BenchMap(scratch: scratch, name: "record", plugins: [], arguments: launchArguments)
                defer { map.stop() }
                // Bursts below the core's per-subscriber queue (--events-hwm, 200,000): a burst as long as the
                // queue is one message over it with the subscriber's welcome, and libzmq's flow control, which
                // learns what the subscriber took only every half of the queue, drops its last event in some
                // runs (PROTOCOL.md 4.4).
                return try RecordBenchmark(scratch: scratch, events: min(events, 150_000), repetitions: quick ? 1 : 3).run(map: map)
            })
        }
        var chicago: (scene: LoadScene, times: LoadBenchmark.Times)?
        if sections.contains("load") || sections.contains("peer") {
            report.add(section("load", "Load") {
                var section = BenchReport.Section(key: "load", title: "Load")
                let load = LoadBenchmark(scratch: scratch, runs: quick ? 1 : 5, launchArguments: launchArguments)
                if sections.contains("load") {
                    let demo = try LoadScene.demo(scratch: scratch)
                    section.figures += load.figures(demo, try load.measure(demo))
                    if let tiles = try load.tileThroughput(demo, count: requests / 2) { section.figures.append(tiles) }
                }
                if let fixtures {
                    let scene = try LoadScene.chicago(fixtures: fixtures, scratch: scratch)
                    let times = try load.measure(scene)
                    section.figures += load.figures(scene, times)
                    if sections.contains("load"), let tiles = try load.tileThroughput(scene, count: requests / 2) { section.figures.append(tiles) }
                    chicago = (scene, times)
                    if sections.contains("load") {
                        section.figures += try Self.memoryFigures(scratch: scratch, fixtures: fixtures, repetitions: quick ? 3 : 10,
                                                                  launchArguments: launchArguments)
                    }
                } else {
                    section.notes.append("Chicago skipped: no fixtures at ../shared/fixtures (give --fixtures).")
                }
                section.notes.append("Each run starts a new core, loader and renderer; the clock starts at set-style-uri (camera and size already set). Median of \(load.runs) run(s). The snapshot is sent right after the style and answered with the first full frame.")
                return section
            })
        }
        if sections.contains("render") {
            report.add(section("render", "Render") {
                try RenderSection.run(fixtures: fixtures ?? URL(fileURLWithPath: "/nonexistent"), size: ViewportSize(width: 512, height: 512), frames: frames)
            })
        }
        if sections.contains("annotations") {
            report.add(section("annotations", "Annotations") {
                let size = ViewportSize(width: 512, height: 512)
                let (scene, name) = try fixtures.map { (try BenchScenes.chicago(fixtures: $0, size: size), "Chicago (bright-v9, zoom 13)") }
                    ?? (try BenchScenes.demo(size: size), "demo town")
                return try AnnotationBenchmark(scratch: scratch, scene: scene, sceneName: name, count: 10_000, runs: quick ? 3 : 5,
                                               frames: frames, taps: quick ? 200 : 1_000, launchArguments: launchArguments).run()
            })
        }
        if sections.contains("scale") {
            report.add(section("scale", "Scale") {
                let map = try BenchMap(scratch: scratch, name: "scale", plugins: [], arguments: launchArguments)
                defer { map.stop() }
                return try ScaleBenchmark(scratch: scratch, events: quick ? events / 2 : events, requests: requests * 5 / 2,
                                          subscriberCounts: [1, 4, 16], viewportSides: quick ? [256, 512, 1024] : [256, 512, 1024, 2048],
                                          cameraMoves: quick ? 4 : 10, sourceAdds: sourceAdds, fixtures: fixtures, loaderTiles: loaderTiles,
                                          launchArguments: launchArguments).run(map: map)
            })
        }
        if sections.contains("peer") {
            report.add(peerSection(chicago))
        }
        if sections.contains("network") {
            report.add(networkSection())
        }
        if sections.contains("peer-native") {
            report.add(nativePeerSection())
        }
        if sections.contains("style-edits") {
            report.add(section("style-edits", "Live map (runtime style)") {
                guard let fixtures else {
                    var skipped = BenchReport.Section(key: "style-edits", title: "Live map (runtime style)")
                    skipped.notes.append("skipped: the live map is measured on bright-v9 over Chicago, which needs ../shared/fixtures (give --fixtures)")
                    return skipped
                }
                let scene = try LoadScene.chicago(fixtures: fixtures, scratch: scratch)
                return try StyleEditBenchmark(scratch: scratch, scene: scene, edits: quick ? 10 : 30, updateSeconds: quick ? 10 : 60,
                                              launchArguments: launchArguments).run()
            })
        }
        if sections.contains("serve") {
            report.add(section("serve", "Serve") {
                let scene = try fixtures.map { try LoadScene.chicago(fixtures: $0, scratch: scratch) } ?? LoadScene.demo(scratch: scratch)
                return try ServeBenchmark(scratch: scratch, scene: scene, fixtures: fixtures, rendererCounts: [1, 2, 4], grid: quick ? 6 : 10,
                                          concurrency: 8, warmSeconds: quick ? 2 : 5).run()
            })
        }
        report.goals = goals(report)
        return report
    }

    /// The core's RSS over repeated pans (a long-lived core must not grow as the map moves): after the load,
    /// and after each repetition.
    static func memoryFigures(scratch: URL, fixtures: URL, repetitions: Int, launchArguments: [String]) throws -> [BenchFigure] {
        let samples = try MemoryBenchmark(scratch: scratch, fixtures: fixtures, repetitions: repetitions, launchArguments: launchArguments).run()
        let runs = samples.afterRepetitionMiB
        guard let first = runs.first, let last = runs.last, let most = runs.max() else { return [] }
        let pan = "bright-v9 over Chicago, 512×512, panned across \(samples.tilesPerRepetition) tiles"
        let each = runs.map { String(format: "%.1f", $0) }.joined(separator: ", ")
        return [
            BenchFigure(key: "core-rss-after-load-mib", name: "core RSS after loading bright-v9 over Chicago", value: samples.afterLoadMiB, unit: "MiB"),
            BenchFigure(key: "core-rss-first-mib", name: "core RSS, \(pan): after the first of \(runs.count) pans", value: first, unit: "MiB",
                        baselineName: "goal", baseline: 150),
            BenchFigure(key: "core-rss-last-mib", name: "core RSS, \(pan): after the last pan", value: last, unit: "MiB",
                        baselineName: "after the first pan", baseline: first, note: "MiB after each pan: \(each)"),
            BenchFigure(key: "core-rss-max-mib", name: "core RSS, \(pan): most after any pan", value: most, unit: "MiB",
                        baselineName: "goal", baseline: 150),
            BenchFigure(key: "core-rss-growth-mib", name: "core RSS growth from the first pan to the last", value: last - first, unit: "MiB"),
        ]
    }

    private func peerSection(_ chicago: (scene: LoadScene, times: LoadBenchmark.Times)?) -> BenchReport.Section {
        var section = BenchReport.Section(key: "peer", title: "Peer: MapLibre GL JS in headless Chromium")
        guard let fixtures, let chicago else {
            section.notes.append("skipped: the peer draws bright-v9 over Chicago, which needs ../shared/fixtures and the load section's MapWire runs")
            return section
        }
        progress("peer")
        let peer = PeerBenchmark(scratch: scratch, fixtures: fixtures, runs: quick ? 2 : 5)
        do {
            let outcome = try peer.run(scene: chicago.scene, sprite: scratch.appendingPathComponent("sprite/bright-v9"), timeoutSeconds: quick ? 180 : 600)
            let (figures, _) = try PeerBenchmark.figures(peer: outcome, mapwire: chicago.times, side: chicago.scene.side, images: images)
            section.figures = figures
            section.notes.append("\(outcome.chromium), MapLibre GL JS \(outcome.maplibre) on SwiftShader (WebGL 2), driven in real time over the DevTools protocol by scripts/bench-peer; median of \(outcome.idleMs.count) page loads, timed from new maplibregl.Map (fadeDuration 0) to its idle event and to canvas.toDataURL. MapWire's times are the load section's (set-style-uri → map-idle, → snapshot PNG).")
            if !outcome.errors.isEmpty { section.notes.append("MapLibre reported: \(outcome.errors.prefix(3).joined(separator: "; "))") }
        } catch {
            section.notes.append("\(error)")
            return section
        }
        // The fidelity scenes: each city at 1024×768, flat and at pitch 45 / bearing 30.
        let load = LoadBenchmark(scratch: scratch, runs: quick ? 1 : 3, launchArguments: launchArguments)
        for city in ["chicago", "bangkok", "sanfrancisco"] {
            for (pitch, bearing) in [(0.0, 0.0), (45.0, 30.0)] {
                do {
                    guard let scene = try LoadScene.city(city, fixtures: fixtures, scratch: scratch, pitch: pitch, bearing: bearing) else {
                        section.notes.append("\(city) skipped: no tiles in the fixtures")
                        break
                    }
                    progress("peer \(scene.key)")
                    let times = try load.measure(scene)
                    let outcome = try peer.run(scene: scene, sprite: scratch.appendingPathComponent("sprite/bright-v9"), timeoutSeconds: quick ? 180 : 600)
                    let (figures, _) = try PeerBenchmark.figures(peer: outcome, mapwire: times, scene: scene,
                                                                 title: "\(scene.title) \(scene.sizeName)", images: images)
                    section.figures += figures.filter { !$0.key.hasPrefix("time-to-png") }
                } catch {
                    section.notes.append("\(city) pitch \(Int(pitch)): \(error)")
                }
            }
        }
        return section
    }

    private func nativePeerSection() -> BenchReport.Section {
        let title = "Peer: MapLibre Native (pymgl, Mesa llvmpipe)"
        guard NginxProcess.available, let fixtures else {
            var skipped = BenchReport.Section(key: "peer-native", title: title)
            skipped.notes.append(NginxProcess.available
                ? "skipped: the native peer draws bright-v9 over Chicago, which needs ../shared/fixtures (give --fixtures)"
                : "skipped: nginx is not installed (apt-get install -y nginx, or scripts/install-deps --bench)")
            return skipped
        }
        return section("peer-native", title) {
            do {
                return try NativePeerBenchmark(scratch: scratch, fixtures: fixtures, runs: quick ? 2 : 5, frames: frames, images: images).run()
            } catch let failure as PeerBenchmark.Failure {
                var skipped = BenchReport.Section(key: "peer-native", title: title)
                skipped.notes.append("\(failure)")
                return skipped
            }
        }
    }

    private func networkSection() -> BenchReport.Section {
        guard NginxProcess.available, let fixtures else {
            var skipped = BenchReport.Section(key: "network", title: "Network")
            skipped.notes.append(NginxProcess.available
                ? "skipped: the network section serves the Chicago fixtures, which need ../shared/fixtures (give --fixtures)"
                : "skipped: nginx is not installed (apt-get install -y nginx)")
            return skipped
        }
        return section("network", "Network") {
            try NetworkBenchmark(scratch: scratch, fixtures: fixtures, runs: quick ? 1 : 5, tileLoads: quick ? 1_000 : requests / 2,
                                 roundTrips: quick ? 1_000 : requests / 2).run()
        }
    }

    private func section(_ key: String, _ title: String, _ body: () throws -> BenchReport.Section) -> BenchReport.Section {
        progress(key)
        do { return try body() } catch {
            var failed = BenchReport.Section(key: key, title: title)
            failed.notes.append("failed: \(error)")
            return failed
        }
    }

    private func progress(_ key: String) {
        FileHandle.standardError.write(Data("bench: \(key)…\n".utf8))
    }

    private func goals(_ report: BenchReport) -> [BenchGoal] {
        var goals: [BenchGoal] = []
        let ratios = BusBenchmark.kinds.compactMap { report.figure("bus", "events-per-second.\($0.topic)")?.ratio }
        goals.append(BenchGoal(name: "bus throughput against raw libzmq, same sizes", target: "≥ 60 % at each size",
                               measured: ratios.isEmpty ? "not measured" : ratios.map { String(format: "%.1f %%", $0 * 100) }.joined(separator: ", "),
                               met: ratios.isEmpty ? nil : ratios.allSatisfy { $0 >= 0.6 }))
        // Judged on the wall clock; the rates per second on a CPU (which leave out the time the loop's thread
        // waited for one of the cores) are shown beside them.
        let wall = BusBenchmark.kinds.compactMap { report.figure("bus", "publish-rate.\($0.topic)")?.ratio }
        let onCPU = BusBenchmark.kinds.compactMap { report.figure("bus", "publish-rate-on-cpu.\($0.topic)")?.ratio }
        let keeping = BusBenchmark.kinds.compactMap { report.figure("bus", "publish-rate-keeping-memory.\($0.topic)")?.ratio }
        func percents(_ ratios: [Double]) -> String { ratios.map { String(format: "%.1f %%", $0 * 100) }.joined(separator: ", ") }
        goals.append(BenchGoal(name: "the core's publish rate against the raw publisher, same sizes", target: "≥ 80 % at each size",
                               measured: wall.isEmpty ? "not measured"
                                   : "\(percents(wall)) (per second on a CPU: \(percents(onCPU)); "
                                   + "against a raw publisher keeping freed memory as the core does: \(percents(keeping)))",
                               met: wall.isEmpty ? nil : wall.allSatisfy { $0 >= 0.8 }))
        let p99 = report.figure("bus", "round-trip-p99")?.ratio
        goals.append(BenchGoal(name: "request round trip p99 against raw DEALER/ROUTER", target: "≤ 2×",
                               measured: p99.map { String(format: "%.2f×", $0) } ?? "not measured", met: p99.map { $0 <= 2 }))
        let http = report.figure("network", "http-tiles-per-second")?.ratio
        goals.append(BenchGoal(name: "tiles/s over HTTP through core ↔ loader against async-http-client alone", target: "≥ 70 %",
                               measured: http.map { String(format: "%.1f %%", $0 * 100) } ?? "not measured", met: http.map { $0 >= 0.7 }))
        let hit = report.figure("network", "cache-hit-round-trip-p50")?.ratio
        goals.append(BenchGoal(name: "cache hit round trip against a local file (p50)", target: "≤ 1.5×",
                               measured: hit.map { String(format: "%.2f×", $0) } ?? "not measured", met: hit.map { $0 <= 1.5 }))
        let loaders = report.figure("scale", "requests-per-second.loader-bound.loaders-2")?.ratio
        goals.append(BenchGoal(name: "two loaders against one when the loader does the work (MBTiles tiles inflated)", target: "≥ 1.6×",
                               measured: loaders.map { String(format: "%.2f×", $0) } ?? "not measured", met: loaders.map { $0 >= 1.6 }))
        let png = report.figure("peer", "time-to-png")?.ratio
        goals.append(BenchGoal(name: "Chicago to PNG against MapLibre GL JS in headless Chromium", target: "faster (ratio < 1)",
                               measured: png.map { String(format: "%.2f×", $0) } ?? "not measured", met: png.map { $0 < 1 }))
        let paint = report.figure("style-edits", "edit-to-frame-ms.paint")?.ratio
        let filter = report.figure("style-edits", "edit-to-frame-ms.filter")?.ratio
        goals.append(BenchGoal(name: "set-paint-property and set-filter → next full frame against a steady frame", target: "≤ 1.3×",
                               measured: paint.map { p in String(format: "%.2f×, %.2f×", p, filter ?? .nan) } ?? "not measured",
                               met: paint.map { $0 <= 1.3 && (filter ?? .infinity) <= 1.3 }))
        goals += renderGoals(report)
        goals += NativePeerGoals.goals(report)
        return goals
    }

    /// The renderer's and the core's memory goals (BENCHMARKS.md, "Goals").
    private func renderGoals(_ report: BenchReport) -> [BenchGoal] {
        var goals: [BenchGoal] = []
        func ratio(_ section: String, _ key: String, _ target: String, _ met: (Double) -> Bool, _ name: String) {
            let value = report.figure(section, key)?.ratio
            goals.append(BenchGoal(name: name, target: target, measured: value.map { String(format: "%.2f×", $0) } ?? "not measured",
                                   met: value.map(met)))
        }
        ratio("render", "frame-ms", "≤ 1.3×", { $0 <= 1.3 }, "Chicago frame against the cairo workload")
        ratio("render", "png-ms", "≤ 0.5×", { $0 <= 0.5 }, "PNG encoding against the frame")
        ratio("peer", "time-to-png", "≤ 0.2×", { $0 <= 0.2 }, "Chicago style → PNG against MapLibre GL JS, a fifth of its time")
        let most = report.figure("load", "core-rss-max-mib")?.value, growth = report.figure("load", "core-rss-growth-mib")?.value
        let measured = most.map { String(format: "max %.1f MiB, growth %.1f MiB", $0, growth ?? 0) } ?? "not measured"
        // Flat: the last pan ends within 5 % of the first (allocator noise), never growing pan after pan.
        let first = report.figure("load", "core-rss-first-mib")?.value
        goals.append(BenchGoal(name: "core RSS over 10 pans across 200 tiles", target: "< 150 MiB and flat", measured: measured,
                               met: most.map { $0 < 150 && (growth ?? 0) <= 0.05 * (first ?? $0) }))
        return goals
    }
}
