/// The human-readable report: totals, a table per property, and every failure with its ratio or error.
enum MarkdownReport {
    static func render(_ results: [RenderTestResult]) -> String {
        let tally = RenderTestTally(results)
        var lines = [
            "# Render tests",
            "",
            "**\(tally.passed) passed, \(tally.failed) failed** of \(tally.total)."
                + (tally.errored > 0 ? " \(tally.errored) of the failed errored (their error says why)." : ""),
            "",
            "| property | passed | total |",
            "| --- | ---: | ---: |",
        ]
        lines += tally.properties.map { "| \(cell($0.property)) | \($0.passed) | \($0.total) |" }

        let failures = results.filter { !$0.passed }
        if !failures.isEmpty {
            lines += ["", "## Failures", "", "| test | status | ratio | allowed | error | upstream note |", "| --- | --- | ---: | ---: | --- | --- |"]
            lines += failures.map { result in
                let ratio = result.ratio.map(RenderTestReport.format) ?? "–"
                return "| \(cell(result.id)) | \(result.status.rawValue) | \(ratio) | \(RenderTestReport.format(result.testCase.allowed)) "
                    + "| \(cell(result.error ?? "")) | \(cell(result.testCase.ignoredReason ?? "")) |"
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Table cells cannot hold pipes or line breaks.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
