/// A filter in the pre-expression syntax: ["==", key, value], ["in", key, v1, …], ["has", key],
/// ["all"/"any"/"none", filters…], where key may be "$type" (geometry type) or "$id" (feature id).
indirect enum LegacyFilter: Sendable {
    enum Key: Sendable {
        case geometryType, id, property(String)
    }

    enum Comparison: String, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    case all([LegacyFilter])
    case any([LegacyFilter])
    case none([LegacyFilter])
    case compare(Key, Comparison, StyleValue)
    case within(Key, [StyleValue], negated: Bool)
    case has(Key, negated: Bool)

    func matches(_ context: EvaluationContext) -> Bool {
        switch self {
        case .all(let filters): return filters.allSatisfy { $0.matches(context) }
        case .any(let filters): return filters.contains { $0.matches(context) }
        case .none(let filters): return !filters.contains { $0.matches(context) }
        case .compare(let key, let comparison, let expected):
            return Self.compare(Self.lookup(key, context), comparison, expected)
        case .within(let key, let values, let negated):
            guard let actual = Self.lookup(key, context) else { return negated }
            return values.contains(actual) != negated
        case .has(let key, let negated):
            return (Self.lookup(key, context) != nil) != negated
        }
    }

    private static func lookup(_ key: Key, _ context: EvaluationContext) -> StyleValue? {
        switch key {
        case .geometryType: return context.feature.map { .string($0.geometryTypeName) }
        case .id: return context.feature?.featureID
        case .property(let name): return context.feature?.property(name)
        }
    }

    /// Equality is strict (the string "1" is not the number 1); ordering needs two numbers or two
    /// strings and is false otherwise; a missing value is unequal to everything.
    private static func compare(_ actual: StyleValue?, _ comparison: Comparison, _ expected: StyleValue) -> Bool {
        switch comparison {
        case .equal: return actual == expected
        case .notEqual: return actual != expected
        default:
            guard let actual, let order = ValueOrdering.order(actual, expected) else { return false }
            switch comparison {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }
}

extension LegacyFilter {
    init(parsing json: StyleValue, at path: String) throws(StyleExpressionError) {
        // A literal true/false may sit among legacy filters inside "all"/"any".
        if case .bool(let constant) = json {
            self = constant ? .all([]) : .any([])
            return
        }
        guard case .array(let items) = json, case .string(let op)? = items.first else {
            throw .invalid(message: "a filter is an array starting with an operator", path: path)
        }
        func key(_ index: Int) throws(StyleExpressionError) -> Key {
            guard index < items.count, case .string(let name) = items[index] else {
                throw .invalid(message: "\(op) needs a property name", path: path + "[\(index)]")
            }
            switch name {
            case "$type": return .geometryType
            case "$id": return .id
            default: return .property(name)
            }
        }
        switch op {
        case "all", "any", "none":
            var filters: [LegacyFilter] = []
            for index in 1..<items.count {
                filters.append(try LegacyFilter(parsing: items[index], at: path + "[\(index)]"))
            }
            self = op == "all" ? .all(filters) : op == "any" ? .any(filters) : .none(filters)
        case "in", "!in":
            self = .within(try key(1), Array(items.dropFirst(2)), negated: op == "!in")
        case "has", "!has":
            guard items.count == 2 else {
                throw .invalid(message: "Expected 1 argument, but found \(items.count - 1) instead.", path: path)
            }
            self = .has(try key(1), negated: op == "!has")
        default:
            guard let comparison = Comparison(rawValue: op) else {
                throw .invalid(message: "Unknown expression \"\(op)\". If you wanted a literal array, use [\"literal\", [...]].", path: path + "[0]")
            }
            guard items.count == 3 else {
                throw .invalid(message: "Expected 2 arguments, but found \(items.count - 1) instead.", path: path)
            }
            self = .compare(try key(1), comparison, items[2])
        }
    }
}
