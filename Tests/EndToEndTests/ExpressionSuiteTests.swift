import Foundation
import Testing

/// `mapwire render-tests` on expression suites: maplibre-style-spec's tests (when ../shared has them) and
/// one written here.
struct ExpressionSuiteTests {
    @Test(.enabled(if: SharedFixtures.expressionTests != nil, "../shared/fixtures/expression-tests is absent (a fresh clone has none)"))
    func theSharedExpressionSuiteRunsEndToEnd() throws {
        let suite = try #require(SharedFixtures.expressionTests)
        let run = try TestRun()
        let output = run.file("results")
        let result = try run.mapwire(["render-tests", suite.path, "-o", output.path], timeout: 300)
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        let summary = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("expression tests:") })
        let passed = Int(summary.split(separator: " ")[2]) ?? 0
        print("shared expression suite: \(summary)")
        // A floor that guards against regressions; raise it as the evaluator improves. The two left
        // compare strings with locale tailorings (German search collation, Swedish letters) Foundation lacks.
        #expect(passed >= 355, "\(summary)")
        #expect(result.stdout.contains("interpolate: 28/28"))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("report.json").path))
    }

    @Test func aSuiteWrittenHereIsJudgedAndFiltered() throws {
        let run = try TestRun()
        let suite = run.file("suite")
        func add(_ id: String, _ json: String) throws {
            let folder = suite.appendingPathComponent("tests/\(id)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: folder.appendingPathComponent("test.json"))
        }
        try add("concat/basic", #"""
            {"expression": ["concat", "a", ["get", "b"]], "inputs": [[{}, {"properties": {"b": 1}}]],
             "expected": {"compiled": {"result": "success", "isFeatureConstant": false, "isZoomConstant": true, "type": "string"},
                          "outputs": ["a1"]}}
            """#)
        try add("concat/wrong", #"""
            {"expression": ["concat", "a"], "inputs": [[{}, {}]],
             "expected": {"compiled": {"result": "success", "isFeatureConstant": true, "isZoomConstant": true, "type": "string"},
                          "outputs": ["b"]}}
            """#)
        try add("broken/not-json", "{")
        let output = run.file("results")
        let all = try run.mapwire(["render-tests", suite.path, "-o", output.path], timeout: 60)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("concat: 1/2"))
        #expect(all.stdout.contains("expression tests: 1 passed, 2 failed (1 of them an error)"))
        // An error is reported with its cause even without --verbose.
        #expect(all.stdout.contains("ERROR broken/not-json test.json is not JSON"))
        let report = try String(contentsOf: output.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("concat/wrong"))

        let filtered = try run.mapwire(["render-tests", suite.path, "-o", output.path, "--filter", "concat/basic"], timeout: 60)
        #expect(filtered.stdout.contains("expression tests: 1 passed, 0 failed"))
    }
}

extension SharedFixtures {
    static var expressionTests: URL? {
        guard let suite = fixtures?.appendingPathComponent("expression-tests"),
              FileManager.default.fileExists(atPath: suite.appendingPathComponent("tests").path)
        else { return nil }
        return suite
    }
}
