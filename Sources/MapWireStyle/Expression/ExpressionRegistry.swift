/// Every operator of the expression language by name, with how it is parsed.
enum ExpressionRegistry {
    typealias Parse = @Sendable ([StyleValue], ParsingContext) -> (any ExpressionNode)?

    /// Operators that parse their arguments themselves (the specification's special forms).
    private static let specialForms: [String: Parse] = [
        "==": ComparisonNode.parse, "!=": ComparisonNode.parse, ">": ComparisonNode.parse, "<": ComparisonNode.parse,
        ">=": ComparisonNode.parse, "<=": ComparisonNode.parse,
        "array": AssertionNode.parse, "boolean": AssertionNode.parse, "number": AssertionNode.parse,
        "object": AssertionNode.parse, "string": AssertionNode.parse,
        "to-boolean": CoercionNode.parse, "to-color": CoercionNode.parse, "to-number": CoercionNode.parse,
        "to-string": CoercionNode.parse,
        "at": AtNode.parse, "in": SearchNode.parse, "index-of": SearchNode.parse, "slice": SliceNode.parse,
        "length": LengthNode.parse,
        "case": CaseNode.parse, "match": MatchNode.parse, "coalesce": CoalesceNode.parse,
        "let": LetNode.parse, "var": VarNode.parse, "literal": LiteralParser.parse, "semiliteral": SemiliteralNode.parse,
        "step": StepNode.parse, "interpolate": InterpolateNode.parse, "interpolate-hcl": InterpolateNode.parse,
        "interpolate-lab": InterpolateNode.parse,
        "collator": CollatorNode.parse, "number-format": NumberFormatNode.parse, "format": FormatNode.parse,
        "image": ImageNode.parse, "within": WithinNode.parse, "distance": DistanceNode.parse,
        "global-state": GlobalStateNode.parse,
    ]

    /// Operators with typed signatures.
    static let operators: [String: OperatorDefinition] = {
        var all: [String: OperatorDefinition] = [:]
        for group in [MathOperators.definitions, StringOperators.definitions, FeatureOperators.definitions, ValueOperators.definitions] {
            all.merge(group) { first, _ in first }
        }
        return all
    }()

    static func parser(for name: String) -> Parse? {
        if let special = specialForms[name] { return special }
        guard let definition = operators[name] else { return nil }
        return { items, context in definition.parse(name, items, context) }
    }

    /// Whether `name` is an operator of the language (an array starting with one is an expression).
    static func isOperator(_ name: String) -> Bool {
        specialForms[name] != nil || operators[name] != nil
    }
}
