import MapWireJSON
import MapWireRenderSuite

/// The outcome of one expression test.
public struct ExpressionTestResult: Sendable {
    public var testCase: ExpressionTestCase
    public var passed: Bool
    /// What differed from the expectation when the test failed: the compiled summary or the outputs.
    public var mismatch: Mismatch?
    /// Why the test could not be judged (test.json unreadable or malformed): the test then fails as an error.
    public var error: String?

    public struct Mismatch: Sendable {
        /// "compiled" or "outputs", the two things the harness compares, in that order.
        public var part: String
        public var expected: JSONValue?
        public var actual: JSONValue?
    }

    public var id: String { testCase.id }
    public var group: String { testCase.group }
}

/// Pass counts per group and in total, shared by the summary and the reports.
struct ExpressionTestTally {
    /// Sorted by group name.
    let groups: [PassCounts.Group]
    let passed: Int
    let failed: Int
    let errors: Int
    var total: Int { passed + failed }

    init(_ results: [ExpressionTestResult]) {
        groups = PassCounts.byGroup(results, group: \.group, passed: \.passed)
        passed = results.filter(\.passed).count
        failed = results.count - passed
        errors = results.filter { $0.error != nil }.count
    }
}
