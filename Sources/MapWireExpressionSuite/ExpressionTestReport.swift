import Foundation
import MapWireJSON

/// Writes `report.md` (for people) and `report.json` (for CI and comparing runs) into the output root.
enum ExpressionTestReport {
    static let markdownFileName = "report.md"
    static let jsonFileName = "report.json"

    static func write(_ results: [ExpressionTestResult], to outputRoot: URL) throws {
        try FileManager.default.createDirectory(at: outputRoot, withIntermediateDirectories: true)
        try Data(markdown(results).utf8).write(to: outputRoot.appendingPathComponent(markdownFileName), options: .atomic)
        try Data(json(results).serialized.utf8).write(to: outputRoot.appendingPathComponent(jsonFileName), options: .atomic)
    }

    static func json(_ results: [ExpressionTestResult]) -> JSONValue {
        let tally = ExpressionTestTally(results)
        let groups = tally.groups.map { group in
            JSONValue.object([JSONMember("group", .string(group.name)), JSONMember("passed", .int(Int64(group.passed))),
                              JSONMember("total", .int(Int64(group.total)))])
        }
        let tests = results.map { result -> JSONValue in
            var members = [JSONMember("id", .string(result.id)), JSONMember("group", .string(result.group)),
                           JSONMember("passed", .bool(result.passed))]
            if let error = result.error { members.append(JSONMember("error", .string(error))) }
            if let mismatch = result.mismatch {
                members.append(JSONMember("mismatch", .object([
                    JSONMember("part", .string(mismatch.part)),
                    JSONMember("expected", mismatch.expected ?? .null),
                    JSONMember("actual", mismatch.actual ?? .null),
                ])))
            }
            return .object(members)
        }
        return .object([
            JSONMember("passed", .int(Int64(tally.passed))), JSONMember("failed", .int(Int64(tally.failed))),
            JSONMember("errors", .int(Int64(tally.errors))), JSONMember("total", .int(Int64(tally.total))),
            JSONMember("groups", .array(groups)), JSONMember("tests", .array(tests)),
        ])
    }

    static func markdown(_ results: [ExpressionTestResult]) -> String {
        let tally = ExpressionTestTally(results)
        var lines = [
            "# Expression tests", "",
            "**\(tally.passed) passed, \(tally.failed) failed** of \(tally.total)"
                + (tally.errors > 0 ? " (\(tally.errors) of the failures are errors)." : "."),
            "", "| group | passed | total |", "| --- | ---: | ---: |",
        ]
        lines += tally.groups.map { "| \(cell($0.name)) | \($0.passed) | \($0.total) |" }
        let failures = results.filter { !$0.passed }
        if !failures.isEmpty {
            lines += ["", "## Failures", "", "| test | what differs | expected | actual |", "| --- | --- | --- | --- |"]
            lines += failures.map { result in
                if let error = result.error { return "| \(cell(result.id)) | error | \(cell(error)) | |" }
                let mismatch = result.mismatch
                return "| \(cell(result.id)) | \(mismatch?.part ?? "") | `\(cell(mismatch?.expected?.serialized ?? ""))` "
                    + "| `\(cell(mismatch?.actual?.serialized ?? ""))` |"
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Table cells cannot hold pipes or line breaks, and very long values would hide the table.
    private static func cell(_ text: String) -> String {
        let short = text.count > 400 ? String(text.prefix(400)) + "…" : text
        return short.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
