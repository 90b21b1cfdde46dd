/// The legacy function types of style spec v8.
enum LegacyFunctionType: String, Sendable {
    case exponential, interval, categorical, identity
}

/// A legacy function of one input (the zoom, or one feature property): its stops and how to read them.
struct LegacyStops: Sendable {
    let type: LegacyFunctionType
    let inputs: [StyleValue]
    /// `inputs` as numbers, for exponential and interval functions.
    let numericInputs: [Double]
    let outputs: [StyleValue]
    let base: Double
    let colorSpace: InterpolationColorSpace
    let kind: StylePropertyKind

    /// The output for `input`, or nil when the input does not fit the function (wrong type, no matching
    /// category), in which case the function's default applies.
    func output(for input: StyleValue) -> StyleValue? {
        switch type {
        case .identity:
            return PropertyCoercion.coerce(input, to: kind)
        case .categorical:
            // Types must match exactly: the category "1" does not match the number 1.
            return inputs.firstIndex(of: input).map { outputs[$0] }
        case .interval:
            guard case .number(let value) = input else { return nil }
            return outputs[StopSearch.lastIndex(atOrBelow: value, in: numericInputs) ?? 0]
        case .exponential:
            guard case .number(let value) = input else { return nil }
            return interpolated(at: value)
        }
    }

    private func interpolated(at value: Double) -> StyleValue {
        guard let index = StopSearch.lastIndex(atOrBelow: value, in: numericInputs) else { return outputs[0] }
        if index == outputs.count - 1 { return outputs[index] }
        let t = InterpolationCurve.exponential(base: base)
            .factor(input: value, lower: numericInputs[index], upper: numericInputs[index + 1])
        return Self.blend(outputs[index], outputs[index + 1], t, colorSpace: colorSpace)
    }

    /// Interpolates when both ends can be; otherwise keeps the lower stop's value.
    static func blend(_ lower: StyleValue, _ upper: StyleValue, _ t: Double, colorSpace: InterpolationColorSpace)
        -> StyleValue
    {
        (try? ValueInterpolation.interpolate(lower, upper, t, colorSpace: colorSpace)) ?? lower
    }
}

/// A compiled legacy function: a zoom function, a property function, or a zoom-and-property function
/// (one property function per zoom level, interpolated between zoom levels).
struct LegacyFunctionNode: ExpressionNode {
    enum Shape: Sendable {
        case zoom(LegacyStops)
        case property(String, LegacyStops)
        case zoomAndProperty(String, zooms: [Double], perZoom: [LegacyStops], interpolates: Bool)
    }

    let shape: Shape
    let base: Double
    let colorSpace: InterpolationColorSpace
    let defaultValue: StyleValue?
    /// Whether string outputs may hold "{property}" tokens to expand.
    let expandsTokens: Bool
    let inputs: ExpressionInputs
    var type: ExpressionType { .value }
    var children: [any ExpressionNode] { [] }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        guard let value = output(context) ?? defaultValue else {
            throw EvaluationError("the feature does not fit the function and it has no default")
        }
        if expandsTokens, case .string(let text) = value, text.contains("{") {
            return .string(TokenString(text).expand(with: context.feature))
        }
        return value
    }

    private func output(_ context: EvaluationContext) -> StyleValue? {
        switch shape {
        case .zoom(let stops):
            return stops.output(for: .number(context.zoom))
        case .property(let key, let stops):
            return stops.output(for: context.feature?.property(key) ?? .null)
        case .zoomAndProperty(let key, let zooms, let perZoom, let interpolates):
            let input = context.feature?.property(key) ?? .null
            guard let index = StopSearch.lastIndex(atOrBelow: context.zoom, in: zooms) else {
                return perZoom[0].output(for: input)
            }
            guard let lower = perZoom[index].output(for: input) else { return nil }
            guard interpolates, index < zooms.count - 1 else { return lower }
            guard let upper = perZoom[index + 1].output(for: input) else { return nil }
            let t = InterpolationCurve.exponential(base: base)
                .factor(input: context.zoom, lower: zooms[index], upper: zooms[index + 1])
            return LegacyStops.blend(lower, upper, t, colorSpace: colorSpace)
        }
    }
}
