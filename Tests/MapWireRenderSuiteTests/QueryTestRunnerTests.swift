import Foundation
import MapWireJSON
import Testing
@testable import MapWireRenderSuite

/// Answers each query test with its expected.json for ids in `matching` (with GL's extra members added,
/// which the judge leaves out), an empty array otherwise, and throws for ids in `failing`.
final class FakeQueryDriver: QueryTestDriver {
    var matching: Set<String> = []
    var failing: Set<String> = []

    struct QueryFailed: Error, CustomStringConvertible {
        var description: String { "renderer crashed" }
    }

    func query(_ testCase: QueryTestCase) throws -> JSONValue {
        if failing.contains(testCase.id) { throw QueryFailed() }
        guard matching.contains(testCase.id) else { return .array([]) }
        guard case .array(let features) = try JSONValue(parsing: Data(contentsOf: testCase.expectedURL)) else { return .null }
        return .array(features.map { feature in
            guard case .object(let members) = feature else { return feature }
            return .object(members + [JSONMember("layer", .object([JSONMember("id", .string("l"))])), JSONMember("source", .string("s")),
                                      JSONMember("state", .object([]))])
        })
    }
}

@Suite struct QueryTestRunnerTests {
    static let feature = #"[{"type": "Feature", "properties": {"n": 1}, "geometry": {"type": "Point", "coordinates": [13.4, 52.5]}}]"#

    static func writeSuite(_ root: URL) throws {
        let point = #""width": 64, "height": 64, "queryGeometry": [10, 20]"#
        let box = #""queryGeometry": [[1, 2], [30, 40]], "queryOptions": {"layers": ["a"], "filter": ["==", "n", 1]}"#
        for (id, test) in [("circle/point", point), ("circle/box", box), ("circle/crash", point)] {
            try SuiteWriter.writeTest(root: root, id, style: SuiteWriter.style(test: test))
            try Data(feature.utf8).write(to: root.appendingPathComponent("tests/\(id)/expected.json"))
        }
        try SuiteWriter.writeTest(root: root, "fill/render", style: SuiteWriter.style(test: #""width": 8"#))
    }

    @Test func queryTestsAreFoundApartFromRenderTestsWithTheirQuestion() throws {
        let folder = try TemporaryDirectory()
        try Self.writeSuite(folder.url)
        #expect(try RenderSuite.load(root: folder.url, filter: nil).map(\.id) == ["fill/render"])
        let queries = try QuerySuite.load(root: folder.url, filter: nil)
        #expect(queries.map(\.id) == ["circle/box", "circle/crash", "circle/point"])
        #expect(queries[2].query.geometry == .point(x: 10, y: 20) && queries[2].render.width == 64)
        #expect(queries[0].query == QueryTestMetadata(geometry: .box(x1: 1, y1: 2, x2: 30, y2: 40), layers: ["a"], filterJSON: #"["==","n",1]"#))
    }

    @Test func theSuitesFirstHarnessReadLayersFromTheTestItself() throws {
        let style: [String: Any] = ["metadata": ["test": ["queryGeometry": [1, 2], "layers": ["only"]]]]
        #expect(QueryTestMetadata(style: style)?.layers == ["only"])
        #expect(QueryTestMetadata(style: ["metadata": ["test": ["width": 8]]]) == nil, "a render test")
        #expect(QueryTestMetadata(style: ["metadata": ["test": ["queryGeometry": [1, 2, 3]]]]) == nil)
    }

    @Test func featuresAreJudgedWithoutGLsExtraMembersNumbersWithin1e10ArraysInOrder() throws {
        let expected = try JSONValue(parsing: Data(#"[{"type": "Feature", "properties": {"a": 1, "b": "x"}, "geometry": {"coordinates": [1.5, 2]}}]"#.utf8))
        let reordered = try JSONValue(parsing: Data(#"[{"geometry": {"coordinates": [1.50000000000001, 2]}, "properties": {"b": "x", "a": 1}, "type": "Feature", "layer": {}, "source": "s", "sourceLayer": "l", "state": {}}]"#.utf8))
        #expect(QueryTestJudge.equal(QueryTestJudge.comparable(reordered), QueryTestJudge.comparable(expected)))
        let off = try JSONValue(parsing: Data(#"[{"type": "Feature", "properties": {"a": 1, "b": "x"}, "geometry": {"coordinates": [1.5000001, 2]}}]"#.utf8))
        #expect(!QueryTestJudge.equal(QueryTestJudge.comparable(off), QueryTestJudge.comparable(expected)))
        let swapped = try JSONValue(parsing: Data(#"[{"type": "Feature", "properties": {"a": 1, "b": "x"}, "geometry": {"coordinates": [2, 1.5]}}]"#.utf8))
        #expect(!QueryTestJudge.equal(QueryTestJudge.comparable(swapped), QueryTestJudge.comparable(expected)))
        let extra = try JSONValue(parsing: Data(#"[{"type": "Feature", "id": 3, "properties": {"a": 1, "b": "x"}, "geometry": {"coordinates": [1.5, 2]}}]"#.utf8))
        #expect(!QueryTestJudge.equal(QueryTestJudge.comparable(extra), QueryTestJudge.comparable(expected)))
    }

    @Test func theRunnerJudgesEachTestWritesWhatCameBackAndSummarises() throws {
        let folder = try TemporaryDirectory()
        let suite = folder.url.appendingPathComponent("suite"), output = folder.url.appendingPathComponent("out")
        try Self.writeSuite(suite)
        let driver = FakeQueryDriver()
        driver.matching = ["circle/point"]
        driver.failing = ["circle/crash"]
        let results = QueryTestRunner.run(try QuerySuite.load(root: suite, filter: nil), driver: driver, outputRoot: output, progress: nil)
        #expect(results.map(\.passed) == [false, false, true])
        #expect(results[1].error == "renderer crashed")
        #expect(QueryTestRunner.line(results[0]) == "FAIL circle/box 0 features, expected 1")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("circle/point/actual.json").path))
        #expect(QueryTestRunner.summary(results).hasSuffix("query tests: 1 passed, 2 failed"))
        try QueryTestRunner.writeReport(results, to: output)
        let report = try JSONValue(parsing: Data(contentsOf: output.appendingPathComponent("query-report.json")))
        #expect(report["passed"] == .int(1) && report["failed"] == .int(2))
    }
}
