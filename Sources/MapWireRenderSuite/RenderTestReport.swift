import Foundation

/// Writes `report.md`, `report.json` and `index.html` into the output root.
enum RenderTestReport {
    static let markdownFileName = "report.md"
    static let jsonFileName = "report.json"
    static let htmlFileName = "index.html"

    static func write(_ results: [RenderTestResult], to outputRoot: URL) throws {
        try FileManager.default.createDirectory(at: outputRoot, withIntermediateDirectories: true)
        try Data(MarkdownReport.render(results).utf8).write(to: outputRoot.appendingPathComponent(markdownFileName), options: .atomic)
        try JSONReport.render(results).write(to: outputRoot.appendingPathComponent(jsonFileName), options: .atomic)
        try Data(HTMLReport.render(results).utf8).write(to: outputRoot.appendingPathComponent(htmlFileName), options: .atomic)
    }

    /// Failures first (in test order), then passes: the interesting part of a report is at the top.
    static func failuresFirst(_ results: [RenderTestResult]) -> [RenderTestResult] {
        results.filter { !$0.passed } + results.filter(\.passed)
    }

    /// Ratios are tiny (the default tolerance is 0.00015): plain decimals with enough digits to compare.
    static func format(_ ratio: Double) -> String {
        String(format: "%.6f", ratio)
    }
}
