/// The inputs beyond its own arguments an expression reads; decides whether a value can be computed
/// once per zoom, once per tile, or must be computed per feature or per pixel.
struct ExpressionInputs: OptionSet, Sendable {
    let rawValue: UInt8
    static let zoom = ExpressionInputs(rawValue: 1)
    static let feature = ExpressionInputs(rawValue: 2)
    static let heatmapDensity = ExpressionInputs(rawValue: 4)
    static let lineProgress = ExpressionInputs(rawValue: 8)
}

/// One compiled node of an expression tree. Evaluation errors are thrown and turned into `.null` at
/// the top, which is how the spec makes a property fall back to its default.
protocol ExpressionNode: Sendable {
    var inputs: ExpressionInputs { get }
    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue
}

extension Sequence where Element == any ExpressionNode {
    var combinedInputs: ExpressionInputs {
        reduce(into: []) { $0.formUnion($1.inputs) }
    }
}

struct LiteralNode: ExpressionNode {
    let value: StyleValue
    var inputs: ExpressionInputs { [] }
    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue { value }
}

/// An operator whose arguments are all evaluated before it runs (most of them).
struct CallNode: ExpressionNode {
    typealias Body = @Sendable ([StyleValue], EvaluationContext) throws(EvaluationError) -> StyleValue

    let arguments: [any ExpressionNode]
    let inputs: ExpressionInputs
    let body: Body

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        var values: [StyleValue] = []
        values.reserveCapacity(arguments.count)
        for argument in arguments {
            values.append(try argument.evaluate(context))
        }
        return try body(values, context)
    }
}
