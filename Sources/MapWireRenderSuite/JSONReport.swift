import Foundation

/// The machine-readable report, for CI and for comparing runs.
enum JSONReport {
    struct Report: Codable {
        var passed: Int
        var failed: Int
        /// Among the failed, those that errored.
        var errored: Int
        var total: Int
        var properties: [RenderTestTally.Property]
        var tests: [Test]
    }

    struct Test: Codable {
        var id: String
        var property: String
        var name: String
        var passed: Bool
        var status: RenderTestResult.Status
        var ratio: Double?
        var differentPixels: Int?
        var allowed: Double
        var error: String?
        var ignoredReason: String?
        var durationMs: Double
        /// Relative to the output root.
        var actual: String
        var diff: String
        /// Absolute path in the suite folder.
        var expected: String
    }

    static func render(_ results: [RenderTestResult]) throws -> Data {
        let tally = RenderTestTally(results)
        let report = Report(
            passed: tally.passed, failed: tally.failed, errored: tally.errored, total: tally.total, properties: tally.properties,
            tests: results.map { result in
                Test(
                    id: result.id, property: result.testCase.property, name: result.testCase.name,
                    passed: result.passed, status: result.status, ratio: result.ratio, differentPixels: result.differentPixels,
                    allowed: result.testCase.allowed, error: result.error, ignoredReason: result.testCase.ignoredReason,
                    durationMs: result.durationMs,
                    actual: RenderTestOutputFolder.relativePath(result.testCase, RenderTestOutputFolder.actualFileName),
                    diff: RenderTestOutputFolder.relativePath(result.testCase, RenderTestOutputFolder.diffFileName),
                    expected: result.testCase.expectedImageURL.path)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(report)
    }
}
