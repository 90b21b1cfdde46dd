import Foundation
import MapWireJSON

/// Asks one query test's question of a map set up as the test says, returning the features (a JSON
/// array). Implemented by whatever drives the real engine; called from one thread, one test at a time.
public protocol QueryTestDriver {
    func query(_ testCase: QueryTestCase) throws -> JSONValue
}

/// The outcome of one query test.
public struct QueryTestResult: Sendable, Equatable {
    public var testCase: QueryTestCase
    public var passed: Bool
    /// What went wrong, if anything: the test then fails.
    public var error: String?
    /// How many features came back, and how many were expected.
    public var actualCount: Int?
    public var expectedCount: Int?
    public var durationMs: Double

    public var id: String { testCase.id }
}

/// Runs query tests as the suite's harness judged them (`QueryTestJudge`), writing each test's
/// `actual.json` under `outputRoot/<property>/<name>/` and `query-report.json` at the top.
public enum QueryTestRunner {
    static let actualFileName = "actual.json"
    static let reportFileName = "query-report.json"

    public static func run(_ cases: [QueryTestCase], driver: some QueryTestDriver, outputRoot: URL,
                           progress: ((QueryTestResult) -> Void)?) -> [QueryTestResult] {
        cases.map { testCase in
            let result = runOne(testCase, driver: driver, outputRoot: outputRoot)
            progress?(result)
            return result
        }
    }

    public static func runOne(_ testCase: QueryTestCase, driver: some QueryTestDriver, outputRoot: URL) -> QueryTestResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = QueryTestResult(testCase: testCase, passed: false, durationMs: 0)
        do {
            let features = try driver.query(testCase)
            let folder = outputRoot.appendingPathComponent(testCase.render.property).appendingPathComponent(testCase.render.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(features.serialized.utf8).write(to: folder.appendingPathComponent(actualFileName), options: .atomic)
            let expected = try JSONValue(parsing: Data(contentsOf: testCase.expectedURL))
            if case .array(let items) = features { result.actualCount = items.count }
            if case .array(let items) = expected { result.expectedCount = items.count }
            result.passed = QueryTestJudge.equal(QueryTestJudge.comparable(features), QueryTestJudge.comparable(expected))
        } catch {
            result.error = String(describing: error)
        }
        let elapsed = (clock.now - start).components
        result.durationMs = Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15
        return result
    }

    /// "property: passed/total" per property, then "query tests: N passed, M failed".
    public static func summary(_ results: [QueryTestResult]) -> String {
        let groups = PassCounts.byGroup(results, group: \.testCase.render.property, passed: \.passed)
        let passed = results.filter(\.passed).count
        return (groups.map { "\($0.name): \($0.passed)/\($0.total)" } + ["query tests: \(passed) passed, \(results.count - passed) failed"])
            .joined(separator: "\n")
    }

    /// One line for a test: its verdict, then the error or the feature counts.
    public static func line(_ result: QueryTestResult) -> String {
        if result.passed { return "pass \(result.id)" }
        if let error = result.error { return "ERROR \(result.id) \(error)" }
        return "FAIL \(result.id) \(result.actualCount ?? 0) features, expected \(result.expectedCount ?? 0)"
    }

    public static func writeReport(_ results: [QueryTestResult], to outputRoot: URL) throws {
        try FileManager.default.createDirectory(at: outputRoot, withIntermediateDirectories: true)
        let tests: [JSONValue] = results.map { result in
            var members = [JSONMember("id", .string(result.id)), JSONMember("passed", .bool(result.passed))]
            if let error = result.error { members.append(JSONMember("error", .string(error))) }
            if let count = result.actualCount { members.append(JSONMember("features", .int(Int64(count)))) }
            if let count = result.expectedCount { members.append(JSONMember("expectedFeatures", .int(Int64(count)))) }
            members.append(JSONMember("actual", .string("\(result.testCase.render.property)/\(result.testCase.render.name)/\(actualFileName)")))
            members.append(JSONMember("durationMs", .number(result.durationMs)))
            return .object(members)
        }
        let passed = results.filter(\.passed).count
        let report = JSONValue.object([JSONMember("passed", .int(Int64(passed))), JSONMember("failed", .int(Int64(results.count - passed))),
                                       JSONMember("tests", .array(tests))])
        try Data(report.serialized.utf8).write(to: outputRoot.appendingPathComponent(reportFileName), options: .atomic)
    }
}
