/// A compiled expression: parse once, evaluate many times.
public final class StyleExpression: Sendable {
    let root: any ExpressionNode

    /// `json` is what JSONSerialization produced (or Swift literals of the same shapes).
    public convenience init(json: Any, expecting type: ExpressionType? = nil) throws(StyleExpressionError) {
        guard let value = StyleValue(json: json) else { throw .notJSON }
        try self.init(value: value, expecting: type)
    }

    /// Compiles `value` expecting a result of `type` (anything when nil), as the specification's parser
    /// does: a `value` result is checked or converted to it, any other mismatch does not compile.
    /// `coercingStrings` converts rather than checks a `value` where a string is expected (string properties).
    public init(value: StyleValue, expecting type: ExpressionType? = nil, coercingStrings: Bool = false) throws(StyleExpressionError) {
        root = try Self.compile(value, expecting: type, annotation: coercingStrings ? .coerce : nil)
    }

    /// `expectsColor` compiles for a colour property: string results are read as CSS colours.
    public convenience init(value: StyleValue, expectsColor: Bool) throws(StyleExpressionError) {
        try self.init(value: value, expecting: expectsColor ? .color : nil)
    }

    init(root: any ExpressionNode) {
        self.root = root
    }

    /// `globalState`: the style's global state, what `global-state` reads when the evaluation brings none.
    static func compile(_ value: StyleValue, expecting type: ExpressionType?, annotation: TypeAnnotation?,
                        globalState: [String: StyleValue]? = nil) throws(StyleExpressionError) -> any ExpressionNode
    {
        let context = ParsingContext(expectedType: type, globalState: globalState)
        guard let root = context.parse(value, annotation: annotation) else { throw ExpressionParsingErrors(context.errors) }
        return root
    }

    /// The result's static type.
    public var type: ExpressionType { root.type }

    /// The result, or `.null` when evaluation fails (the caller then uses the property's default).
    public func evaluate(_ context: EvaluationContext) -> StyleValue {
        (try? root.evaluate(context)) ?? .null
    }

    /// The result or the reason evaluation failed, for diagnostics.
    public func evaluateWithError(_ context: EvaluationContext) -> Result<StyleValue, StyleEvaluationFailure> {
        do {
            return .success(try root.evaluate(context))
        } catch {
            return .failure(StyleEvaluationFailure(message: error.message, path: error.path))
        }
    }

    public var isZoomConstant: Bool { !root.inputs.contains(.zoom) }
    /// False also for expressions reading per-pixel inputs (`heatmap-density`, `line-progress`), so
    /// a value flagged constant can always be computed once per layer.
    public var isFeatureConstant: Bool { root.inputs.isDisjoint(with: [.feature, .heatmapDensity, .lineProgress]) }
}

/// Why an evaluation produced no value: the specification's message, and `path`, the indices of the
/// sub-expression that failed ("[2][1]"; empty for the whole expression).
public struct StyleEvaluationFailure: Error, Equatable, CustomStringConvertible {
    public let message: String
    public let path: String

    public init(message: String, path: String = "") {
        self.message = message
        self.path = path
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
