import Foundation

/// One row of the plugin-check table.
struct CheckResult {
    let name: String
    let passed: Bool
    let detail: String

    static func pass(_ name: String, _ detail: String) -> CheckResult { CheckResult(name: name, passed: true, detail: detail) }
    static func fail(_ name: String, _ detail: String) -> CheckResult { CheckResult(name: name, passed: false, detail: detail) }
}

/// The pass/fail table `mapwire plugin-check` prints.
enum CheckReport {
    static func table(_ results: [CheckResult]) -> [String] {
        let width = max(5, results.map(\.name.count).max() ?? 0)
        func pad(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var lines = ["\(pad("CHECK"))  RESULT  DETAIL"]
        lines.append(String(repeating: "-", count: width) + "  ------  ------")
        for result in results {
            lines.append("\(pad(result.name))  \(result.passed ? "pass  " : "FAIL  ")  \(result.detail)")
        }
        let failed = results.filter { !$0.passed }.count
        lines.append("")
        lines.append(failed == 0 ? "all \(results.count) checks passed"
                                 : "\(failed) of \(results.count) checks failed")
        return lines
    }
}
