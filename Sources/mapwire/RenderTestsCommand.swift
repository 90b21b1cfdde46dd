import ArgumentParser
import Foundation
import MapWireBus
import MapWireExpressionSuite
import MapWireRenderSuite

struct RenderTestsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-tests",
        abstract: "Run a render-test suite (laid out like mapbox-gl-test-suite) through real MapWire processes, or an expression suite.",
        discussion: """
            Each test's style (local:// URLs mapped to the suite's folders, operations applied) is drawn \
            by a core, loader and renderer started for the run, compared with expected.png as the upstream \
            harness did (pixelmatch threshold 0.13, allowed ratio 0.00015 or metadata.test.diff), and \
            actual.png, diff.png and a report are written under --output.
            The suite's http://localhost:2900/ URLs (where upstream's harness served the suite folder) are \
            read from the suite folder too.

            Query tests (tests whose metadata.test has a queryGeometry, with expected.json) are asked of the \
            same processes once the map is drawn, and judged as the suite's query harness judged them \
            (features deep-equal, numbers within 1e-10); their summary ends with "query tests: N passed, M failed".

            A folder laid out like maplibre-style-spec's expression tests (tests/<group>/…/test.json) is \
            run in this process instead: each expression is compiled and evaluated by MapWire's style \
            evaluator and judged as that suite's harness judges it; the report goes under --output.
            """)

    @Argument(help: "The suite folder (holding tests/, data/, geojson/, image/, glyphs/).")
    var suite: String

    @Option(help: "Only tests whose property/name contains this.")
    var filter: String?

    @Option(name: .shortAndLong, help: "Where actual and diff images and the report go.")
    var output = "render-test-results"

    @Option(help: "Seconds one test may take.")
    var timeout: Double = 30

    @Flag(help: "Print one line per test.")
    var verbose = false

    @Flag(help: "Start the core offline: loads ask the loader's cache only.")
    var offline = false

    @Option(help: "The loader's cache file (passed to it as --cache PATH).")
    var cache: String?

    func run() throws {
        let root = URL(fileURLWithPath: suite).standardizedFileURL
        if ExpressionSuite.isExpressionSuite(root: root) {
            try ExpressionTestsRun(root: root, filter: filter, output: output, verbose: verbose).run()
            return
        }
        let cases = try RenderSuite.load(root: root, filter: filter)
        let queries = try QuerySuite.load(root: root, filter: filter)
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mapwire-rt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let launcher = try MapLauncher(directory: RunDirectory(path: scratch.appendingPathComponent("run").path),
                                       plugins: ["loader", "renderer"], options: try LaunchOptions.parse(launchArguments(root: root))) { _ in }
        defer { launcher.stop() }
        let driver = try ProcessRenderDriver(launcher: launcher, root: root, timeoutMilliseconds: Int(timeout * 1000))
        let outputRoot = URL(fileURLWithPath: output).standardizedFileURL
        // A folder of query tests alone (the suite's query-tests) reports no render tests.
        if !cases.isEmpty || queries.isEmpty {
            let results = RenderTestRunner.run(cases, driver: driver, outputRoot: outputRoot) { result in
                guard verbose else { return }
                let verdict = switch result.status {
                case .passed: "pass"
                case .failed: "FAIL"
                case .errored: "ERROR"
                }
                let detail = result.error ?? result.ratio.map { String(format: "%.5f", $0) } ?? ""
                Output.line("\(verdict) \(result.id) \(detail)")
            }
            try RenderTestRunner.writeReport(results, to: outputRoot)
            Output.line(RenderTestRunner.summary(results))
        }
        if !queries.isEmpty {
            let results = QueryTestRunner.run(queries, driver: driver, outputRoot: outputRoot) { result in
                if verbose { Output.line(QueryTestRunner.line(result)) }
            }
            try QueryTestRunner.writeReport(results, to: outputRoot)
            Output.line(QueryTestRunner.summary(results))
        }
        Output.line("report: \(outputRoot.path)")
    }

    /// The network options, and loader rewrites that serve the upstream harness's URLs from the suite.
    private func launchArguments(root: URL) -> [String] {
        LaunchOptions.networkArguments(offline: offline, cache: cache)
            + RenderSuite.loaderRewrites(root: root).flatMap { ["--rewrite", $0] }
    }
}
