import MapWireGeometry
import MapWireJSON
import MapWireStyle

/// Compiles and evaluates one fixture as maplibre-style-spec's `expression.test.ts` does, producing the
/// `compiled` and `outputs` it compares with the expectation.
enum ExpressionHarness {
    /// The harness compiles every expression as this property, and prefixes runtime errors with it.
    static let rootKey = "layers[0].paint.some-property"

    struct Outcome {
        var compiled: JSONValue
        /// nil (JavaScript's undefined) when compilation failed.
        var outputs: JSONValue?
    }

    static func run(_ fixture: ExpressionFixture) -> Outcome {
        let source = LegacyFunction.isFunction(fixture.expression)
            ? LegacyFunction.expression(converting: fixture.expression, spec: fixture.spec)
            : fixture.expression
        let expression: StylePropertyExpression
        do {
            expression = try StylePropertyExpression(source, spec: fixture.spec, globalState: fixture.globalState)
        } catch {
            let errors = error.errors.map { failure in
                JSONValue.object([JSONMember("key", .string(failure.key)), JSONMember("error", .string(failure.message))])
            }
            return Outcome(compiled: .object([JSONMember("result", .string("error")), JSONMember("errors", .array(errors))]))
        }
        let compiled = JSONValue.object([
            JSONMember("result", .string("success")),
            JSONMember("isFeatureConstant", .bool(expression.isFeatureConstant)),
            JSONMember("isZoomConstant", .bool(expression.isZoomConstant)),
            JSONMember("type", .string(expression.type.description)),
        ])
        let outputs = (fixture.inputs ?? []).map { evaluate(expression, $0) }
        return Outcome(compiled: compiled, outputs: .array(outputs))
    }

    private static func evaluate(_ expression: StylePropertyExpression, _ input: ExpressionFixture.Input) -> JSONValue {
        let globals = input.globals
        var context = EvaluationContext(zoom: globals["zoom"]?.number ?? .nan)
        context.heatmapDensity = globals["heatmapDensity"]?.number
        context.elevation = globals["elevation"]?.number
        if case .array(let names)? = globals["availableImages"] {
            context.availableImages = Set(names.compactMap { if case .string(let name) = $0 { name } else { nil } })
        }
        let canonical = globals["canonicalID"].flatMap(canonicalTile)
        context.canonicalTile = canonical
        context.feature = FixtureFeature(input.feature, canonical: canonical)
        if case .object(let state)? = input.feature["featureState"].map(StyleValue.init) {
            context.featureState = state
        }
        do {
            let value = try expression.evaluateWithoutErrorHandling(context)
            return ExpressionOutputShape.json(value, staticTypeIsColor: expression.type == .color)
        } catch {
            return .object([JSONMember("error", .string("\(rootKey)\(error.path): \(error.message)"))])
        }
    }

    private static func canonicalTile(_ json: JSONValue) -> CanonicalTileID? {
        guard let z = json["z"]?.number, let x = json["x"]?.number, let y = json["y"]?.number else { return nil }
        return CanonicalTileID(z: Int(z), x: Int(x), y: Int(y))
    }
}
