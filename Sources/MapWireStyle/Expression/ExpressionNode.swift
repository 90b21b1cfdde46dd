/// What a node itself reads besides its arguments; decides whether a value can be computed once per
/// zoom, once per tile, or must be computed per feature or per pixel, and what may be folded at parse time.
struct ExpressionInputs: OptionSet, Sendable {
    let rawValue: UInt16
    static let zoom = ExpressionInputs(rawValue: 1)
    static let feature = ExpressionInputs(rawValue: 2)
    static let heatmapDensity = ExpressionInputs(rawValue: 4)
    static let lineProgress = ExpressionInputs(rawValue: 8)
    static let elevation = ExpressionInputs(rawValue: 16)
    static let featureState = ExpressionInputs(rawValue: 32)
    static let accumulated = ExpressionInputs(rawValue: 64)
    static let supportedScript = ExpressionInputs(rawValue: 128)

    /// The camera and per-pixel inputs the specification never folds into a constant.
    static let globals: ExpressionInputs = [.zoom, .heatmapDensity, .elevation, .lineProgress, .accumulated, .supportedScript]
}

/// One compiled node of an expression tree, typed as the specification's type checker types it.
/// Evaluation errors are thrown with the path of the node that failed; the property then falls back to
/// its default.
protocol ExpressionNode: Sendable {
    var type: ExpressionType { get }
    /// What this node and everything below it reads (a `var` reads nothing itself: its `let` does).
    var inputs: ExpressionInputs { get }
    /// The nodes directly below this one (the specification's `eachChild`), for the analyses of parsing.
    var children: [any ExpressionNode] { get }
    /// False for nodes whose value depends on the environment even when their arguments are constant
    /// (`collator`, `within`, `distance`, `global-state`, `error`): parsing never folds them.
    var isFoldable: Bool { get }
    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue
}

extension ExpressionNode {
    var isFoldable: Bool { true }
}

extension Sequence where Element == any ExpressionNode {
    var combinedInputs: ExpressionInputs {
        reduce(into: []) { $0.formUnion($1.inputs) }
    }
}

/// A value known when the expression is compiled.
struct LiteralNode: ExpressionNode {
    let type: ExpressionType
    let value: StyleValue
    var inputs: ExpressionInputs { [] }
    var children: [any ExpressionNode] { [] }
    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue { value }
}

/// Reading evaluated arguments whose static type the parser has checked: a mismatch here means an
/// argument broke its promise, which is reported rather than trapped.
extension ExpressionNode {
    func number(_ context: EvaluationContext) throws(EvaluationError) -> Double {
        let value = try evaluate(context)
        guard case .number(let number) = value else { throw EvaluationError.unexpected(value, "number") }
        return number
    }

    func string(_ context: EvaluationContext) throws(EvaluationError) -> String {
        let value = try evaluate(context)
        guard case .string(let text) = value else { throw EvaluationError.unexpected(value, "string") }
        return text
    }

    func bool(_ context: EvaluationContext) throws(EvaluationError) -> Bool {
        let value = try evaluate(context)
        guard case .bool(let flag) = value else { throw EvaluationError.unexpected(value, "boolean") }
        return flag
    }
}
