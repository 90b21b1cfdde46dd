/// A paint or layout property's value: a constant, a legacy function, or an expression, compiled once.
public struct PropertyValue: Sendable {
    private enum Source: Sendable {
        case constant(StyleValue)
        case computed(any ExpressionNode)
    }

    public let kind: StylePropertyKind
    private let source: Source

    /// `globalState`: the style's global state, what `global-state` reads (a renderer compiles the style again
    /// when it changes).
    public init(json: Any, kind: StylePropertyKind, globalState: [String: StyleValue]? = nil) throws(StyleExpressionError) {
        guard let value = StyleValue(json: json) else { throw .notJSON }
        try self.init(value: value, kind: kind, globalState: globalState)
    }

    public init(value: StyleValue, kind: StylePropertyKind, globalState: [String: StyleValue]? = nil) throws(StyleExpressionError) {
        self.kind = kind
        switch value {
        case .object(let members):
            source = .computed(try LegacyFunctionParser(kind: kind).parse(members))
        case _ where Self.isExpression(value):
            source = .computed(try StyleExpression.compile(value, expecting: kind.expressionType, annotation: kind == .string ? .coerce : nil,
                                                           globalState: globalState))
        case .string(let text) where kind.acceptsTokens && text.contains("{"):
            let tokens = TokenString(text)
            source = tokens.hasTokens ? .computed(TokenStringNode(tokens: tokens)) : .constant(try Self.constant(value, kind))
        default:
            source = .constant(try Self.constant(value, kind))
        }
    }

    /// An array is an expression when it starts with an operator name; otherwise (["Open Sans"],
    /// [2, 4]) it is a constant.
    static func isExpression(_ value: StyleValue) -> Bool {
        guard case .array(let items) = value, case .string(let name)? = items.first else { return false }
        return ExpressionRegistry.isOperator(name)
    }

    private static func constant(_ value: StyleValue, _ kind: StylePropertyKind) throws(StyleExpressionError) -> StyleValue {
        guard let coerced = PropertyCoercion.coerce(value, to: kind) else {
            if kind == .color, case .string(let text) = value { throw .invalidColor(text, path: "") }
            throw .invalid(message: "\(value.jsonText) does not fit a \(kind) property", path: "")
        }
        return coerced
    }

    /// The value in the property's kind, or `.null` when evaluation failed or gave a value that does
    /// not fit (the caller then uses the property's default).
    public func evaluate(_ context: EvaluationContext) -> StyleValue {
        switch source {
        case .constant(let value):
            return value
        case .computed(let node):
            guard let value = try? node.evaluate(context) else { return .null }
            return PropertyCoercion.coerce(value, to: kind) ?? .null
        }
    }

    public func number(_ context: EvaluationContext, default fallback: Double) -> Double {
        // NaN (sqrt of a negative …) would poison geometry; treat it as no value.
        guard let number = evaluate(context).number, !number.isNaN else { return fallback }
        return number
    }

    public func color(_ context: EvaluationContext, default fallback: StyleColor) -> StyleColor {
        evaluate(context).color ?? fallback
    }

    /// Strings, enumeration values, image names, and the plain text of formatted values.
    public func string(_ context: EvaluationContext, default fallback: String) -> String {
        switch evaluate(context) {
        case .string(let text): return text
        case .formatted(let sections): return sections.map(\.text).joined()
        default: return fallback
        }
    }

    public func bool(_ context: EvaluationContext, default fallback: Bool) -> Bool {
        evaluate(context).bool ?? fallback
    }

    public func numbers(_ context: EvaluationContext, default fallback: [Double]) -> [Double] {
        switch evaluate(context) {
        case .numberArray(let numbers): return numbers
        case .array(let items):
            let numbers = items.compactMap(\.number)
            return numbers.count == items.count ? numbers : fallback
        default: return fallback
        }
    }

    /// A colour list (`colorArray`) or a single colour as a list of one.
    public func colors(_ context: EvaluationContext, default fallback: [StyleColor]) -> [StyleColor] {
        switch evaluate(context) {
        case .colorArray(let colors): return colors
        case .color(let color): return [color]
        default: return fallback
        }
    }

    /// The stops of a top-level `interpolate` expression (GL engines build colour ramps from the
    /// colours at these inputs); nil for anything else.
    public var interpolationStops: [Double]? {
        guard case .computed(let node) = source, let interpolate = node as? InterpolateNode else { return nil }
        return interpolate.labels
    }

    public func strings(_ context: EvaluationContext, default fallback: [String]) -> [String] {
        guard case .array(let items) = evaluate(context) else { return fallback }
        let strings = items.compactMap(\.string)
        return strings.count == items.count ? strings : fallback
    }

    /// Sections of a formatted value (a plain string is one section); empty when there is none.
    public func formatted(_ context: EvaluationContext) -> [FormattedSection] {
        switch evaluate(context) {
        case .formatted(let sections): return sections
        case .string(let text): return [FormattedSection(text: text)]
        default: return []
        }
    }

    public var isZoomConstant: Bool { !inputs.contains(.zoom) }
    /// False also for values reading per-pixel inputs (`heatmap-density`, `line-progress`).
    public var isFeatureConstant: Bool { inputs.isDisjoint(with: [.feature, .heatmapDensity, .lineProgress]) }

    private var inputs: ExpressionInputs {
        if case .computed(let node) = source { return node.inputs }
        return []
    }

    /// "{name}" → the feature's property as text; missing properties expand to "".
    public static func expandTokens(_ s: String, feature: StyleFeature?) -> String {
        TokenString(s).expand(with: feature)
    }
}
