import Testing
@testable import MapWireStyle

struct LookupExpressionTests {
    @Test(arguments: [
        ExpressionCase(#"["get", "name"]"#, s("Main St")),
        ExpressionCase(#"["get", "missing"]"#, .null),
        ExpressionCase(#"["get", "nothing"]"#, .null),
        ExpressionCase(#"["get", "a", ["literal", {"a": 2}]]"#, n(2)),
        ExpressionCase(#"["get", "x", ["literal", {"a": 2}]]"#, .null),
        ExpressionCase(#"["get", "a", ["get", "obj"]]"#, n(1)),
        ExpressionCase(#"["get", "a", ["get", "name"]]"#, .null),
        ExpressionCase(#"["get", ["concat", "na", "me"]]"#, s("Main St")),
        ExpressionCase(#"["has", "name"]"#, b(true)),
        ExpressionCase(#"["has", "nothing"]"#, b(true)),
        ExpressionCase(#"["has", "missing"]"#, b(false)),
        ExpressionCase(#"["has", "a", ["literal", {"a": 1}]]"#, b(true)),
        ExpressionCase(#"["has", "b", ["literal", {"a": 1}]]"#, b(false)),
        ExpressionCase(#"["at", 1, ["literal", [10, 20, 30]]]"#, n(20)),
        ExpressionCase(#"["at", 0, ["get", "list"]]"#, n(1)),
        ExpressionCase(#"["at", ["get", "num"], ["literal", [10, 20, 30]]]"#, .null),
        ExpressionCase(#"["at", ["-", ["get", "num"]], ["literal", [10, 20, 30]]]"#, .null),
        ExpressionCase(#"["at", ["/", ["get", "num"], 4], ["literal", [10, 20, 30]]]"#, .null),
        ExpressionCase(#"["in", 2, ["literal", [1, 2, 3]]]"#, b(true)),
        ExpressionCase(#"["in", 4, ["literal", [1, 2, 3]]]"#, b(false)),
        ExpressionCase(#"["in", "2", ["literal", [1, 2, 3]]]"#, b(false)),
        ExpressionCase(#"["in", "b", "abc"]"#, b(true)),
        ExpressionCase(#"["in", "z", "abc"]"#, b(false)),
        ExpressionCase(#"["in", ["get", "class"], ["literal", ["wood", "park"]]]"#, b(true)),
        ExpressionCase(#"["in", ["get", "list"], ["literal", [[1]]]]"#, .null),
        ExpressionCase(#"["in", 1, ["get", "num"]]"#, .null),
        ExpressionCase(#"["index-of", 2, ["literal", [1, 2, 3]]]"#, n(1)),
        ExpressionCase(#"["index-of", 9, ["literal", [1, 2, 3]]]"#, n(-1)),
        ExpressionCase(#"["index-of", "c", "abcabc"]"#, n(2)),
        ExpressionCase(#"["index-of", "c", "abcabc", 3]"#, n(5)),
        // A string is searched as JavaScript searches one: a negative start is the start.
        ExpressionCase(#"["index-of", "c", "abcabc", -2]"#, n(2)),
        ExpressionCase(#"["index-of", 3, ["literal", [3, 1, 3]], -2]"#, n(2)),
        ExpressionCase(#"["index-of", "", "abc"]"#, n(0)),
        ExpressionCase(#"["index-of", "é", "aéb"]"#, n(1)),
        ExpressionCase(#"["slice", ["literal", [1, 2, 3, 4]], 1, 3]"#, numbers(2, 3)),
        ExpressionCase(#"["slice", ["literal", [1, 2, 3, 4]], 2]"#, numbers(3, 4)),
        ExpressionCase(#"["slice", ["literal", [1, 2, 3, 4]], 3, 1]"#, .array([])),
        ExpressionCase(#"["slice", "hello", 1]"#, s("ello")),
        ExpressionCase(#"["slice", "hello", -3]"#, s("llo")),
        ExpressionCase(#"["slice", "hello", 1, -1]"#, s("ell")),
        ExpressionCase(#"["slice", "héllo", 1, 2]"#, s("é")),
        ExpressionCase(#"["slice", ["get", "num"], 1]"#, .null),
        ExpressionCase(#"["length", "héllo"]"#, n(5)),
        ExpressionCase(#"["length", ["literal", [1, 2]]]"#, n(2)),
        ExpressionCase(#"["length", ["get", "list"]]"#, n(3)),
        ExpressionCase(#"["length", ["get", "num"]]"#, .null),
        ExpressionCase(#"["geometry-type"]"#, s("Point")),
        ExpressionCase(#"["id"]"#, n(42)),
        ExpressionCase(#"["zoom"]"#, n(7.5), zoom: 7.5),
        ExpressionCase(#"["get", "a", ["properties"]]"#, .null),
        ExpressionCase(#"["get", "num", ["properties"]]"#, n(5)),
        ExpressionCase(#"["feature-state", "hover"]"#, .null),
    ])
    func evaluates(_ test: ExpressionCase) throws { try test.check() }

    /// Arguments of a type known to be wrong, and constant lookups that fail while compiling.
    @Test(arguments: [
        #"["get", "a", "not an object"]"#, #"["at", 3, ["literal", [10, 20, 30]]]"#, #"["at", -1, ["literal", [10, 20, 30]]]"#,
        #"["at", 1.5, ["literal", [10, 20, 30]]]"#, #"["in", ["literal", [1]], ["literal", [[1]]]]"#, #"["in", 1, 5]"#,
        #"["slice", 5, 1]"#, #"["length", 5]"#,
    ])
    func doesNotCompile(_ expression: String) {
        #expect(failsToCompile(expression))
    }

    @Test func withoutAFeature() throws {
        #expect(try evaluate(#"["get", "name"]"#, feature: nil) == .null)
        #expect(try evaluate(#"["has", "name"]"#, feature: nil) == b(false))
        #expect(try evaluate(#"["id"]"#, feature: nil) == .null)
        #expect(try evaluate(#"["geometry-type"]"#, feature: nil) == .null)
        #expect(try evaluate(#"["properties"]"#, feature: nil) == .object([:]))
    }

    @Test func perPixelInputs() throws {
        var context = EvaluationContext(zoom: 0)
        #expect(try StyleExpression(json: json(#"["heatmap-density"]"#)).evaluate(context) == n(0))
        context.heatmapDensity = 0.25
        context.lineProgress = 0.75
        #expect(try StyleExpression(json: json(#"["heatmap-density"]"#)).evaluate(context) == n(0.25))
        #expect(try StyleExpression(json: json(#"["line-progress"]"#)).evaluate(context) == n(0.75))
    }
}

struct TypeExpressionTests {
    @Test(arguments: [
        ExpressionCase(#"["typeof", 1]"#, s("number")),
        ExpressionCase(#"["typeof", "a"]"#, s("string")),
        ExpressionCase(#"["typeof", true]"#, s("boolean")),
        ExpressionCase(#"["typeof", null]"#, s("null")),
        ExpressionCase(#"["typeof", ["literal", {"a": 1}]]"#, s("object")),
        ExpressionCase(#"["typeof", ["literal", [1, 2]]]"#, s("array<number, 2>")),
        ExpressionCase(#"["typeof", ["literal", [1, "a"]]]"#, s("array<value, 2>")),
        ExpressionCase(#"["typeof", ["literal", []]]"#, s("array<value, 0>")),
        ExpressionCase(#"["typeof", ["rgb", 1, 2, 3]]"#, s("color")),
        ExpressionCase(#"["to-string", 1]"#, s("1")),
        ExpressionCase(#"["to-string", 1.5]"#, s("1.5")),
        ExpressionCase(#"["to-string", -0.25]"#, s("-0.25")),
        ExpressionCase(#"["to-string", 123456789012]"#, s("123456789012")),
        ExpressionCase(#"["to-string", 1e21]"#, s("1e+21")),
        ExpressionCase(#"["to-string", 0.0000001]"#, s("1e-7")),
        ExpressionCase(#"["to-string", 0.000001]"#, s("0.000001")),
        ExpressionCase(#"["to-string", ["/", 1, 3]]"#, s("0.3333333333333333")),
        ExpressionCase(#"["to-string", true]"#, s("true")),
        ExpressionCase(#"["to-string", null]"#, s("")),
        ExpressionCase(#"["to-string", ["rgb", 255, 0, 0]]"#, s("rgba(255,0,0,1)")),
        ExpressionCase(#"["to-string", ["rgba", 0, 128, 0, 0.5]]"#, s("rgba(0,128,0,0.5)")),
        ExpressionCase(#"["to-string", ["literal", [1, "a", null]]]"#, s(#"[1,"a",null]"#)),
        ExpressionCase(#"["to-string", ["literal", {"b": 1, "a": "x"}]]"#, s(#"{"a":"x","b":1}"#)),
        ExpressionCase(#"["to-number", "12.5"]"#, n(12.5)),
        ExpressionCase(#"["to-number", " 7 "]"#, n(7)),
        ExpressionCase(#"["to-number", ""]"#, n(0)),
        ExpressionCase(#"["to-number", "1e3"]"#, n(1000)),
        ExpressionCase(#"["to-number", "0x10"]"#, n(16)),
        ExpressionCase(#"["to-number", ["get", "name"]]"#, .null),
        ExpressionCase(#"["to-number", "abc", "x", 3]"#, n(3)),
        ExpressionCase(#"["to-number", true]"#, n(1)),
        ExpressionCase(#"["to-number", null]"#, n(0)),
        ExpressionCase(#"["to-number", ["get", "str"]]"#, n(5)),
        ExpressionCase(#"["to-boolean", ""]"#, b(false)),
        ExpressionCase(#"["to-boolean", "a"]"#, b(true)),
        ExpressionCase(#"["to-boolean", 0]"#, b(false)),
        ExpressionCase(#"["to-boolean", 2]"#, b(true)),
        ExpressionCase(#"["to-boolean", null]"#, b(false)),
        ExpressionCase(#"["to-boolean", ["literal", []]]"#, b(true)),
        ExpressionCase(#"["to-color", "red"]"#, rgba(255, 0, 0)),
        ExpressionCase(#"["to-color", ["literal", [0, 0, 255]]]"#, rgba(0, 0, 255)),
        ExpressionCase(#"["to-color", ["literal", [0, 0, 255, 0.5]]]"#, rgba(0, 0, 255, 0.5)),
        ExpressionCase(#"["to-color", ["get", "name"]]"#, .null),
        ExpressionCase(#"["to-color", "bad", "blue"]"#, rgba(0, 0, 255)),
        ExpressionCase(#"["to-color", ["get", "color"]]"#, rgba(255, 0, 0)),
        ExpressionCase(#"["number", "a", 2]"#, n(2)),
        ExpressionCase(#"["number", ["get", "name"]]"#, .null),
        ExpressionCase(#"["string", 1, "x"]"#, s("x")),
        ExpressionCase(#"["string", ["get", "num"]]"#, .null),
        ExpressionCase(#"["boolean", ["get", "flag"]]"#, b(true)),
        ExpressionCase(#"["boolean", ["get", "zero"]]"#, .null),
        ExpressionCase(#"["object", ["literal", {}]]"#, .object([:])),
        ExpressionCase(#"["object", ["get", "num"]]"#, .null),
        ExpressionCase(#"["array", ["literal", [1, 2]]]"#, numbers(1, 2)),
        ExpressionCase(#"["array", "number", ["get", "list"]]"#, numbers(1, 2, 3)),
        ExpressionCase(#"["array", "string", ["get", "list"]]"#, .null),
        ExpressionCase(#"["array", "number", 2, ["literal", [1, 2]]]"#, numbers(1, 2)),
        ExpressionCase(#"["array", "number", 2, ["get", "list"]]"#, .null),
        ExpressionCase(#"["array", ["get", "name"]]"#, .null),
        ExpressionCase(#"["literal", [1, [2, "x"]]]"#, .array([n(1), .array([n(2), s("x")])])),
        ExpressionCase(#"["literal", {"a": [1]}]"#, .object(["a": numbers(1)])),
        // An image reference, which the style may not have (the context names none here).
        ExpressionCase(#"["image", "park-15"]"#, .image(StyleImageReference(name: "park-15", available: false))),
        ExpressionCase(#"["image", ["concat", ["get", "class"], "-15"]]"#, .image(StyleImageReference(name: "park-15", available: false))),
    ])
    func evaluates(_ test: ExpressionCase) throws { try test.check() }

    /// Conversions and checks of constants that fail fail while compiling.
    @Test(arguments: [
        #"["to-number", "abc"]"#, #"["to-color", "notacolor"]"#, #"["number", "a"]"#, #"["boolean", 0]"#, #"["object", 1]"#,
        #"["array", "string", ["literal", [1]]]"#, #"["array", "number", 3, ["literal", [1, 2]]]"#, #"["array", "x"]"#,
    ])
    func doesNotCompile(_ expression: String) {
        #expect(failsToCompile(expression))
    }

    @Test(arguments: [
        (1.0, "1"), (-1, "-1"), (0.1, "0.1"), (100, "100"), (1e20, "100000000000000000000"), (1e21, "1e+21"),
        (1.5e-7, "1.5e-7"), (123.456, "123.456"), (-0.0, "0"), (.nan, "NaN"), (.infinity, "Infinity"),
        (-.infinity, "-Infinity"), (5e-324, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
    ] as [(Double, String)])
    func javaScriptNumberText(_ value: Double, _ text: String) {
        #expect(JavaScriptNumber.string(value) == text)
    }
}
