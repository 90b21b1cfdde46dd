import Testing
@testable import MapWireStyle

struct LegacyFunctionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let function: String
        let kind: StylePropertyKind
        let zoom: Double
        let expected: StyleValue

        var testDescription: String { "\(function) @z\(zoom) → \(expected.jsonText)" }
    }

    @Test(arguments: [
        // Zoom functions.
        Case(function: #"{"stops": [[0, 0], [10, 100]]}"#, kind: .number, zoom: 5, expected: n(50)),
        Case(function: #"{"stops": [[0, 0], [10, 100]]}"#, kind: .number, zoom: -1, expected: n(0)),
        Case(function: #"{"stops": [[0, 0], [10, 100]]}"#, kind: .number, zoom: 20, expected: n(100)),
        Case(function: #"{"stops": [[0, 0], [10, 100], [20, 0]]}"#, kind: .number, zoom: 15, expected: n(50)),
        Case(function: #"{"base": 2, "stops": [[0, 0], [2, 30]]}"#, kind: .number, zoom: 1, expected: n(10)),
        Case(function: #"{"type": "exponential", "stops": [[5, 7]]}"#, kind: .number, zoom: 1, expected: n(7)),
        Case(function: #"{"type": "interval", "stops": [[0, 1], [5, 2]]}"#, kind: .number, zoom: 4.9, expected: n(1)),
        Case(function: #"{"type": "interval", "stops": [[0, 1], [5, 2]]}"#, kind: .number, zoom: 5, expected: n(2)),
        Case(function: #"{"type": "interval", "stops": [[0, 1], [5, 2]]}"#, kind: .number, zoom: -1, expected: n(1)),
        // Non-interpolatable properties default to interval.
        Case(function: #"{"stops": [[0, "miter"], [10, "round"]]}"#, kind: .enumeration, zoom: 9, expected: s("miter")),
        Case(function: #"{"stops": [[0, "miter"], [10, "round"]]}"#, kind: .enumeration, zoom: 10, expected: s("round")),
        Case(function: #"{"stops": [[0, false], [10, true]]}"#, kind: .bool, zoom: 12, expected: b(true)),
        Case(function: ##"{"stops": [[0, "#000000"], [10, "#ffffff"]]}"##, kind: .color, zoom: 5, expected: rgba(127.5, 127.5, 127.5)),
        Case(function: #"{"stops": [[0, "red"], [10, "rgba(255, 0, 0, 0)"]]}"#, kind: .color, zoom: 5, expected: rgba(255, 0, 0, 0.5)),
        Case(function: #"{"stops": [[0, [0, 0]], [10, [10, 20]]]}"#, kind: .numberArray, zoom: 5, expected: numbers(5, 10)),
        Case(function: #"{"stops": [[0, 1], [10, 3]]}"#, kind: .padding, zoom: 5, expected: numbers(2, 2, 2, 2)),
        Case(function: #"{"stops": [[0, "{name}"], [10, "x"]]}"#, kind: .string, zoom: 1, expected: s("Main St")),
        Case(function: #"{"stops": [[0, "{class}-15"]]}"#, kind: .resolvedImage, zoom: 1, expected: s("park-15")),
        Case(function: #"{"stops": [[0, "{name}"]]}"#, kind: .formatted, zoom: 1, expected: .formatted([FormattedSection(text: "Main St")])),
        // Property functions.
        Case(function: #"{"property": "num", "stops": [[0, 0], [10, 100]]}"#, kind: .number, zoom: 0, expected: n(50)),
        Case(function: #"{"property": "num", "type": "interval", "stops": [[0, 0], [5, 1], [10, 2]]}"#, kind: .number, zoom: 0, expected: n(1)),
        Case(function: #"{"property": "missing", "stops": [[0, 0], [10, 100]], "default": 7}"#, kind: .number, zoom: 0, expected: n(7)),
        Case(function: #"{"property": "name", "stops": [[0, 0], [10, 100]], "default": 3}"#, kind: .number, zoom: 0, expected: n(3)),
        Case(function: #"{"property": "name", "stops": [[0, 0], [10, 100]]}"#, kind: .number, zoom: 0, expected: .null),
        Case(function: #"{"property": "class", "type": "categorical", "stops": [["park", "green"], ["wood", "brown"]], "default": "black"}"#, kind: .color, zoom: 0, expected: rgba(0, 128, 0)),
        Case(function: #"{"property": "class", "type": "categorical", "stops": [["wood", "brown"]], "default": "black"}"#, kind: .color, zoom: 0, expected: rgba(0, 0, 0)),
        Case(function: #"{"property": "str", "type": "categorical", "stops": [[5, "n"]], "default": "d"}"#, kind: .string, zoom: 0, expected: s("d")),
        Case(function: #"{"property": "num", "type": "categorical", "stops": [[5, "n"]], "default": "d"}"#, kind: .string, zoom: 0, expected: s("n")),
        Case(function: #"{"property": "flag", "type": "categorical", "stops": [[true, 1], [false, 0]]}"#, kind: .number, zoom: 0, expected: n(1)),
        Case(function: #"{"property": "num", "type": "identity"}"#, kind: .number, zoom: 0, expected: n(5)),
        Case(function: #"{"property": "color", "type": "identity"}"#, kind: .color, zoom: 0, expected: rgba(255, 0, 0)),
        Case(function: #"{"property": "name", "type": "identity", "default": 2}"#, kind: .number, zoom: 0, expected: n(2)),
        Case(function: #"{"property": "name", "type": "identity"}"#, kind: .color, zoom: 0, expected: .null),
        Case(function: #"{"property": "name", "type": "identity"}"#, kind: .formatted, zoom: 0, expected: .formatted([FormattedSection(text: "Main St")])),
        Case(function: #"{"property": "num", "stops": [[0, "black"], [10, "white"]], "colorSpace": "lab"}"#, kind: .color, zoom: 0, expected: .color(LabColor(l: 50, a: 0, b: 0, alpha: 1).color)),
        // Zoom-and-property functions: a property function per zoom level, interpolated between them.
        Case(function: LegacyFunctionTests.zoomAndProperty, kind: .number, zoom: 0, expected: n(5)),
        Case(function: LegacyFunctionTests.zoomAndProperty, kind: .number, zoom: 10, expected: n(50)),
        Case(function: LegacyFunctionTests.zoomAndProperty, kind: .number, zoom: 5, expected: n(27.5)),
        Case(function: LegacyFunctionTests.zoomAndProperty, kind: .number, zoom: 20, expected: n(50)),
        Case(function: LegacyFunctionTests.zoomAndProperty, kind: .number, zoom: -5, expected: n(5)),
        Case(function: #"{"property": "num", "base": 2, "stops": [[{"zoom": 0, "value": 0}, 0], [{"zoom": 2, "value": 0}, 30]]}"#, kind: .number, zoom: 1, expected: n(10)),
        Case(function: #"{"property": "class", "type": "categorical", "default": 0, "stops": [[{"zoom": 0, "value": "park"}, 1], [{"zoom": 10, "value": "park"}, 3]]}"#, kind: .number, zoom: 5, expected: n(2)),
        Case(function: #"{"property": "class", "type": "categorical", "default": 9, "stops": [[{"zoom": 0, "value": "wood"}, 1], [{"zoom": 10, "value": "wood"}, 3]]}"#, kind: .number, zoom: 5, expected: n(9)),
        Case(function: #"{"property": "num", "type": "interval", "stops": [[{"zoom": 0, "value": 0}, "a"], [{"zoom": 0, "value": 5}, "b"], [{"zoom": 10, "value": 0}, "c"]]}"#, kind: .enumeration, zoom: 9, expected: s("b")),
        Case(function: #"{"property": "num", "type": "interval", "stops": [[{"zoom": 0, "value": 0}, "a"], [{"zoom": 0, "value": 5}, "b"], [{"zoom": 10, "value": 0}, "c"]]}"#, kind: .enumeration, zoom: 10, expected: s("c")),
        Case(function: #"{"property": "num", "stops": [[{"zoom": 0, "value": 0}, "black"], [{"zoom": 10, "value": 0}, "white"]]}"#, kind: .color, zoom: 5, expected: rgba(127.5, 127.5, 127.5)),
    ])
    func evaluates(_ test: Case) throws {
        let value = try PropertyValue(json: json(test.function), kind: test.kind)
        let actual = value.evaluate(context(zoom: test.zoom))
        #expect(nearlyEqual(actual, test.expected, tolerance: 1e-6), "gave \(actual.jsonText)")
    }

    static let zoomAndProperty = #"""
        {"property": "num", "stops": [
            [{"zoom": 0, "value": 0}, 0], [{"zoom": 0, "value": 10}, 10],
            [{"zoom": 10, "value": 0}, 0], [{"zoom": 10, "value": 10}, 100]]}
        """#

    @Test func constancyFollowsTheInputs() throws {
        let zoomOnly = try PropertyValue(json: json(#"{"stops": [[0, 1], [10, 2]]}"#), kind: .number)
        #expect(!zoomOnly.isZoomConstant && zoomOnly.isFeatureConstant)
        let propertyOnly = try PropertyValue(json: json(#"{"property": "a", "stops": [[0, 1]]}"#), kind: .number)
        #expect(propertyOnly.isZoomConstant && !propertyOnly.isFeatureConstant)
        let both = try PropertyValue(json: json(Self.zoomAndProperty), kind: .number)
        #expect(!both.isZoomConstant && !both.isFeatureConstant)
        let tokens = try PropertyValue(json: json(#"{"stops": [[0, "{name}"]]}"#), kind: .string)
        #expect(!tokens.isFeatureConstant)
    }

    @Test(arguments: [
        #"{"stops": []}"#,
        #"{"stops": 1}"#,
        #"{"stops": [[0]]}"#,
        #"{"stops": [0, 1]}"#,
        #"{"type": "bogus", "stops": [[0, 1]]}"#,
        #"{"stops": [["a", 1]]}"#,
        #"{"base": "2", "stops": [[0, 1]]}"#,
        #"{"colorSpace": "cmyk", "stops": [[0, "red"]]}"#,
        #"{"property": 1, "stops": [[0, 1]]}"#,
        #"{"stops": [[{"zoom": 0, "value": 1}, 1]]}"#,
        #"{"property": "a", "stops": [[{"zoom": 0}, 1]]}"#,
        #"{"property": "a", "stops": [[{"zoom": 5, "value": 0}, 1], [{"zoom": 1, "value": 0}, 1]]}"#,
        #"{"type": "exponential"}"#,
        #"{"stops": [[0, "not a number"]]}"#,
    ])
    func rejectsMalformed(_ function: String) {
        #expect(throws: StyleExpressionError.self) { try PropertyValue(json: json(function), kind: .number) }
    }

    @Test func rejectsBadColourStops() {
        #expect(throws: StyleExpressionError.invalidColor("nope", path: ".stops[1][1]")) {
            try PropertyValue(json: json(#"{"stops": [[0, "red"], [1, "nope"]]}"#), kind: .color)
        }
        #expect(throws: StyleExpressionError.invalidColor("nope", path: ".default")) {
            try PropertyValue(json: json(#"{"property": "a", "stops": [[0, "red"]], "default": "nope"}"#), kind: .color)
        }
    }
}
