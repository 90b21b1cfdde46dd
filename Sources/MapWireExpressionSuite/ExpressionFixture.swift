import MapWireJSON
import MapWireStyle

/// A `test.json` read into what the harness needs: the expression, the property it is compiled for, the
/// inputs and the expectation.
struct ExpressionFixture {
    struct Input {
        var globals: JSONValue
        var feature: JSONValue
    }

    var expression: StyleValue
    /// The fixture's `propertySpec`, completed as the harness completes it.
    var spec: PropertySpecification
    var globalState: [String: StyleValue]?
    var inputs: [Input]?
    var expectedCompiled: JSONValue?
    var expectedOutputs: JSONValue?

    init(_ json: JSONValue) throws(ExpressionFixtureError) {
        guard case .object = json else { throw ExpressionFixtureError("test.json is not an object") }
        guard let expression = json["expression"] else { throw ExpressionFixtureError("test.json has no \"expression\"") }
        self.expression = StyleValue(expression)
        spec = PropertySpecification(json: StyleValue(Self.completedSpec(json["propertySpec"])))
        if let state = json["globalState"] {
            guard case .object(let members) = StyleValue(state) else {
                throw ExpressionFixtureError("\"globalState\" is not an object")
            }
            globalState = members
        }
        if let inputs = json["inputs"] {
            guard case .array(let items) = inputs else { throw ExpressionFixtureError("\"inputs\" is not an array") }
            self.inputs = try items.map { item throws(ExpressionFixtureError) in
                guard case .array(let pair) = item, pair.count == 2 else {
                    throw ExpressionFixtureError("an input is not a [globals, feature] pair")
                }
                return Input(globals: pair[0], feature: pair[1])
            }
        }
        expectedCompiled = json["expected"]?["compiled"]
        expectedOutputs = json["expected"]?["outputs"]
    }

    /// The harness's `getCompletePropertySpec`: a data-driven property whose expressions may use zoom and
    /// the feature and interpolate, unless the fixture says otherwise.
    private static func completedSpec(_ spec: JSONValue?) -> JSONValue {
        var members: [JSONMember] = []
        if case .object(let given)? = spec { members = given }
        if !members.contains(where: { $0.key == "property-type" }) {
            members.append(JSONMember("property-type", .string("data-driven")))
        }
        if !members.contains(where: { $0.key == "expression" }) {
            members.append(JSONMember("expression", .object([
                JSONMember("interpolated", .bool(true)),
                JSONMember("parameters", .array([.string("zoom"), .string("feature")])),
            ])))
        }
        return .object(members)
    }
}

struct ExpressionFixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
