/// A compiled expression: parse once, evaluate many times.
public final class StyleExpression: Sendable {
    let root: any ExpressionNode

    /// `json` is what JSONSerialization produced (or Swift literals of the same shapes).
    public convenience init(json: Any) throws(StyleExpressionError) {
        guard let value = StyleValue(json: json) else { throw .notJSON }
        try self.init(value: value)
    }

    /// `expectsColor` reads string literals in output positions as CSS colours, as a colour
    /// property's expression does.
    public init(value: StyleValue, expectsColor: Bool = false) throws(StyleExpressionError) {
        root = try ExpressionParser().parse(value, at: "", expectsColor: expectsColor)
    }

    init(root: any ExpressionNode) {
        self.root = root
    }

    /// The result, or `.null` when evaluation fails (the caller then uses the property's default).
    public func evaluate(_ context: EvaluationContext) -> StyleValue {
        (try? root.evaluate(context)) ?? .null
    }

    /// The result or the reason evaluation failed, for diagnostics.
    public func evaluateWithError(_ context: EvaluationContext) -> Result<StyleValue, StyleEvaluationFailure> {
        do {
            return .success(try root.evaluate(context))
        } catch {
            return .failure(StyleEvaluationFailure(message: error.message))
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
