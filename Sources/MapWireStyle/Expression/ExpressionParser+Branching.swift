/// `case`, `match`, `coalesce`, `all`, `any`.
extension ExpressionParser {
    /// `["case", condition, output, …, fallback]`
    func parseCase(_ call: Call, expectsColor: Bool) throws(StyleExpressionError) -> any ExpressionNode {
        guard call.argumentCount >= 3, call.argumentCount % 2 == 1 else {
            throw call.fail("expects condition/output pairs followed by a fallback")
        }
        var branches: [(condition: any ExpressionNode, output: any ExpressionNode)] = []
        var all: [any ExpressionNode] = []
        for index in stride(from: 1, to: call.items.count - 1, by: 2) {
            let condition = try call.parse(index, with: self)
            let output = try call.parse(index + 1, with: self, expectsColor: expectsColor)
            branches.append((condition, output))
            all += [condition, output]
        }
        let fallback = try call.parse(call.items.count - 1, with: self, expectsColor: expectsColor)
        return CaseNode(branches: branches, fallback: fallback, inputs: (all + [fallback]).combinedInputs)
    }

    /// `["match", input, label(s), output, …, fallback]`; labels are literal strings or integers, or
    /// arrays of them, all of one type and each used once.
    func parseMatch(_ call: Call, expectsColor: Bool) throws(StyleExpressionError) -> any ExpressionNode {
        guard call.argumentCount >= 4, call.argumentCount % 2 == 0 else {
            throw call.fail("expects an input, label/output pairs and a fallback")
        }
        let input = try call.parse(1, with: self)
        var numberLabels: [Double: Int] = [:]
        var stringLabels: [String: Int] = [:]
        var outputs: [any ExpressionNode] = []
        for index in stride(from: 2, to: call.items.count - 1, by: 2) {
            let labels: [StyleValue]
            if case .array(let list) = call.items[index] {
                guard !list.isEmpty else { throw call.fail("a label array cannot be empty", at: index) }
                labels = list
            } else {
                labels = [call.items[index]]
            }
            for label in labels {
                switch label {
                case .number(let number):
                    guard stringLabels.isEmpty else { throw call.fail("labels must all be of one type", at: index) }
                    guard number == number.rounded(), abs(number) < 9_007_199_254_740_992 else {
                        throw call.fail("numeric labels must be integers", at: index)
                    }
                    guard numberLabels.updateValue(outputs.count, forKey: number) == nil else {
                        throw call.fail("labels must be unique", at: index)
                    }
                case .string(let text):
                    guard numberLabels.isEmpty else { throw call.fail("labels must all be of one type", at: index) }
                    guard stringLabels.updateValue(outputs.count, forKey: text) == nil else {
                        throw call.fail("labels must be unique", at: index)
                    }
                default:
                    throw call.fail("labels must be strings or numbers", at: index)
                }
            }
            outputs.append(try call.parse(index + 1, with: self, expectsColor: expectsColor))
        }
        let fallback = try call.parse(call.items.count - 1, with: self, expectsColor: expectsColor)
        return MatchNode(
            input: input, numberLabels: numberLabels, stringLabels: stringLabels, outputs: outputs,
            fallback: fallback, inputs: ([input, fallback] + outputs).combinedInputs)
    }

    func parseCoalesce(_ call: Call, expectsColor: Bool) throws(StyleExpressionError) -> any ExpressionNode {
        try call.requireArguments(1...OperatorDefinition.variadic)
        var arguments: [any ExpressionNode] = []
        for index in 1..<call.items.count {
            arguments.append(try call.parse(index, with: self, expectsColor: expectsColor))
        }
        return CoalesceNode(arguments: arguments, inputs: arguments.combinedInputs)
    }

    func parseShortCircuit(_ call: Call) throws(StyleExpressionError) -> any ExpressionNode {
        let arguments = try call.parseArguments(with: self)
        return ShortCircuitNode(decidingValue: call.name == "any", arguments: arguments, inputs: arguments.combinedInputs)
    }
}
