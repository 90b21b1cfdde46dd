/// Legacy (pre-expression) function objects rewritten as the expressions they stand for, as the style
/// specification's `convertFunction` rewrites them: zoom functions become `step`/`interpolate` on zoom,
/// property functions `match`, `case`, `step` or `interpolate` on the property, identity functions a
/// check or conversion of it, and a `default` a fallback for features of another type.
public enum LegacyFunction {
    /// Whether `value` is a function object (a JSON object) rather than a constant or an expression.
    public static func isFunction(_ value: StyleValue) -> Bool {
        if case .object = value { return true }
        return false
    }

    /// The expression a function object stands for, for a property as `spec` describes it.
    public static func expression(converting function: StyleValue, spec: PropertySpecification) -> StyleValue {
        let parameters = function.object ?? [:]
        guard case .array(let rawStops)? = parameters["stops"] else { return identity(parameters, spec) }
        let firstInput = rawStops.first?.array?.first
        let zoomAndFeature = firstInput.map(isObject) ?? false
        let featureDependent = zoomAndFeature || parameters["property"] != nil
        let stops: [(StyleValue, StyleValue)] = rawStops.map { stop in
            let pair = stop.array ?? []
            let input = pair.first ?? .null, output = pair.count > 1 ? pair[1] : .null
            if !featureDependent, spec.tokens, case .string(let text) = output { return (input, tokenString(text)) }
            return (input, literal(output))
        }
        if zoomAndFeature { return zoomAndProperty(parameters, spec, stops) }
        if featureDependent { return property(parameters, spec, stops) }
        return zoom(parameters, spec, stops)
    }

    /// JSON objects (null included) are `typeof "object"` to the reference engine.
    private static func isObject(_ value: StyleValue) -> Bool {
        switch value {
        case .null, .array, .object: true
        default: false
        }
    }

    /// Arrays, objects and null wrapped in `literal`, so they are not read as expressions.
    private static func literal(_ value: StyleValue) -> StyleValue {
        isObject(value) ? .array([.string("literal"), value]) : value
    }

    private static func get(_ parameters: [String: StyleValue]) -> StyleValue {
        .array([.string("get"), parameters["property"] ?? .null])
    }

    private static func identity(_ parameters: [String: StyleValue], _ spec: PropertySpecification) -> StyleValue {
        let get = get(parameters)
        guard let fallback = parameters["default"] else {
            // String properties convert their values; a legacy identity function checked them instead.
            return spec.type == "string" ? .array([.string("string"), get]) : get
        }
        if spec.type == "enum" {
            return .array([.string("match"), get, .array(spec.enumValues.map(StyleValue.string)), get, fallback])
        }
        var expression: [StyleValue] = [.string(spec.type == "color" ? "to-color" : spec.type ?? ""), get, literal(fallback)]
        if spec.type == "array" {
            expression.insert(contentsOf: [spec.itemType.map(StyleValue.string) ?? .null, spec.length.map { .number(Double($0)) } ?? .null], at: 1)
        }
        return .array(expression)
    }

    private static func interpolateOperator(_ parameters: [String: StyleValue]) -> StyleValue {
        switch parameters["colorSpace"] {
        case .string("hcl")?: .string("interpolate-hcl")
        case .string("lab")?: .string("interpolate-lab")
        default: .string("interpolate")
        }
    }

    private static func functionType(_ parameters: [String: StyleValue], _ spec: PropertySpecification) -> String {
        if case .string(let type)? = parameters["type"] { return type }
        return spec.interpolated ? "exponential" : "interval"
    }

    /// `[kind, ["linear"] or ["exponential", base], input]`
    private static func curve(_ parameters: [String: StyleValue], input: StyleValue) -> [StyleValue] {
        let base = parameters["base"]?.number ?? 1
        let shape: StyleValue = base == 1 ? .array([.string("linear")]) : .array([.string("exponential"), .number(base)])
        return [interpolateOperator(parameters), shape, input]
    }

    private static func zoomAndProperty(_ parameters: [String: StyleValue], _ spec: PropertySpecification, _ stops: [(StyleValue, StyleValue)]) -> StyleValue {
        var zooms: [StyleValue] = []
        var perZoom: [String: [(StyleValue, StyleValue)]] = [:]
        for (input, output) in stops {
            let zoom = input.object?["zoom"] ?? .null
            let key = zoom.displayString
            if perZoom[key] == nil {
                perZoom[key] = []
                zooms.append(zoom)
            }
            perZoom[key]?.append((input.object?["value"] ?? .null, output))
        }
        // Each zoom level's property function keeps the type, property and default, not the base.
        let zoomParameters = ["type": parameters["type"], "property": parameters["property"], "default": parameters["default"]].compactMapValues { $0 }
        // Across zoom levels the curve follows the property: linear where it interpolates, steps elsewhere.
        let interpolates = functionType([:], spec) == "exponential"
        var expression: [StyleValue] = interpolates
            ? [interpolateOperator(parameters), .array([.string("linear")]), .array([.string("zoom")])]
            : [.string("step"), .array([.string("zoom")])]
        for zoom in zooms {
            let output = property(zoomParameters, spec, perZoom[zoom.displayString] ?? [])
            appendStop(&expression, zoom, output, isStep: !interpolates)
        }
        if !interpolates { fixDegenerateStep(&expression) }
        return .array(expression)
    }

    private static func fallback(_ parameters: [String: StyleValue], _ spec: PropertySpecification) -> StyleValue {
        guard let value = parameters["default"] ?? spec.defaultValue else {
            // Image properties have no default; an empty name stands for none.
            return spec.type == "resolvedImage" ? .string("") : .null
        }
        return literal(value)
    }

    private static func property(_ parameters: [String: StyleValue], _ spec: PropertySpecification, _ stops: [(StyleValue, StyleValue)]) -> StyleValue {
        let get = get(parameters)
        let type = functionType(parameters, spec)
        var expression: [StyleValue]
        switch type {
        case "categorical":
            if case .bool? = stops.first?.0 {
                expression = [.string("case")]
                for (input, output) in stops { expression += [.array([.string("=="), get, input]), output] }
                expression.append(fallback(parameters, spec))
                return .array(expression)
            }
            expression = [.string("match"), get]
            for (input, output) in stops { appendStop(&expression, input, output, isStep: false) }
            expression.append(fallback(parameters, spec))
            return .array(expression)
        case "interval":
            expression = [.string("step"), .array([.string("number"), get])]
            for (input, output) in stops { appendStop(&expression, input, output, isStep: true) }
            fixDegenerateStep(&expression)
        default:
            expression = curve(parameters, input: .array([.string("number"), get]))
            for (input, output) in stops { appendStop(&expression, input, output, isStep: false) }
        }
        guard let fallback = parameters["default"] else { return .array(expression) }
        return .array([
            .string("case"), .array([.string("=="), .array([.string("typeof"), get]), .string("number")]),
            .array(expression), literal(fallback),
        ])
    }

    private static func zoom(_ parameters: [String: StyleValue], _ spec: PropertySpecification, _ stops: [(StyleValue, StyleValue)]) -> StyleValue {
        let isStep = functionType(parameters, spec) == "interval"
        var expression: [StyleValue] = isStep ? [.string("step"), .array([.string("zoom")])] : curve(parameters, input: .array([.string("zoom")]))
        for (input, output) in stops { appendStop(&expression, input, output, isStep: isStep) }
        fixDegenerateStep(&expression)
        return .array(expression)
    }

    /// Appends a stop, skipping one whose input repeats the previous one (legacy functions allowed
    /// duplicates, expressions do not); a step's first input is implied.
    private static func appendStop(_ curve: inout [StyleValue], _ input: StyleValue, _ output: StyleValue, isStep: Bool) {
        if curve.count > 3, JavaScriptSearch.strictlyEqual(input, curve[curve.count - 2]) { return }
        if !(isStep && curve.count == 2) { curve.append(input) }
        curve.append(output)
    }

    /// A step with a single output gets a second stop, as the reference conversion adds it: at 0, with 0.
    private static func fixDegenerateStep(_ expression: inout [StyleValue]) {
        guard expression.first == .string("step"), expression.count == 3 else { return }
        expression += [.number(0), .number(0)]
    }

    /// "Text with {name} tokens" as `["concat", "Text with ", ["get", "name"], " tokens"]`.
    static func tokenString(_ text: String) -> StyleValue {
        let pieces = TokenString(text).pieces
        guard pieces.contains(where: { if case .property = $0 { true } else { false } }) else { return .string(text) }
        let parts: [StyleValue] = pieces.map { piece in
            switch piece {
            case .text(let literal): .string(literal)
            case .property(let name): .array([.string("get"), .string(name)])
            }
        }
        if parts.count == 1 { return .array([.string("to-string"), parts[0]]) }
        return .array([.string("concat")] + parts)
    }
}
