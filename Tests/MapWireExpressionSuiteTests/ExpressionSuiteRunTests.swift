import Foundation
import MapWireJSON
import Testing
@testable import MapWireExpressionSuite

/// A suite written by the test itself, laid out like maplibre-style-spec's expression tests.
struct ExpressionSuiteRunTests {
    @Test func findsNestedTestsAndJudgesThem() throws {
        let suite = try ScratchSuite()
        try suite.add("plus/basic", #"""
            {"expression": ["+", 1, 2], "inputs": [[{}, {}]],
             "expected": {"compiled": {"result": "success", "isFeatureConstant": true, "isZoomConstant": true, "type": "number"},
                          "outputs": [3]}}
            """#)
        try suite.add("plus/wrong", #"""
            {"expression": ["+", 1, 2], "inputs": [[{}, {}]],
             "expected": {"compiled": {"result": "success", "isFeatureConstant": true, "isZoomConstant": true, "type": "number"},
                          "outputs": [4]}}
            """#)
        try suite.add("legacy/interval/number", #"""
            {"expression": {"type": "interval", "stops": [[0, 1], [10, 2]]},
             "propertySpec": {"type": "number", "property-type": "data-constant", "expression": {"interpolated": false, "parameters": ["zoom"]}},
             "inputs": [[{"zoom": 5}, {}], [{"zoom": 10}, {}]],
             "expected": {"compiled": {"result": "success", "isFeatureConstant": true, "isZoomConstant": false, "type": "number"},
                          "outputs": [1, 2]}}
            """#)
        try suite.add("broken/not-json", "{")
        #expect(ExpressionSuite.isExpressionSuite(root: suite.root))

        let cases = try ExpressionSuite.load(root: suite.root, filter: nil)
        #expect(cases.map(\.id) == ["broken/not-json", "legacy/interval/number", "plus/basic", "plus/wrong"])
        #expect(cases.map(\.group) == ["broken", "legacy", "plus", "plus"])
        let results = ExpressionTestRunner.run(cases, progress: nil)
        #expect(results.map(\.passed) == [false, true, true, false])
        #expect(results[0].error?.contains("not JSON") == true)
        #expect(results[3].mismatch?.part == "outputs")
        #expect(ExpressionTestRunner.summary(results)
            == "broken: 0/1\nlegacy: 1/1\nplus: 1/2\nexpression tests: 2 passed, 2 failed (1 of them an error)")

        let filtered = try ExpressionSuite.load(root: suite.root, filter: "plus/")
        #expect(filtered.count == 2)
    }

    @Test func compileErrorsAreComparedByKeyAndMessage() throws {
        let suite = try ScratchSuite()
        try suite.add("literal/arity", #"""
            {"expression": ["literal", 1, 2],
             "expected": {"compiled": {"result": "error", "errors": [
                {"key": "", "error": "'literal' expression requires exactly one argument, but found 2 instead."}]}}}
            """#)
        let results = ExpressionTestRunner.run(try ExpressionSuite.load(root: suite.root, filter: nil), progress: nil)
        #expect(results.first?.passed == true, "\(results.first.map(ExpressionTestRunner.line) ?? "")")
    }

    @Test func runtimeErrorsNameTheFailingSubexpression() throws {
        let suite = try ScratchSuite()
        try suite.add("number/error", #"""
            {"expression": ["+", 1, ["number", ["get", "x"]]], "inputs": [[{}, {"properties": {"x": "a"}}]],
             "expected": {"compiled": {"result": "success", "isFeatureConstant": false, "isZoomConstant": true, "type": "number"},
                          "outputs": [{"error": "layers[0].paint.some-property[2]: Expected value to be of type number, but found string instead."}]}}
            """#)
        let results = ExpressionTestRunner.run(try ExpressionSuite.load(root: suite.root, filter: nil), progress: nil)
        #expect(results.first?.passed == true, "\(results.first.map(ExpressionTestRunner.line) ?? "")")
    }

    @Test func writesReports() throws {
        let suite = try ScratchSuite()
        try suite.add("e/basic", #"""
            {"expression": ["e"], "inputs": [[{}, {}]],
             "expected": {"compiled": {"result": "success", "isFeatureConstant": true, "isZoomConstant": true, "type": "number"},
                          "outputs": [2.71828]}}
            """#)
        let results = ExpressionTestRunner.run(try ExpressionSuite.load(root: suite.root, filter: nil), progress: nil)
        let output = suite.root.appendingPathComponent("out")
        try ExpressionTestRunner.writeReport(results, to: output)
        let report = try JSONValue(parsing: Data(contentsOf: output.appendingPathComponent("report.json")))
        #expect(report["passed"] == .int(1))
        let markdown = try String(contentsOf: output.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("| e | 1 | 1 |"))
    }

    @Test func aRenderSuiteIsNotAnExpressionSuite() throws {
        let suite = try ScratchSuite()
        try suite.write("tests/background-color/default/style.json", "{}")
        #expect(!ExpressionSuite.isExpressionSuite(root: suite.root))
    }
}

/// A scratch folder holding `tests/…/test.json` files, removed when the test ends.
struct ScratchSuite: ~Copyable {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-expression-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tests"), withIntermediateDirectories: true)
    }

    func add(_ id: String, _ json: String) throws {
        try write("tests/\(id)/test.json", json)
    }

    func write(_ path: String, _ text: String) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}
