/// `case`: the output of the first condition that holds, else the fallback.
struct CaseNode: ExpressionNode {
    let type: ExpressionType
    let branches: [(condition: any ExpressionNode, output: any ExpressionNode)]
    let fallback: any ExpressionNode
    let inputs: ExpressionInputs

    var children: [any ExpressionNode] { branches.flatMap { [$0.condition, $0.output] } + [fallback] }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count >= 4 else { return context.error("Expected at least 3 arguments, but found only \(items.count - 1).") }
        guard items.count % 2 == 0 else { return context.error("Expected an odd number of arguments.") }
        var outputType = context.expectedType.flatMap { $0 == .value ? nil : $0 }
        var branches: [(condition: any ExpressionNode, output: any ExpressionNode)] = []
        for index in stride(from: 1, to: items.count - 1, by: 2) {
            guard let condition = context.parse(items[index], index, expecting: .boolean),
                  let output = context.parse(items[index + 1], index + 1, expecting: outputType)
            else { return nil }
            branches.append((condition, output))
            outputType = outputType ?? output.type
        }
        guard let fallback = context.parse(items[items.count - 1], items.count - 1, expecting: outputType) else { return nil }
        let all = branches.flatMap { [$0.condition, $0.output] } + [fallback]
        return CaseNode(type: outputType ?? fallback.type, branches: branches, fallback: fallback, inputs: all.combinedInputs)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        for branch in branches where try branch.condition.bool(context) {
            return try branch.output.evaluate(context)
        }
        return try fallback.evaluate(context)
    }
}

/// `match`: looks the input up among literal labels; an input of another type takes the fallback.
struct MatchNode: ExpressionNode {
    let type: ExpressionType
    let input: any ExpressionNode
    let numberLabels: [Double: Int]
    let stringLabels: [String: Int]
    let outputs: [any ExpressionNode]
    let fallback: any ExpressionNode
    let inputs: ExpressionInputs

    var children: [any ExpressionNode] { [input] + outputs + [fallback] }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count >= 5 else { return context.error("Expected at least 4 arguments, but found only \(items.count - 1).") }
        guard items.count % 2 == 1 else { return context.error("Expected an even number of arguments.") }
        var inputType: ExpressionType? = nil
        var outputType = context.expectedType.flatMap { $0 == .value ? nil : $0 }
        var numberLabels: [Double: Int] = [:]
        var stringLabels: [String: Int] = [:]
        var outputs: [any ExpressionNode] = []
        for index in stride(from: 2, to: items.count - 1, by: 2) {
            let labels: [StyleValue]
            if case .array(let list) = items[index] { labels = list } else { labels = [items[index]] }
            let labelContext = context.concat(index)
            if labels.isEmpty { return labelContext.error("Expected at least one branch label.") }
            for label in labels {
                switch label {
                case .number(let number):
                    if abs(number) > 9_007_199_254_740_991 {
                        return labelContext.error("Branch labels must be integers no larger than 9007199254740991.")
                    }
                    if number.rounded(.down) != number { return labelContext.error("Numeric branch labels must be integer values.") }
                case .string: break
                default: return labelContext.error("Branch labels must be numbers or strings.")
                }
                if let expected = inputType {
                    if labelContext.checkSubtype(expected, label.expressionType) { return nil }
                } else {
                    inputType = label.expressionType
                }
                let isNew: Bool
                switch label {
                case .number(let number): isNew = numberLabels.updateValue(outputs.count, forKey: number) == nil
                default: isNew = stringLabels.updateValue(outputs.count, forKey: label.displayString) == nil
                }
                if !isNew { return labelContext.error("Branch labels must be unique.") }
            }
            guard let output = context.parse(items[index + 1], index, expecting: outputType) else { return nil }
            outputType = outputType ?? output.type
            outputs.append(output)
        }
        guard let input = context.parse(items[1], 1, expecting: .value),
              let fallback = context.parse(items[items.count - 1], items.count - 1, expecting: outputType)
        else { return nil }
        if input.type != .value, let inputType, context.concat(1).checkSubtype(inputType, input.type) { return nil }
        return MatchNode(
            type: outputType ?? fallback.type, input: input, numberLabels: numberLabels, stringLabels: stringLabels,
            outputs: outputs, fallback: fallback, inputs: ([input, fallback] + outputs).combinedInputs)
    }

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

/// `coalesce`: the first argument that is not null (nor an image the style lacks).
struct CoalesceNode: ExpressionNode {
    let type: ExpressionType
    let arguments: [any ExpressionNode]
    var inputs: ExpressionInputs { arguments.combinedInputs }
    var children: [any ExpressionNode] { arguments }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count >= 2 else { return context.error("Expected at least one argument.") }
        let expected = context.expectedType
        var outputType = expected.flatMap { $0 == .value ? nil : $0 }
        var arguments: [any ExpressionNode] = []
        for index in items.indices.dropFirst() {
            // Without the usual check or conversion: a null argument must not fail before coalescing.
            guard let argument = context.parse(items[index], 1 + arguments.count, expecting: outputType, annotation: .omit) else { return nil }
            outputType = outputType ?? argument.type
            arguments.append(argument)
        }
        // An argument that would have needed a check or conversion leaves it to the coalesce as a whole.
        let needsAnnotation = expected.map { expected in
            arguments.contains { ExpressionType.subtypeError(expected: expected, actual: $0.type) != nil }
        } ?? false
        return CoalesceNode(type: needsAnnotation ? .value : (outputType ?? .value), arguments: arguments)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        var requestedImage: String? = nil
        var result = StyleValue.null
        for (index, argument) in arguments.enumerated() {
            result = try argument.evaluate(context)
            // An image the style lacks counts as missing, but the first one asked for is the answer when
            // nothing else is found (so the style can be told which image to add).
            if case .image(let image) = result, !image.available {
                requestedImage = requestedImage ?? image.name
                result = index == arguments.count - 1 ? requestedImage.map(StyleValue.string) ?? .null : .null
            }
            if result != .null { break }
        }
        return result
    }
}

/// `let`: names for values, visible to the body; each `var` evaluates its binding where it is used.
struct LetNode: ExpressionNode {
    let bindings: [(name: String, value: any ExpressionNode)]
    let body: any ExpressionNode
    var type: ExpressionType { body.type }
    let inputs: ExpressionInputs
    var children: [any ExpressionNode] { bindings.map(\.value) + [body] }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count >= 4 else { return context.error("Expected at least 3 arguments, but found \(items.count - 1) instead.") }
        var bindings: [(String, any ExpressionNode)] = []
        for index in stride(from: 1, to: items.count - 1, by: 2) {
            guard case .string(let name) = items[index] else {
                return context.error("Expected string, but found \(ParsingContext.javaScriptTypeName(items[index])) instead.", index)
            }
            guard !name.unicodeScalars.contains(where: { !(("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_") }) else {
                return context.error("Variable names must contain only alphanumeric characters or '_'.", index)
            }
            guard let value = context.parse(items[index + 1], index + 1) else { return nil }
            bindings.append((name, value))
        }
        guard let body = context.parse(items[items.count - 1], items.count - 1, expecting: context.expectedType, bindings: bindings) else { return nil }
        return LetNode(bindings: bindings.map { (name: $0.0, value: $0.1) }, body: body, inputs: (bindings.map(\.1) + [body]).combinedInputs)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        try body.evaluate(context)
    }
}

/// `var`: the value bound to a name by an enclosing `let`.
struct VarNode: ExpressionNode {
    let name: String
    let bound: any ExpressionNode
    var type: ExpressionType { bound.type }
    var inputs: ExpressionInputs { [] }
    var children: [any ExpressionNode] { [] }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 2, case .string(let name) = items[1] else {
            return context.error("'var' expression requires exactly one string literal argument.")
        }
        guard let bound = context.scope?.lookup(name) else {
            return context.error("Unknown variable \"\(name)\". Make sure \"\(name)\" has been bound in an enclosing \"let\" expression before using it.", 1)
        }
        return VarNode(name: name, bound: bound)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        try bound.evaluate(context)
    }
}
