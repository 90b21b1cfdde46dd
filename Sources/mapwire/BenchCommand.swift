import ArgumentParser
import Foundation
import MapWireGeometry

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure MapWire's performance: each figure with a baseline measured in the same run, and their ratio.",
        discussion: """
            Sections: bus (events/s core → decoding subscriber against raw libzmq PUB/SUB; request round trips \
            core ↔ loader against a raw ROUTER/DEALER echo), load (set-style-uri → map-idle, tiles/s), render \
            (ms per 512×512 frame on the Chicago scene), scale (10,000 add-source against 100 × 100, 1/4/16 subscribers, slow subscribers, 1 and 2 \
            loaders, viewport sizes), peer (MapLibre GL JS in headless Chromium via scripts/bench-peer: time \
            ratio and pixel similarity; skipped when chromium or the maplibre pip package is missing), network (nginx on \
            loopback: tiles/s through core ↔ loader against async-http-client alone, a cache hit's round trip against \
            a local file, an offline region of 1,000 tiles against curl --parallel, bright-v9 over Chicago cold, warm \
            and offline against local files; skipped when nginx is missing), record (events/s `mapwire record` \
            writes to MCAP without loss against the events/s to a decoding subscriber; bytes per event on disk \
            with zstd and without compression), serve (`mapwire serve`: 256 px tiles/s \
            and p50/p99, cold and warm, at 1, 2 and 4 renderers; bright-v9 over Chicago, else the demo town), \
            peer-native (MapLibre Native through pymgl via scripts/bench-peer-native, the same Chicago map from \
            nginx: cold tiles/s, static images, steady frames, style → frame, peak RSS, pixel similarity; skipped \
            when pymgl, an EGL driver or nginx is missing), style-edits (the live map on bright-v9 over Chicago: \
            set-paint-property and set-filter → next full frame against a steady frame; 10,000 GeoJSON points \
            moved 100 at a time at 10 Hz by update-source-data against set-source-data; skipped without fixtures). \
            Run a release build from the repository: swift build -c release --scratch-path .build-release && \
            .build-release/release/mapwire bench. Figures from a debug build are not worth quoting.
            """,
        subcommands: [Render.self, RawPeerCommand.self, SubscriberProfileCommand.self])

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, markdown }

    @Flag(help: "A short run (about two minutes): fewer events, runs and sizes.")
    var quick = false

    @Option(help: "Output format: text, json or markdown.")
    var format: Format = .text

    @Option(help: "Comma-separated sections to run: bus, record, load, render, annotations, scale, peer, network, serve, peer-native, style-edits (default: all).")
    var sections = "bus,record,load,render,annotations,scale,peer,network,serve,peer-native,style-edits"

    @Option(help: "The shared fixtures folder (default: ../shared/fixtures). Without it, Chicago, the peer and the network are skipped.")
    var fixtures: String?

    @Option(help: "Events per throughput run (default: 200000, or 20000 with --quick).")
    var events: Int?

    @Option(help: "Request round trips and pipelined requests (default: 20000, or 2000 with --quick).")
    var requests: Int?

    @Option(help: "Frames for the render section (default: 30, or 10 with --quick).")
    var frames: Int?

    @Option(help: "Sources added to one style in the scale section (default: 10000, or 2000 with --quick).")
    var sourceAdds: Int?

    @Option(help: "The tiles the scale section's loader-bound requests inflate: cities (the three fixture cities'), chicago, bangkok, sanfrancisco or demo (default: cities; demo without fixtures).")
    var loaderTiles: LoaderBoundTileSet = .cities

    @Option(help: "Keep the peer comparison's images (MapWire's, MapLibre's, their difference) in this folder.")
    var images: String?

    @Option(help: "Also write the results as JSON to this file.")
    var jsonOutput: String?

    @Option(help: "Also write the results as Markdown to this file.")
    var markdownOutput: String?

    @Flag(help: "Start the benchmark cores offline: loads ask the loaders' cache only.")
    var offline = false

    @Option(help: "The loaders' cache file (passed to every loader as --cache PATH).")
    var cache: String?

    func validate() throws {
        let known: Set = ["bus", "record", "load", "render", "annotations", "scale", "peer", "network", "serve", "peer-native", "style-edits"]
        for name in sectionList where !known.contains(name) {
            throw ValidationError("unknown section \"\(name)\" (known: bus, record, load, render, annotations, scale, peer, network, serve, peer-native)")
        }
        if let events, events < 1 { throw ValidationError("--events must be at least 1") }
        if let requests, requests < 1 { throw ValidationError("--requests must be at least 1") }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let sourceAdds, sourceAdds < 1 { throw ValidationError("--source-adds must be at least 1") }
    }

    var sectionList: [String] { sections.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }

    func run() throws {
        if _isDebugAssertConfiguration() { MonitorCommand.warn("bench: this is a debug build; figures from a release build are the ones to quote") }
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mwb-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = URL(fileURLWithPath: fixtures ?? "../shared/fixtures").standardizedFileURL
        let haveFixtures = FileManager.default.fileExists(atPath: folder.appendingPathComponent("styles/bright-v9.json").path)
        let suite = BenchSuite(quick: quick, scratch: scratch, fixtures: haveFixtures ? folder : nil, sections: Set(sectionList),
                               events: events ?? (quick ? 20_000 : 200_000), requests: requests ?? (quick ? 2_000 : 20_000),
                               frames: frames ?? (quick ? 10 : 30), sourceAdds: sourceAdds ?? (quick ? 2_000 : 10_000), images: images.map { URL(fileURLWithPath: $0) }, loaderTiles: loaderTiles,
                               launchArguments: LaunchOptions.networkArguments(offline: offline, cache: cache))
        let report = suite.run()
        if let path = jsonOutput { try Data((report.json.serialized + "\n").utf8).write(to: URL(fileURLWithPath: path)) }
        if let path = markdownOutput { try Data(report.markdown.utf8).write(to: URL(fileURLWithPath: path)) }
        switch format {
        case .text: Output.line(report.text)
        case .json: Output.line(report.json.serialized)
        case .markdown: Output.line(report.markdown)
        }
    }

    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Milliseconds per frame and frames per second of the renderer on the Chicago scene (bright-v9, zoom 13).",
            discussion: "The render section of `mapwire bench`, alone; takes bench's --fixtures and --frames (default 30). Without ../shared fixtures it renders the bundled demo town instead. Run a release build.")

        /// --fixtures and --frames are the parent's options (ArgumentParser gives an option both
        /// commands declare to the parent).
        @ParentCommand var bench: BenchCommand

        @Option(help: "Frame size WIDTHxHEIGHT.")
        var size = "512x512"

        func run() throws {
            let (w, h) = try parseSize(size)
            if _isDebugAssertConfiguration() { MonitorCommand.warn("bench: this is a debug build; figures from swift build -c release are the ones to quote") }
            let section = try RenderSection.run(fixtures: URL(fileURLWithPath: bench.fixtures ?? "../shared/fixtures"),
                                                size: ViewportSize(width: Int(w), height: Int(h)), frames: bench.frames ?? 30)
            var report = BenchReport(quick: false)
            report.add(section)
            Output.line(report.text)
        }
    }
}

extension LoaderBoundTileSet: ExpressibleByArgument {}
