/// `step`: the output of the last stop at or below the input (the first output below every stop).
struct StepNode: ExpressionNode {
    let input: any ExpressionNode
    /// Ascending stop inputs; `outputs[0]` applies below `stops[0]`, `outputs[i + 1]` from `stops[i]`.
    let stops: [Double]
    let outputs: [any ExpressionNode]
    let inputs: ExpressionInputs

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        guard case .number(let value) = try input.evaluate(context) else {
            throw EvaluationError("step input is not a number")
        }
        let index = StopSearch.lastIndex(atOrBelow: value, in: stops)
        return try outputs[index.map { $0 + 1 } ?? 0].evaluate(context)
    }
}

enum StopSearch {
    /// Binary search over ascending stops; nil when the value is below them all (or NaN).
    static func lastIndex(atOrBelow value: Double, in stops: [Double]) -> Int? {
        var low = 0, high = stops.count
        while low < high {
            let middle = (low + high) / 2
            if stops[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
