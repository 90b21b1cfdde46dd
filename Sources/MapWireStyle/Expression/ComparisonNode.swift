/// `==`, `!=`, `<`, `<=`, `>`, `>=`, optionally with a collator for strings. Equality is JavaScript's
/// strict equality (values of different types are unequal); ordering needs two numbers or two strings.
struct ComparisonNode: ExpressionNode {
    enum Operator: String, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

        var isOrdering: Bool { self != .equal && self != .notEqual }

        /// The answer for an ordering `order` (negative, zero, positive) of the left side against the right.
        func holds(_ order: Int) -> Bool {
            switch self {
            case .equal: order == 0
            case .notEqual: order != 0
            case .less: order < 0
            case .lessOrEqual: order <= 0
            case .greater: order > 0
            case .greaterOrEqual: order >= 0
            }
        }
    }

    let op: Operator
    let lhs: any ExpressionNode
    let rhs: any ExpressionNode
    let collator: (any ExpressionNode)?
    let key: String
    /// Whether either side is a `value`, whose type is only known at run time.
    let hasUntypedArgument: Bool
    var type: ExpressionType { .boolean }
    var inputs: ExpressionInputs { children.combinedInputs }
    var children: [any ExpressionNode] { [lhs, rhs] + (collator.map { [$0] } ?? []) }

    private static func isComparable(_ op: Operator, _ type: ExpressionType) -> Bool {
        let kinds = op.isOrdering ? ["string", "number", "value"] : ["boolean", "string", "number", "null", "value"]
        return kinds.contains(type.kind)
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 3 || items.count == 4 else { return context.error("Expected two or three arguments.") }
        guard case .string(let name) = items[0], let op = Operator(rawValue: name) else { return nil }
        guard var lhs = context.parse(items[1], 1, expecting: .value) else { return nil }
        guard isComparable(op, lhs.type) else {
            return context.concat(1).error("\"\(name)\" comparisons are not supported for type '\(lhs.type)'.")
        }
        guard var rhs = context.parse(items[2], 2, expecting: .value) else { return nil }
        guard isComparable(op, rhs.type) else {
            return context.concat(2).error("\"\(name)\" comparisons are not supported for type '\(rhs.type)'.")
        }
        if lhs.type.kind != rhs.type.kind && lhs.type != .value && rhs.type != .value {
            return context.error("Cannot compare types '\(lhs.type)' and '\(rhs.type)'.")
        }
        if op.isOrdering {
            // A `value` compared with a typed side must be of that type.
            if lhs.type == .value && rhs.type != .value {
                lhs = AssertionNode(type: rhs.type, arguments: [lhs], key: context.key)
            } else if lhs.type != .value && rhs.type == .value {
                rhs = AssertionNode(type: lhs.type, arguments: [rhs], key: context.key)
            }
        }
        var collator: (any ExpressionNode)? = nil
        if items.count == 4 {
            if ![lhs.type, rhs.type].contains(where: { $0 == .string || $0 == .value }) {
                return context.error("Cannot use collator to compare non-string types.")
            }
            guard let parsed = context.parse(items[3], 3, expecting: .collator) else { return nil }
            collator = parsed
        }
        return ComparisonNode(
            op: op, lhs: lhs, rhs: rhs, collator: collator, key: context.key,
            hasUntypedArgument: lhs.type == .value || rhs.type == .value)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let left = try lhs.evaluate(context)
        let right = try rhs.evaluate(context)
        if op.isOrdering && hasUntypedArgument {
            let l = left.expressionType.kind, r = right.expressionType.kind
            guard l == r, l == "string" || l == "number" else {
                throw EvaluationError(
                    "Expected arguments for \"\(op.rawValue)\" to be (string, string) or (number, number), but found (\(l), \(r)) instead.",
                    path: key)
            }
        }
        if let collator {
            if case .string(let a) = left, case .string(let b) = right, case .collator(let rules) = try collator.evaluate(context) {
                return .bool(op.holds(rules.compare(a, b)))
            }
            // Only equality with an untyped side gets here with something else: compared plainly.
        }
        return .bool(Self.compare(op, left, right))
    }

    /// JavaScript's ===, !==, <, <=, >, >= on two values of one comparable type.
    private static func compare(_ op: Operator, _ a: StyleValue, _ b: StyleValue) -> Bool {
        switch op {
        case .equal: return JavaScriptSearch.strictlyEqual(a, b)
        case .notEqual: return !JavaScriptSearch.strictlyEqual(a, b)
        default: break
        }
        guard let order = ValueOrdering.order(a, b) else { return false }
        return op.holds(order)
    }
}
