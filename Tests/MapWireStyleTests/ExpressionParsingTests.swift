import Foundation
import Testing
@testable import MapWireStyle

struct ExpressionParsingTests {
    struct Failure: Sendable, CustomTestStringConvertible {
        let expression: String
        let expected: StyleExpressionError
        var testDescription: String { expression }
    }

    @Test(arguments: [
        Failure(expression: #"["nonsense", 1]"#, expected: .unknownOperator(name: "nonsense", path: "[0]")),
        Failure(expression: #"["+", 1, ["foo"]]"#, expected: .unknownOperator(name: "foo", path: "[2][0]")),
        Failure(expression: #"["sqrt"]"#, expected: .wrongArgumentCount(operator: "sqrt", expected: "1", got: 0, path: "")),
        Failure(expression: #"["-", 1, 2, 3]"#, expected: .wrongArgumentCount(operator: "-", expected: "1 to 2", got: 3, path: "")),
        Failure(expression: #"["min"]"#, expected: .wrongArgumentCount(operator: "min", expected: "at least 1", got: 0, path: "")),
        Failure(expression: #"["literal", 1, 2]"#, expected: .wrongArgumentCount(operator: "literal", expected: "1", got: 2, path: "")),
        Failure(expression: #"["case", true, 1]"#, expected: .invalid(message: "case: expects condition/output pairs followed by a fallback", path: "")),
        Failure(expression: #"["var", "nope"]"#, expected: .invalid(message: "var: unknown variable \"nope\"", path: "[1]")),
        Failure(expression: #"{"a": 1}"#, expected: .invalid(message: "bare objects are not expressions; wrap them in [\"literal\", …]", path: "")),
        Failure(expression: #"[]"#, expected: .invalid(message: "an expression needs at least an operator name", path: "")),
        Failure(expression: #"[1, 2]"#, expected: .invalid(message: "an expression must start with an operator name; use [\"literal\", …] for arrays", path: "[0]")),
        Failure(expression: #"["interpolate-hcl", ["linear"], ["zoom"], 0, "nope", 10, "red"]"#, expected: .invalidColor("nope", path: "[4]")),
    ])
    func rejects(_ test: Failure) {
        #expect(throws: test.expected) { try StyleExpression(json: json(test.expression)) }
    }

    @Test(arguments: [
        #"["interpolate", ["linear"], ["zoom"], 10, 1, 5, 2]"#,
        #"["interpolate", ["linear"], ["zoom"], 5, 1, 5, 2]"#,
        #"["interpolate", ["linear"], ["zoom"], "a", 1]"#,
        #"["interpolate", ["bogus"], ["zoom"], 0, 1]"#,
        #"["interpolate", ["exponential"], ["zoom"], 0, 1]"#,
        #"["interpolate", ["cubic-bezier", 2, 0, 1, 1], ["zoom"], 0, 1]"#,
        #"["interpolate", ["linear"], ["zoom"]]"#,
        #"["step", ["zoom"], 1, 5]"#,
        #"["step", ["zoom"], 1, ["get", "x"], 2]"#,
        #"["match", "a", ["x"], 1, "x", 2, 0]"#,
        #"["match", 1, 1.5, 1, 0]"#,
        #"["match", 1, 1, 1, "a", 2, 0]"#,
        #"["match", 1, [], 1, 0]"#,
        #"["match", 1, true, 1, 0]"#,
        #"["match", 1, 1, 0]"#,
        #"["let", "x", 1]"#,
        #"["let", 1, 1, 2]"#,
        #"["array", "color", ["literal", []]]"#,
        #"["array", "number", -1, ["literal", []]]"#,
        #"["number-format", 1]"#,
        #"["format"]"#,
        #"["format", {"font-scale": 1}]"#,
        #"["collator", 1]"#,
    ])
    func rejectsMalformed(_ expression: String) {
        #expect(throws: StyleExpressionError.self) { try StyleExpression(json: json(expression)) }
    }

    @Test func notJSON() {
        #expect(throws: StyleExpressionError.notJSON) { try StyleExpression(json: Date()) }
        #expect(throws: StyleExpressionError.notJSON) { try StyleExpression(json: ["get", Date()] as [Any]) }
    }

    @Test func errorsDescribeWhereTheyAre() {
        let error = StyleExpressionError.unknownOperator(name: "foo", path: "[2][0]")
        #expect(error.description == #"[2][0]: unknown expression operator "foo""#)
        #expect(StyleExpressionError.invalidColor("x", path: "").description == #""x" is not a colour"#)
    }

    @Test func acceptsSwiftLiterals() throws {
        let expression = try StyleExpression(json: ["+", 1, 2.5, ["get", "num"]] as [Any])
        #expect(expression.evaluate(context()) == n(8.5))
        #expect(try StyleExpression(json: ["==", ["get", "flag"], true] as [Any]).evaluate(context()) == b(true))
    }

    @Test func evaluationFailuresExplainThemselves() throws {
        let expression = try StyleExpression(json: json(#"["+", 1, "a"]"#))
        guard case .failure(let failure) = expression.evaluateWithError(context()) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.message.contains("expected a number"))
    }

    @Test(arguments: [
        (#"["get", "x"]"#, true, false),
        (#"["zoom"]"#, false, true),
        (#"["+", 1, 2]"#, true, true),
        (#"["interpolate", ["linear"], ["zoom"], 0, ["get", "a"], 10, 1]"#, false, false),
        (#"["get", "a", ["literal", {"a": 1}]]"#, true, true),
        (#"["heatmap-density"]"#, true, false),
        (#"["line-progress"]"#, true, false),
        (#"["let", "z", ["zoom"], ["var", "z"]]"#, false, true),
        (#"["case", ["has", "x"], 1, 2]"#, true, false),
        (#"["geometry-type"]"#, true, false),
        (#"["id"]"#, true, false),
        (#"["properties"]"#, true, false),
        (#"["format", ["get", "name"], {}]"#, true, false),
        (#"["number-format", ["zoom"], {}]"#, false, true),
    ] as [(String, Bool, Bool)])
    func constancy(_ expression: String, _ zoomConstant: Bool, _ featureConstant: Bool) throws {
        let compiled = try StyleExpression(json: json(expression))
        #expect(compiled.isZoomConstant == zoomConstant)
        #expect(compiled.isFeatureConstant == featureConstant)
    }

    @Test func constantSubexpressionsAreFoldedAtParseTime() throws {
        let compiled = try StyleExpression(json: json(#"["+", ["*", 2, 3], ["get", "num"]]"#))
        let call = try #require(compiled.root as? CallNode)
        #expect(call.arguments[0] is LiteralNode)
        #expect(compiled.evaluate(context()) == n(11))
    }
}
