import Foundation
import MapWireGeometry
import Testing
@testable import MapWireStyle

/// Parses JSON text the way the renderer receives style JSON.
func json(_ text: String) -> Any {
    try! JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// A feature with the properties most tests read.
struct TestFeature: StyleFeature {
    var properties: [String: StyleValue] = [
        "name": .string("Main St"), "num": .number(5), "str": .string("5"), "flag": .bool(true),
        "zero": .number(0), "class": .string("park"), "color": .string("red"), "nothing": .null,
        "list": .array([.number(1), .number(2), .number(3)]), "obj": .object(["a": .number(1)]),
    ]
    var geometryTypeName = "Point"
    var featureID: StyleValue? = .number(42)
    var tileGeometry: [[PlanePoint]]? = nil

    func property(_ key: String) -> StyleValue? { properties[key] }
    var allProperties: [String: StyleValue] { properties }
}

func context(zoom: Double = 0, feature: StyleFeature? = TestFeature()) -> EvaluationContext {
    EvaluationContext(zoom: zoom, feature: feature)
}

/// Evaluates expression JSON text against the test feature; `type` is the type the expression is compiled
/// to produce (as a property of that type compiles it), anything when nil.
func evaluate(_ expression: String, zoom: Double = 0, feature: StyleFeature? = TestFeature(), expecting type: ExpressionType? = nil) throws -> StyleValue {
    try StyleExpression(json: json(expression), expecting: type).evaluate(context(zoom: zoom, feature: feature))
}

/// Whether the expression fails to compile, as the style specification's type checker rejects it
/// (constant sub-expressions are evaluated while compiling, so their failures are compile errors too).
func failsToCompile(_ expression: String, expecting type: ExpressionType? = nil) -> Bool {
    do {
        _ = try StyleExpression(json: json(expression), expecting: type)
        return false
    } catch {
        return true
    }
}

/// Equality that tolerates floating-point noise in numbers and colour channels.
func nearlyEqual(_ a: StyleValue, _ b: StyleValue, tolerance: Double = 1e-9) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)):
        return x == y || abs(x - y) <= tolerance * max(1, abs(x), abs(y))
    case (.color(let x), .color(let y)):
        return [x.r - y.r, x.g - y.g, x.b - y.b, x.a - y.a].allSatisfy { abs($0) <= max(tolerance, 1e-6) }
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { nearlyEqual($0, $1, tolerance: tolerance) }
    default:
        return a == b
    }
}

/// One table row: an expression (JSON text) and the value it must produce.
struct ExpressionCase: Sendable, CustomTestStringConvertible {
    let expression: String
    let expected: StyleValue
    var zoom: Double = 0
    var type: ExpressionType? = nil

    init(_ expression: String, _ expected: StyleValue, zoom: Double = 0, expecting type: ExpressionType? = nil) {
        self.expression = expression
        self.expected = expected
        self.zoom = zoom
        self.type = type
    }

    var testDescription: String { "\(expression) → \(expected.jsonText)" }

    func check() throws {
        let actual = try evaluate(expression, zoom: zoom, expecting: type)
        #expect(nearlyEqual(actual, expected), "\(expression) gave \(actual.jsonText)")
    }
}

// Short spellings for expected values in tables.
func n(_ value: Double) -> StyleValue { .number(value) }
func s(_ value: String) -> StyleValue { .string(value) }
func b(_ value: Bool) -> StyleValue { .bool(value) }
func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> StyleValue {
    .color(StyleColor(r: r / 255, g: g / 255, b: b / 255, a: a))
}
func numbers(_ values: Double...) -> StyleValue { .array(values.map(StyleValue.number)) }
