/// `case`: the output of the first condition that holds, else the fallback.
struct CaseNode: ExpressionNode {
    let branches: [(condition: any ExpressionNode, output: any ExpressionNode)]
    let fallback: any ExpressionNode
    let inputs: ExpressionInputs

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        for branch in branches {
            guard case .bool(let holds) = try branch.condition.evaluate(context) else {
                throw EvaluationError("case condition is not a boolean")
            }
            if holds { return try branch.output.evaluate(context) }
        }
        return try fallback.evaluate(context)
    }
}

/// `match`: looks the input up among literal labels; an input of another type takes the fallback.
struct MatchNode: ExpressionNode {
    let input: any ExpressionNode
    let numberLabels: [Double: Int]
    let stringLabels: [String: Int]
    let outputs: [any ExpressionNode]
    let fallback: any ExpressionNode
    let inputs: ExpressionInputs

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let index: Int?
        switch try input.evaluate(context) {
        case .number(let value): index = numberLabels[value]
        case .string(let value): index = stringLabels[value]
        default: index = nil
        }
        guard let index else { return try fallback.evaluate(context) }
        return try outputs[index].evaluate(context)
    }
}

/// `coalesce`: the first argument that is not null.
struct CoalesceNode: ExpressionNode {
    let arguments: [any ExpressionNode]
    let inputs: ExpressionInputs

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        for argument in arguments {
            let value = try argument.evaluate(context)
            if value != .null { return value }
        }
        return .null
    }
}

/// `all` and `any`, which stop at the first argument that decides the answer.
struct ShortCircuitNode: ExpressionNode {
    /// true for `any` (stops at the first true), false for `all` (stops at the first false).
    let decidingValue: Bool
    let arguments: [any ExpressionNode]
    let inputs: ExpressionInputs

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        for argument in arguments {
            guard case .bool(let value) = try argument.evaluate(context) else {
                throw EvaluationError("\(decidingValue ? "any" : "all") argument is not a boolean")
            }
            if value == decidingValue { return .bool(decidingValue) }
        }
        return .bool(!decidingValue)
    }
}
