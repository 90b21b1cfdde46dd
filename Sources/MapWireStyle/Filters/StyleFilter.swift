/// A layer filter, legacy or expression; an absent (nil or null) filter lets everything through.
public struct StyleFilter: Sendable {
    private enum Test: Sendable {
        case always
        case legacy(LegacyFilter)
        case expression(any ExpressionNode)
    }

    private let test: Test

    /// A filter that matches every feature.
    public init() {
        test = .always
    }

    /// `globalState`: the style's global state, what `global-state` reads.
    public init(json: Any, globalState: [String: StyleValue]? = nil) throws(StyleExpressionError) {
        guard let value = StyleValue(json: json) else { throw .notJSON }
        try self.init(value: value, globalState: globalState)
    }

    public init(value: StyleValue, globalState: [String: StyleValue]? = nil) throws(StyleExpressionError) {
        if value == .null {
            test = .always
        } else if FilterForm.isExpression(value) {
            test = .expression(try StyleExpression.compile(value, expecting: .boolean, annotation: nil, globalState: globalState))
        } else {
            test = .legacy(try LegacyFilter(parsing: value, at: ""))
        }
    }

    /// An expression filter matches only when it evaluates to `true`; errors and non-booleans reject.
    public func matches(_ context: EvaluationContext) -> Bool {
        switch test {
        case .always: return true
        case .legacy(let filter): return filter.matches(context)
        case .expression(let node): return (try? node.evaluate(context)) == .bool(true)
        }
    }

    /// Whether it reads `feature-state`, which filters may not.
    public var readsFeatureState: Bool {
        if case .expression(let node) = test { return node.inputs.contains(.featureState) }
        return false
    }

    public var isLegacy: Bool {
        if case .legacy = test { return true }
        return false
    }
}

/// Tells the two filter syntaxes apart the way GL engines do: legacy when the operator exists in
/// the legacy syntax and its operands have legacy shapes (a literal key first, no nested arrays).
enum FilterForm {
    static func isExpression(_ filter: StyleValue) -> Bool {
        if case .bool = filter { return true }
        guard case .array(let items) = filter, !items.isEmpty else { return false }
        guard case .string(let op) = items[0] else { return true }
        switch op {
        case "has":
            guard items.count >= 2 else { return false }
            return items[1] != .string("$id") && items[1] != .string("$type")
        case "in":
            // Legacy: ["in", "key", v1, v2, …]; expression: ["in", needle, haystack-expression].
            guard items.count >= 3 else { return false }
            if case .string = items[1], items[2].array == nil { return false }
            return true
        case "!in", "!has", "none":
            return false
        case "==", "!=", ">", ">=", "<", "<=":
            guard items.count == 3 else { return true }
            return items[1].array != nil || items[2].array != nil
        case "any", "all":
            return items.dropFirst().allSatisfy { item in
                if case .bool = item { return true }
                return isExpression(item)
            }
        default:
            return true
        }
    }
}
