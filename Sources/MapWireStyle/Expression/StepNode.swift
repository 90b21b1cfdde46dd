/// `step`: the output of the last stop at or below the input (the first output below every stop).
final class StepNode: ExpressionNode {
    let type: ExpressionType
    let input: any ExpressionNode
    /// `labels[0]` is -∞: `outputs[i]` applies from `labels[i]`.
    let labels: [Double]
    let outputs: [any ExpressionNode]
    let key: String
    let inputs: ExpressionInputs

    init(type: ExpressionType, input: any ExpressionNode, labels: [Double], outputs: [any ExpressionNode], key: String) {
        self.type = type
        self.input = input
        self.labels = labels
        self.outputs = outputs
        self.key = key
        self.inputs = ([input] + outputs).combinedInputs
    }

    var children: [any ExpressionNode] { [input] + outputs }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count - 1 >= 4 else { return context.error("Expected at least 4 arguments, but found only \(items.count - 1).") }
        guard (items.count - 1) % 2 == 0 else { return context.error("Expected an even number of arguments.") }
        guard let input = context.parse(items[1], 1, expecting: .number) else { return nil }
        var outputType = context.expectedType.flatMap { $0 == .value ? nil : $0 }
        var labels: [Double] = []
        var outputs: [any ExpressionNode] = []
        for index in stride(from: 1, to: items.count, by: 2) {
            let label: Double
            if index == 1 {
                label = -.infinity
            } else {
                guard case .number(let number) = items[index] else {
                    return context.error("Input/output pairs for \"step\" expressions must be defined using literal numeric values (not computed expressions) for the input values.", index)
                }
                label = number
            }
            if let last = labels.last, last >= label {
                return context.error("Input/output pairs for \"step\" expressions must be arranged with input values in strictly ascending order.", index)
            }
            guard let output = context.parse(items[index + 1], index + 1, expecting: outputType) else { return nil }
            outputType = outputType ?? output.type
            labels.append(label)
            outputs.append(output)
        }
        return StepNode(type: outputType ?? .value, input: input, labels: labels, outputs: outputs, key: context.key)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        switch try StopSearch.position(of: input, among: labels, context, key: key) {
        case .at(let index), .between(let index, _): return try outputs[index].evaluate(context)
        }
    }
}

enum StopSearch {
    /// Where an input falls among a curve's stop inputs.
    enum Position {
        /// On or beyond a stop at an end (or the curve has one stop): that stop's output.
        case at(Int)
        /// Between stop `index` and the next, with the input's value.
        case between(Int, value: Double)
    }

    /// Where `input` (evaluated only when there is more than one stop) falls among `labels`.
    static func position(of input: any ExpressionNode, among labels: [Double], _ context: EvaluationContext, key: String)
        throws(EvaluationError) -> Position
    {
        if labels.count == 1 { return .at(0) }
        let value = try input.number(context)
        if value <= labels[0] { return .at(0) }
        if value >= labels[labels.count - 1] { return .at(labels.count - 1) }
        return .between(try lastIndex(atOrBelow: value, in: labels, key: key), value: value)
    }

    /// The index of the last stop at or below `value` (0 when there is none), by binary search; a NaN
    /// input is the specification's "Input is not a number." error.
    static func lastIndex(atOrBelow value: Double, in stops: [Double], key: String) throws(EvaluationError) -> Int {
        var lower = 0, upper = stops.count - 1
        while lower <= upper {
            let middle = (lower + upper) / 2
            if stops[middle] <= value {
                if middle == stops.count - 1 || value < stops[middle + 1] { return middle }
                lower = middle + 1
            } else if stops[middle] > value {
                upper = middle - 1
            } else {
                throw EvaluationError("Input is not a number.", path: key)
            }
        }
        return 0
    }

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
