import Foundation
import MapWireFormats

/// Runs render tests the way the upstream harness judged them: render, compare with expected.png
/// (pixelmatch, threshold 0.13), pass when the differing-pixel ratio is at most the test's `allowed`.
public enum RenderTestRunner {
    /// The pixelmatch threshold the upstream harness used.
    public static let threshold = 0.13

    /// Runs every case through `driver` in order, writes `actual.png` and `diff.png` to
    /// `outputRoot/<property>/<name>/`, and reports each result to `progress` as soon as it is known.
    /// Tests ignored or skipped upstream run like any other; their reason stays on the test case.
    public static func run(
        _ cases: [RenderTestCase], driver: some RenderTestDriver, outputRoot: URL,
        progress: ((RenderTestResult) -> Void)?
    ) -> [RenderTestResult] {
        cases.map { testCase in
            let result = runOne(testCase, driver: driver, outputRoot: outputRoot)
            progress?(result)
            return result
        }
    }

    public static func writeReport(_ results: [RenderTestResult], to outputRoot: URL) throws {
        try RenderTestReport.write(results, to: outputRoot)
    }

    /// "property: passed/total" per property, the tests that errored (among the failed) when any,
    /// then "render tests: N passed, M failed".
    public static func summary(_ results: [RenderTestResult]) -> String {
        let tally = RenderTestTally(results)
        var lines = tally.properties.map { "\($0.property): \($0.passed)/\($0.total)" }
        if tally.errored > 0 { lines.append("errors (counted as failed): \(tally.errored)") }
        return (lines + ["render tests: \(tally.passed) passed, \(tally.failed) failed"]).joined(separator: "\n")
    }

    private static func runOne(_ testCase: RenderTestCase, driver: some RenderTestDriver, outputRoot: URL) -> RenderTestResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = RenderTestResult(testCase: testCase, passed: false)
        do {
            let folder = RenderTestOutputFolder(outputRoot: outputRoot, testCase: testCase)
            try stage("cannot prepare \(folder.url.path)") { try folder.prepare() }
            let actual = try stage("render failed") { try driver.render(testCase) }
            try stage("cannot write actual.png") { try folder.write(actual, to: folder.actualURL) }
            // Read after rendering, so a test without expected.png still leaves its actual.png behind.
            let expected = try stage("cannot read expected.png") {
                try ImageDecoder.decode(try Data(contentsOf: testCase.expectedImageURL))
            }
            let comparison = ImageDiff.compare(actual, expected, threshold: threshold)
            try stage("cannot write diff.png") { try folder.write(comparison.diffImage, to: folder.diffURL) }
            result.ratio = comparison.ratio
            result.differentPixels = comparison.differentPixels
            result.passed = comparison.ratio <= testCase.allowed
            if !result.passed, let cause = loadFailure(driver.loadErrors()) { result.error = cause }
        } catch {
            result.error = String(describing: error)
        }
        result.durationMs = milliseconds(clock.now - start)
        return result
    }

    /// The error a failed test reports when some of its data did not load: the first few causes.
    static func loadFailure(_ errors: [String]) -> String? {
        guard !errors.isEmpty else { return nil }
        let shown = errors.prefix(3).joined(separator: "; ")
        return "could not load: " + shown + (errors.count > 3 ? "; and \(errors.count - 3) more" : "")
    }

    /// Runs one step of a test, prefixing any error with what the step was.
    private static func stage<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw StageError(message: "\(what): \(describe(error))")
        }
    }

    private struct StageError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Foundation's file errors read best as their localized text; the rest (ImageDecodingError, drivers' errors) describe themselves.
    private static func describe(_ error: any Error) -> String {
        if let fileError = error as? CocoaError { return fileError.localizedDescription }
        return String(describing: error)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}
