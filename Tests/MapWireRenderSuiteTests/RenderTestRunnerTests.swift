import Foundation
import MapWireFormats
import Testing
@testable import MapWireRenderSuite

/// Returns each test's expected.png for ids in `matching`, a blank image of the right size otherwise,
/// and throws for ids in `failing`.
final class FakeDriver: RenderTestDriver {
    var matching: Set<String> = []
    var failing: Set<String> = []
    /// What `loadErrors` reports after every render.
    var unloaded: [String] = []
    private(set) var rendered: [String] = []

    struct RenderFailed: Error, CustomStringConvertible {
        var description: String { "renderer crashed" }
    }

    func render(_ testCase: RenderTestCase) throws -> RGBAImage {
        rendered.append(testCase.id)
        if failing.contains(testCase.id) { throw RenderFailed() }
        if matching.contains(testCase.id) {
            return try ImageDecoder.decode(try Data(contentsOf: testCase.expectedImageURL))
        }
        return RGBAImage(width: testCase.imageWidth, height: testCase.imageHeight)
    }

    func loadErrors() -> [String] { unloaded }
}

@Suite struct RenderTestRunnerTests {
    /// A black square on white: a blank (transparent, so white) render differs in every square pixel.
    static let picture = SyntheticImages.image(width: 8, height: 8) { x, y in
        (2..<6).contains(x) && (2..<6).contains(y) ? SyntheticImages.black : SyntheticImages.white
    }

    static func writeSuite(_ root: URL) throws {
        let size = #""width": 8, "height": 8"#
        try SuiteWriter.writeTest(root: root, "fill-color/match", style: SuiteWriter.style(test: size), expected: picture)
        try SuiteWriter.writeTest(root: root, "fill-color/blank", style: SuiteWriter.style(test: size), expected: picture)
        try SuiteWriter.writeTest(
            root: root, "regressions/mapbox-gl-js#1", style: SuiteWriter.style(test: size + #", "ignored": {"js": "flaky"}"#),
            expected: picture)
        try SuiteWriter.writeTest(root: root, "regressions/no-expected", style: SuiteWriter.style(test: size))
    }

    @Test func passesMatchingRendersAndFailsTheRest() throws {
        let suite = try TemporaryDirectory(), output = try TemporaryDirectory()
        try Self.writeSuite(suite.url)
        let cases = try RenderSuite.load(root: suite.url, filter: nil)
        let driver = FakeDriver()
        driver.matching = ["fill-color/match"]
        driver.failing = ["regressions/mapbox-gl-js#1"]
        var reported: [String] = []
        let results = RenderTestRunner.run(cases, driver: driver, outputRoot: output.url) { reported.append($0.id) }

        #expect(driver.rendered == cases.map(\.id))
        #expect(reported == cases.map(\.id))
        let byID = Dictionary(uniqueKeysWithValues: results.map { ($0.id, $0) })

        let match = try #require(byID["fill-color/match"])
        #expect(match.passed && match.ratio == 0 && match.error == nil && match.durationMs >= 0)

        let blank = try #require(byID["fill-color/blank"])
        #expect(!blank.passed)
        #expect(blank.differentPixels == 16 && blank.ratio == 0.25)

        let crashed = try #require(byID["regressions/mapbox-gl-js#1"])
        #expect(!crashed.passed && crashed.ratio == nil)
        #expect(crashed.error == "render failed: renderer crashed")

        let noExpected = try #require(byID["regressions/no-expected"])
        #expect(!noExpected.passed)
        #expect(noExpected.error?.hasPrefix("cannot read expected.png: ") == true, "\(noExpected.error ?? "")")
        // The render is kept, so a new test's expectation can be made from it.
        #expect(FileManager.default.fileExists(atPath: output.url.appendingPathComponent("regressions/no-expected/actual.png").path))
    }

    @Test func writesImagesIntoTheOutputFolderOnly() throws {
        let suite = try TemporaryDirectory(), output = try TemporaryDirectory()
        try Self.writeSuite(suite.url)
        let cases = try RenderSuite.load(root: suite.url, filter: "fill-color")
        let driver = FakeDriver()
        driver.matching = ["fill-color/match"]
        _ = RenderTestRunner.run(cases, driver: driver, outputRoot: output.url, progress: nil)

        let blankFolder = output.url.appendingPathComponent("fill-color/blank")
        let actual = try ImageDecoder.decode(try Data(contentsOf: blankFolder.appendingPathComponent("actual.png")))
        #expect(actual == RGBAImage(width: 8, height: 8))
        let diff = try ImageDecoder.decode(try Data(contentsOf: blankFolder.appendingPathComponent("diff.png")))
        #expect(diff.pixel(x: 3, y: 3) == (255, 0, 0, 255))
        #expect(FileManager.default.fileExists(atPath: output.url.appendingPathComponent("fill-color/match/diff.png").path))
        let suiteFiles = try FileManager.default.contentsOfDirectory(atPath: suite.url.appendingPathComponent("tests/fill-color/blank").path)
        #expect(suiteFiles.sorted() == ["expected.png", "style.json"])
    }

    @Test func staleImagesOfAnEarlierRunAreRemoved() throws {
        let suite = try TemporaryDirectory(), output = try TemporaryDirectory()
        try Self.writeSuite(suite.url)
        let cases = try RenderSuite.load(root: suite.url, filter: "fill-color/blank")
        _ = RenderTestRunner.run(cases, driver: FakeDriver(), outputRoot: output.url, progress: nil)
        let failing = FakeDriver()
        failing.failing = ["fill-color/blank"]
        _ = RenderTestRunner.run(cases, driver: failing, outputRoot: output.url, progress: nil)
        #expect(!FileManager.default.fileExists(atPath: output.url.appendingPathComponent("fill-color/blank/actual.png").path))
    }

    @Test func summaryListsPropertiesThenTotals() throws {
        let suite = try TemporaryDirectory(), output = try TemporaryDirectory()
        try Self.writeSuite(suite.url)
        let driver = FakeDriver()
        driver.matching = ["fill-color/match", "regressions/mapbox-gl-js#1"]
        let results = RenderTestRunner.run(
            try RenderSuite.load(root: suite.url, filter: nil), driver: driver, outputRoot: output.url, progress: nil)
        #expect(RenderTestRunner.summary(results) == """
            fill-color: 1/2
            regressions: 1/2
            errors (counted as failed): 1
            render tests: 2 passed, 2 failed
            """)
        #expect(RenderTestRunner.summary([]) == "render tests: 0 passed, 0 failed")
    }

    @Test func aTestThatErrorsIsReportedAsAnErrorWithItsCause() throws {
        let suite = try TemporaryDirectory(), output = try TemporaryDirectory()
        try Self.writeSuite(suite.url)
        let driver = FakeDriver()
        driver.failing = ["fill-color/match"]
        let results = RenderTestRunner.run(
            try RenderSuite.load(root: suite.url, filter: "fill-color"), driver: driver, outputRoot: output.url, progress: nil)
        let crashed = try #require(results.first { $0.id == "fill-color/match" })
        #expect(crashed.status == .errored && crashed.error == "render failed: renderer crashed")
        #expect(results.first { $0.id == "fill-color/blank" }?.status == .failed)
        #expect(RenderTestRunner.summary(results) == """
            fill-color: 0/2
            errors (counted as failed): 1
            render tests: 0 passed, 2 failed
            """)
    }

    @Test func aFailedTestWhoseDataDidNotLoadNamesTheCause() throws {
        let suite = try TemporaryDirectory(), output = try TemporaryDirectory()
        try Self.writeSuite(suite.url)
        let driver = FakeDriver()
        driver.matching = ["fill-color/match"]
        driver.unloaded = ["tile 0/0/0 of source \"mapbox\": connection refused"]
        let results = RenderTestRunner.run(
            try RenderSuite.load(root: suite.url, filter: "fill-color"), driver: driver, outputRoot: output.url, progress: nil)
        let blank = try #require(results.first { $0.id == "fill-color/blank" })
        #expect(blank.status == .errored)
        #expect(blank.error == "could not load: tile 0/0/0 of source \"mapbox\": connection refused")
        #expect(blank.ratio == 0.25)
        // A test that matched passes whatever did not load.
        #expect(results.first { $0.id == "fill-color/match" }?.status == .passed)
        #expect(RenderTestRunner.loadFailure((1...5).map { "tile \($0)" }) == "could not load: tile 1; tile 2; tile 3; and 2 more")
    }

    @Test func reportHasCountsFailuresAndImages() throws {
        let suite = try TemporaryDirectory(), output = try TemporaryDirectory()
        try Self.writeSuite(suite.url)
        let driver = FakeDriver()
        driver.matching = ["fill-color/match"]
        driver.failing = ["regressions/mapbox-gl-js#1"]
        let results = RenderTestRunner.run(
            try RenderSuite.load(root: suite.url, filter: nil), driver: driver, outputRoot: output.url, progress: nil)
        let reportFolder = output.url.appendingPathComponent("report")
        try RenderTestRunner.writeReport(results, to: reportFolder)

        let markdown = try String(contentsOf: reportFolder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("**1 passed, 3 failed** of 4."))
        #expect(markdown.contains("| fill-color | 1 | 2 |"))
        #expect(markdown.contains("| regressions | 0 | 2 |"))
        #expect(markdown.contains("| fill-color/blank | failed | 0.250000 | 0.000150 |"))
        #expect(markdown.contains("| regressions/mapbox-gl-js#1 | errored | – | 0.000150 | render failed: renderer crashed | ignored (js): flaky |"))
        #expect(markdown.contains("2 of the failed errored"))
        #expect(!markdown.contains("| fill-color/match |"))

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: reportFolder.appendingPathComponent("report.json"))) as? [String: Any]
        #expect(json?["passed"] as? Int == 1 && json?["failed"] as? Int == 3 && json?["total"] as? Int == 4)
        #expect(json?["errored"] as? Int == 2)
        let tests = json?["tests"] as? [[String: Any]] ?? []
        let blank = tests.first { $0["id"] as? String == "fill-color/blank" }
        #expect(blank?["ratio"] as? Double == 0.25)
        #expect(blank?["actual"] as? String == "fill-color/blank/actual.png")
        let crashed = tests.first { $0["id"] as? String == "regressions/mapbox-gl-js#1" }
        #expect(crashed?["error"] as? String == "render failed: renderer crashed")
        #expect(crashed?["status"] as? String == "errored" && blank?["status"] as? String == "failed")
        #expect(crashed?["ignoredReason"] as? String == "ignored (js): flaky")

        let html = try String(contentsOf: reportFolder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("Render tests: 1 passed, 3 failed"))
        #expect(html.contains(#"src="regressions/mapbox-gl-js%231/diff.png""#))
        // Failures come before passes.
        let failed = try #require(html.range(of: "fill-color/blank"))
        let passed = try #require(html.range(of: "<b>fill-color/match</b>"))
        #expect(failed.lowerBound < passed.lowerBound)
    }
}
