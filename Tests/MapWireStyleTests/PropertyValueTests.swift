import Testing
@testable import MapWireStyle

struct PropertyValueTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let json: String
        let kind: StylePropertyKind
        let expected: StyleValue
        var zoom: Double = 0
        var testDescription: String { "\(kind) \(json)" }
    }

    @Test(arguments: [
        Case(json: "5", kind: .number, expected: n(5)),
        Case(json: #""red""#, kind: .color, expected: rgba(255, 0, 0)),
        Case(json: ##""#00f""##, kind: .color, expected: rgba(0, 0, 255)),
        Case(json: #""hsla(0, 0%, 0%, 0.5)""#, kind: .color, expected: rgba(0, 0, 0, 0.5)),
        Case(json: "true", kind: .bool, expected: b(true)),
        Case(json: #""round""#, kind: .enumeration, expected: s("round")),
        Case(json: #""hello""#, kind: .formatted, expected: .formatted([FormattedSection(text: "hello")])),
        Case(json: #""hello""#, kind: .string, expected: s("hello")),
        Case(json: "2", kind: .padding, expected: numbers(2, 2, 2, 2)),
        Case(json: "[1, 2]", kind: .padding, expected: numbers(1, 2, 1, 2)),
        Case(json: "[1, 2, 3]", kind: .padding, expected: numbers(1, 2, 3, 2)),
        Case(json: "[1, 2, 3, 4]", kind: .padding, expected: numbers(1, 2, 3, 4)),
        Case(json: "[2, 4]", kind: .numberArray, expected: numbers(2, 4)),
        Case(json: #"["Open Sans Regular", "Arial Unicode MS Regular"]"#, kind: .array, expected: .array([s("Open Sans Regular"), s("Arial Unicode MS Regular")])),
        Case(json: #"["get", "num"]"#, kind: .number, expected: n(5)),
        Case(json: #"["get", "color"]"#, kind: .color, expected: rgba(255, 0, 0)),
        Case(json: #"["get", "name"]"#, kind: .color, expected: .null),
        Case(json: #"["case", true, "red", "blue"]"#, kind: .color, expected: rgba(255, 0, 0)),
        Case(json: #"["match", ["get", "class"], "park", "green", "black"]"#, kind: .color, expected: rgba(0, 128, 0)),
        Case(json: #"["coalesce", ["get", "missing"], "blue"]"#, kind: .color, expected: rgba(0, 0, 255)),
        Case(json: #"["step", ["zoom"], "red", 5, "blue"]"#, kind: .color, expected: rgba(0, 0, 255), zoom: 6),
        Case(json: #"["interpolate", ["linear"], ["zoom"], 0, "red", 10, "blue"]"#, kind: .color, expected: rgba(127.5, 0, 127.5), zoom: 5),
        Case(json: #"["literal", "red"]"#, kind: .color, expected: rgba(255, 0, 0)),
        Case(json: #"["get", "num"]"#, kind: .formatted, expected: .formatted([FormattedSection(text: "5")])),
        Case(json: #"["get", "num"]"#, kind: .string, expected: s("5")),
        Case(json: #"["get", "list"]"#, kind: .numberArray, expected: numbers(1, 2, 3)),
        Case(json: #"["get", "name"]"#, kind: .numberArray, expected: .null),
        Case(json: #"["get", "num"]"#, kind: .padding, expected: numbers(5, 5, 5, 5)),
        Case(json: #"["image", "x"]"#, kind: .resolvedImage, expected: s("x")),
        Case(json: #"["get", "num"]"#, kind: .bool, expected: .null),
        Case(json: #"["/", 1, ["get", "missing"]]"#, kind: .number, expected: .null),
        Case(json: #""{name} ({num})""#, kind: .string, expected: s("Main St (5)")),
        Case(json: #""{missing}x""#, kind: .string, expected: s("x")),
        Case(json: #""{class}-15""#, kind: .resolvedImage, expected: s("park-15")),
        Case(json: #""{name}""#, kind: .formatted, expected: .formatted([FormattedSection(text: "Main St")])),
        Case(json: #""{name}""#, kind: .enumeration, expected: s("{name}")),
        // Anything between braces is a key, spaces included.
        Case(json: #""a { b }""#, kind: .string, expected: s("a ")),
        // Arrays not starting with an operator are constants, whatever their first string.
        Case(json: #"["bogus-operator", "x"]"#, kind: .array, expected: .array([s("bogus-operator"), s("x")])),
        Case(json: #""{} {{name}}""#, kind: .string, expected: s("{} {Main St}")),
    ])
    func evaluates(_ test: Case) throws {
        let value = try PropertyValue(json: json(test.json), kind: test.kind)
        let actual = value.evaluate(context(zoom: test.zoom))
        #expect(nearlyEqual(actual, test.expected, tolerance: 1e-6), "gave \(actual.jsonText)")
    }

    @Test(arguments: [
        (#""abc""#, StylePropertyKind.number), (#""notacolor""#, .color), ("5", .color), ("5", .bool), ("[1, 2, 3, 4, 5]", .padding),
        (#"["a", 1]"#, .numberArray), ("null", .number), (#"["bogus-operator", 1]"#, .number),
        (#"["literal", [1, "a"]]"#, .numberArray),
    ] as [(String, StylePropertyKind)])
    func rejectsConstantsOfTheWrongKind(_ text: String, _ kind: StylePropertyKind) {
        #expect(throws: StyleExpressionError.self) { try PropertyValue(json: json(text), kind: kind) }
    }

    @Test func typedAccessorsFallBackToTheDefault() throws {
        let ctx = context()
        #expect(try PropertyValue(json: json(#"["get", "num"]"#), kind: .number).number(ctx, default: 1) == 5)
        #expect(try PropertyValue(json: json(#"["get", "missing"]"#), kind: .number).number(ctx, default: 1) == 1)
        #expect(try PropertyValue(json: json(#"["sqrt", -1]"#), kind: .number).number(ctx, default: 1) == 1)
        #expect(try PropertyValue(json: json(#"["get", "name"]"#), kind: .color).color(ctx, default: .white) == .white)
        #expect(try PropertyValue(json: json(#"["get", "color"]"#), kind: .color).color(ctx, default: .white) == StyleColor(r: 1, g: 0, b: 0))
        #expect(try PropertyValue(json: json(#""{name}""#), kind: .formatted).string(ctx, default: "") == "Main St")
        // String properties convert whatever they get to text, objects as JSON.
        #expect(try PropertyValue(json: json(#"["get", "obj"]"#), kind: .string).string(ctx, default: "d") == #"{"a":1}"#)
        #expect(try PropertyValue(json: json(#"["get", "missing"]"#), kind: .enumeration).string(ctx, default: "d") == "d")
        #expect(try PropertyValue(json: json("[1, 2]"), kind: .numberArray).numbers(ctx, default: []) == [1, 2])
        #expect(try PropertyValue(json: json(#"["get", "name"]"#), kind: .numberArray).numbers(ctx, default: [9]) == [9])
        #expect(try PropertyValue(json: json(#"["Font A"]"#), kind: .array).strings(ctx, default: []) == ["Font A"])
        #expect(try PropertyValue(json: json(#"["get", "flag"]"#), kind: .bool).bool(ctx, default: false))
        #expect(try PropertyValue(json: json(#""x{num}""#), kind: .formatted).formatted(ctx) == [FormattedSection(text: "x5")])
    }

    /// The specification's numberArray and colorArray (a hillshade's lights): one value or a list.
    @Test func numberAndColorListsTakeOneValueOrAList() throws {
        let ctx = context()
        #expect(try PropertyValue(json: json("335"), kind: .numberList).numbers(ctx, default: []) == [335])
        #expect(try PropertyValue(json: json("[270, 315]"), kind: .numberList).numbers(ctx, default: []) == [270, 315])
        let zoomed = try PropertyValue(json: json(#"["interpolate", ["linear"], ["zoom"], 0, ["literal", [0, 10]], 10, ["literal", [100, 20]]]"#),
                                       kind: .numberList)
        #expect(zoomed.numbers(EvaluationContext(zoom: 5), default: []) == [50, 15])
        #expect(try PropertyValue(json: json(##""#00ff00""##), kind: .colorList).colors(ctx, default: []) == [StyleColor(r: 0, g: 1, b: 0)])
        #expect(try PropertyValue(json: json(##"["red", "#0000ff"]"##), kind: .colorList).colors(ctx, default: [])
            == [StyleColor(r: 1, g: 0, b: 0), StyleColor(r: 0, g: 0, b: 1)])
        #expect(throws: StyleExpressionError.self) { try PropertyValue(json: json(#"["red", 5]"#), kind: .colorList) }
        #expect(throws: StyleExpressionError.self) { try PropertyValue(json: json(#""north""#), kind: .numberList) }
    }

    @Test func interpolationStopsAreThoseOfATopLevelInterpolate() throws {
        #expect(try PropertyValue(json: json(#"["interpolate", ["linear"], ["elevation"], 0, "red", 500, "blue"]"#), kind: .color)
            .interpolationStops == [0, 500])
        #expect(try PropertyValue(json: json(#"["step", ["elevation"], "red", 500, "blue"]"#), kind: .color).interpolationStops == nil)
        #expect(try PropertyValue(json: json(#""red""#), kind: .color).interpolationStops == nil)
    }

    @Test func constancy() throws {
        let constant = try PropertyValue(json: json("3"), kind: .number)
        #expect(constant.isZoomConstant && constant.isFeatureConstant)
        let tokens = try PropertyValue(json: json(#""{name}""#), kind: .string)
        #expect(tokens.isZoomConstant && !tokens.isFeatureConstant)
        let zoom = try PropertyValue(json: json(#"["interpolate", ["linear"], ["zoom"], 0, 1, 10, 2]"#), kind: .number)
        #expect(!zoom.isZoomConstant && zoom.isFeatureConstant)
    }

    @Test(arguments: [
        ("{name}", "Main St"), ("{name} {num}", "Main St 5"), ("{missing}", ""), ("plain", "plain"), ("{flag}", "true"),
        ("{list}", "[1,2,3]"), ("{nothing}", ""), ("{", "{"), ("}{", "}{"), ("{{num}}", "{5}"), ("{na me}", ""),
        ("é{num}ü", "é5ü"),
    ])
    func expandTokens(_ template: String, _ expected: String) {
        #expect(PropertyValue.expandTokens(template, feature: TestFeature()) == expected)
    }

    @Test func expandTokensWithoutAFeature() {
        #expect(PropertyValue.expandTokens("a{name}b", feature: nil) == "ab")
    }
}
