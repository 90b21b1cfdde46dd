import Foundation
import Testing
@testable import MapWireStyle

struct ExpressionParsingTests {
    /// An expression that does not compile, with where and why, in the style specification's words.
    struct Failure: Sendable, CustomTestStringConvertible {
        let expression: String
        let key: String
        let message: String
        var testDescription: String { expression }
    }

    @Test(arguments: [
        Failure(expression: #"["nonsense", 1]"#, key: "[0]",
                message: #"Unknown expression "nonsense". If you wanted a literal array, use ["literal", [...]]."#),
        Failure(expression: #"["+", 1, ["foo"]]"#, key: "[2][0]",
                message: #"Unknown expression "foo". If you wanted a literal array, use ["literal", [...]]."#),
        Failure(expression: #"["sqrt"]"#, key: "", message: "Expected arguments of type (number), but found () instead."),
        Failure(expression: #"["-", 1, 2, 3]"#, key: "",
                message: "Expected arguments of type (number, number) | (number), but found (number, number, number) instead."),
        Failure(expression: #"["+", 1, "a"]"#, key: "[2]", message: "Expected number but found string instead."),
        Failure(expression: #"["literal", 1, 2]"#, key: "", message: "'literal' expression requires exactly one argument, but found 2 instead."),
        Failure(expression: #"["case", true, 1]"#, key: "", message: "Expected at least 3 arguments, but found only 2."),
        Failure(expression: #"["var", "nope"]"#, key: "[1]",
                message: #"Unknown variable "nope". Make sure "nope" has been bound in an enclosing "let" expression before using it."#),
        Failure(expression: #"{"a": 1}"#, key: "", message: #"Bare objects invalid. Use ["literal", {...}] instead."#),
        Failure(expression: #"[]"#, key: "",
                message: #"Expected an array with at least one element. If you wanted a literal array, use ["literal", []]."#),
        Failure(expression: #"[1, 2]"#, key: "[0]",
                message: #"Expression name must be a string, but found number instead. If you wanted a literal array, use ["literal", [...]]."#),
        Failure(expression: #"["interpolate-hcl", ["linear"], ["zoom"], 0, "nope", 10, "red"]"#, key: "[4]",
                message: "Could not parse color from value 'nope'"),
        // Constant sub-expressions are evaluated while compiling, so their failures are compile errors.
        Failure(expression: #"["number", "a"]"#, key: "", message: "Expected value to be of type number, but found string instead."),
        Failure(expression: #"["at", 3, ["literal", [10, 20, 30]]]"#, key: "", message: "Array index out of bounds: 3 > 2."),
    ])
    func rejects(_ test: Failure) {
        #expect(throws: ExpressionParsingErrors([ExpressionParsingError(key: test.key, message: test.message)])) {
            try StyleExpression(json: json(test.expression))
        }
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
        #"["get", "a", "not an object"]"#,
        #"["slice", 5, 1]"#,
        #"["length", 5]"#,
        #"["to-color", "notacolor"]"#,
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
        let error = ExpressionParsingErrors([ExpressionParsingError(key: "[2][0]", message: "Unknown expression \"foo\".")])
        #expect(error.description == #"[2][0]: Unknown expression "foo"."#)
        #expect(StyleExpressionError.invalidColor("x", path: "").description == "Could not parse color from value 'x'")
    }

    @Test func acceptsSwiftLiterals() throws {
        let expression = try StyleExpression(json: ["+", 1, 2.5, ["get", "num"]] as [Any])
        #expect(expression.evaluate(context()) == n(8.5))
        #expect(try StyleExpression(json: ["==", ["get", "flag"], true] as [Any]).evaluate(context()) == b(true))
    }

    @Test func evaluationFailuresExplainThemselves() throws {
        let expression = try StyleExpression(json: json(#"["+", 1, ["number", ["get", "str"]]]"#))
        guard case .failure(let failure) = expression.evaluateWithError(context()) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure == StyleEvaluationFailure(message: "Expected value to be of type number, but found string instead.", path: "[2]"))
    }

    @Test(arguments: [
        (#"["get", "x"]"#, true, false),
        (#"["zoom"]"#, false, true),
        (#"["+", 1, 2]"#, true, true),
        (#"["interpolate", ["linear"], ["zoom"], 0, ["number", ["get", "a"]], 10, 1]"#, false, false),
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
        let call = try #require(compiled.root as? CompoundNode)
        #expect(call.arguments[0] is LiteralNode)
        #expect(compiled.evaluate(context()) == n(11))
    }
}
