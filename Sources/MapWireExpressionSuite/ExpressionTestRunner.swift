import Foundation
import MapWireJSON

/// Runs expression tests and judges them as maplibre-style-spec's harness does: the compiled summary
/// (result, type, constancy, or the compile errors) must equal `expected.compiled`, then the outputs
/// `expected.outputs`, numbers to six significant figures.
public enum ExpressionTestRunner {
    public static func run(_ cases: [ExpressionTestCase], progress: ((ExpressionTestResult) -> Void)?) -> [ExpressionTestResult] {
        cases.map { testCase in
            let result = runOne(testCase)
            progress?(result)
            return result
        }
    }

    public static func runOne(_ testCase: ExpressionTestCase) -> ExpressionTestResult {
        var result = ExpressionTestResult(testCase: testCase, passed: false)
        guard let json = testCase.fixture else {
            result.error = testCase.loadError ?? "test.json could not be read"
            return result
        }
        let fixture: ExpressionFixture
        do { fixture = try ExpressionFixture(json) } catch {
            result.error = error.description
            return result
        }
        let outcome = ExpressionHarness.run(fixture)
        if !ExpressionJudge.equal(outcome.compiled, fixture.expectedCompiled) {
            result.mismatch = .init(part: "compiled", expected: fixture.expectedCompiled, actual: outcome.compiled)
        } else if !ExpressionJudge.equal(outcome.outputs, fixture.expectedOutputs) {
            result.mismatch = .init(part: "outputs", expected: fixture.expectedOutputs, actual: outcome.outputs)
        } else {
            result.passed = true
        }
        return result
    }

    /// "group: passed/total" per group, then "expression tests: N passed, M failed" (and how many of the
    /// failures were errors, when any were).
    public static func summary(_ results: [ExpressionTestResult]) -> String {
        let tally = ExpressionTestTally(results)
        let lines = tally.groups.map { "\($0.name): \($0.passed)/\($0.total)" }
        let errors = tally.errors > 0 ? " (\(tally.errors) of them \(tally.errors == 1 ? "an error" : "errors"))" : ""
        return (lines + ["expression tests: \(tally.passed) passed, \(tally.failed) failed\(errors)"]).joined(separator: "\n")
    }

    /// One line for a test: its verdict, then the error or the part that differed.
    public static func line(_ result: ExpressionTestResult) -> String {
        if result.passed { return "pass \(result.id)" }
        if let error = result.error { return "ERROR \(result.id) \(error)" }
        guard let mismatch = result.mismatch else { return "FAIL \(result.id)" }
        return "FAIL \(result.id) \(mismatch.part): expected \(mismatch.expected?.serialized ?? "nothing"), got \(mismatch.actual?.serialized ?? "nothing")"
    }

    public static func writeReport(_ results: [ExpressionTestResult], to outputRoot: URL) throws {
        try ExpressionTestReport.write(results, to: outputRoot)
    }
}
