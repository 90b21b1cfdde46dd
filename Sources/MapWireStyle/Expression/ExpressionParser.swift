/// Compiles expression JSON into a tree of `ExpressionNode`s. Parsing is where all the JSON work
/// happens, so evaluation only walks nodes.
struct ExpressionParser {
    /// `let` bindings in scope; a `var` compiles to the bound node itself, which is then evaluated
    /// where it is referenced (the spec's semantics, with no runtime scope to look names up in).
    var bindings: [String: any ExpressionNode] = [:]

    /// `expectsColor` is set where the result becomes a colour (a colour property, the outputs of a
    /// colour `interpolate` …), so string literals there are read as CSS colours, as the spec does.
    func parse(_ json: StyleValue, at path: String, expectsColor: Bool = false) throws(StyleExpressionError)
        -> any ExpressionNode
    {
        let node = try parseUnfolded(json, at: path, expectsColor: expectsColor)
        return Self.foldingConstant(node)
    }

    private func parseUnfolded(_ json: StyleValue, at path: String, expectsColor: Bool) throws(StyleExpressionError)
        -> any ExpressionNode
    {
        switch json {
        case .array(let items):
            return try parseCall(items, at: path, expectsColor: expectsColor)
        case .object:
            throw .invalid(message: "bare objects are not expressions; wrap them in [\"literal\", …]", path: path)
        case .string(let text) where expectsColor:
            return LiteralNode(value: try Self.color(text, at: path))
        default:
            return LiteralNode(value: json)
        }
    }

    private func parseCall(_ items: [StyleValue], at path: String, expectsColor: Bool) throws(StyleExpressionError)
        -> any ExpressionNode
    {
        guard let first = items.first else {
            throw .invalid(message: "an expression needs at least an operator name", path: path)
        }
        guard case .string(let name) = first else {
            throw .invalid(
                message: "an expression must start with an operator name; use [\"literal\", …] for arrays",
                path: path + "[0]")
        }
        let call = Call(name: name, items: items, path: path)
        if let special = try parseSpecialForm(call, expectsColor: expectsColor) {
            return special
        }
        guard let definition = OperatorTable.definitions[name] else {
            throw .unknownOperator(name: name, path: path + "[0]")
        }
        try call.requireArguments(definition.argumentCount)
        let arguments = try call.parseArguments(with: self)
        var reads = definition.reads
        if (name == "get" || name == "has") && arguments.count == 2 { reads = [] }
        return CallNode(arguments: arguments, inputs: reads.union(arguments.combinedInputs), body: definition.body)
    }

    /// Operators that decide themselves what to evaluate, or that take literal (non-expression) arguments.
    private func parseSpecialForm(_ call: Call, expectsColor: Bool) throws(StyleExpressionError)
        -> (any ExpressionNode)?
    {
        switch call.name {
        case "literal": return try parseLiteral(call, expectsColor: expectsColor)
        case "let": return try parseLet(call, expectsColor: expectsColor)
        case "var": return try parseVar(call)
        case "case": return try parseCase(call, expectsColor: expectsColor)
        case "match": return try parseMatch(call, expectsColor: expectsColor)
        case "coalesce": return try parseCoalesce(call, expectsColor: expectsColor)
        case "all", "any": return try parseShortCircuit(call)
        case "step": return try parseStep(call, expectsColor: expectsColor)
        case "interpolate": return try parseInterpolate(call, colorSpace: .rgb, expectsColor: expectsColor)
        case "interpolate-hcl": return try parseInterpolate(call, colorSpace: .hcl, expectsColor: true)
        case "interpolate-lab": return try parseInterpolate(call, colorSpace: .lab, expectsColor: true)
        case "array": return try parseArrayAssertion(call)
        case "format": return try parseFormat(call)
        case "number-format": return try parseNumberFormat(call)
        case "collator": return try parseCollator(call)
        default: return nil
        }
    }

    static func color(_ text: String, at path: String) throws(StyleExpressionError) -> StyleValue {
        guard let color = StyleColor(css: text) else { throw .invalidColor(text, path: path) }
        return .color(color)
    }

    /// A node that reads nothing gives the same answer every time: compute it once now. Failures are
    /// left in place so they surface at evaluation as a fallback to the default.
    private static func foldingConstant(_ node: any ExpressionNode) -> any ExpressionNode {
        guard node.inputs.isEmpty, !(node is LiteralNode),
              let value = try? node.evaluate(EvaluationContext(zoom: 0))
        else { return node }
        return LiteralNode(value: value)
    }
}

/// One `[name, arg1, arg2, …]` array being parsed, with helpers that report errors at its path.
struct Call {
    let name: String
    let items: [StyleValue]
    let path: String

    var arguments: ArraySlice<StyleValue> { items.dropFirst() }
    var argumentCount: Int { items.count - 1 }

    func pathOf(_ index: Int) -> String { path + "[\(index)]" }

    func requireArguments(_ range: ClosedRange<Int>) throws(StyleExpressionError) {
        guard range.contains(argumentCount) else {
            let expected: String
            if range.lowerBound == range.upperBound {
                expected = "\(range.lowerBound)"
            } else if range.upperBound == OperatorDefinition.variadic {
                expected = "at least \(range.lowerBound)"
            } else {
                expected = "\(range.lowerBound) to \(range.upperBound)"
            }
            throw .wrongArgumentCount(operator: name, expected: expected, got: argumentCount, path: path)
        }
    }

    func fail(_ message: String, at index: Int? = nil) -> StyleExpressionError {
        .invalid(message: "\(name): \(message)", path: index.map(pathOf) ?? path)
    }

    /// Parses item `index` (1 is the first argument).
    func parse(_ index: Int, with parser: ExpressionParser, expectsColor: Bool = false) throws(StyleExpressionError)
        -> any ExpressionNode
    {
        try parser.parse(items[index], at: pathOf(index), expectsColor: expectsColor)
    }

    func parseArguments(with parser: ExpressionParser) throws(StyleExpressionError) -> [any ExpressionNode] {
        var nodes: [any ExpressionNode] = []
        for index in 1..<items.count {
            nodes.append(try parse(index, with: parser))
        }
        return nodes
    }

    /// A literal number argument (stop inputs, curve parameters …).
    func literalNumber(_ index: Int) throws(StyleExpressionError) -> Double {
        guard case .number(let number) = items[index] else { throw fail("expected a literal number", at: index) }
        return number
    }
}
