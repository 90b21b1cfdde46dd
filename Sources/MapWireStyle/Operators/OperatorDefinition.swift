/// An operator whose arguments are evaluated up front: how many it takes, what it reads besides
/// them, and what it does.
struct OperatorDefinition: Sendable {
    let argumentCount: ClosedRange<Int>
    let reads: ExpressionInputs
    let body: CallNode.Body

    init(_ argumentCount: ClosedRange<Int>, reads: ExpressionInputs = [], _ body: @escaping CallNode.Body) {
        self.argumentCount = argumentCount
        self.reads = reads
        self.body = body
    }

    init(_ argumentCount: Int, reads: ExpressionInputs = [], _ body: @escaping CallNode.Body) {
        self.init(argumentCount...argumentCount, reads: reads, body)
    }

    static let variadic = Int.max
}

/// Every eagerly evaluated operator by name. Operators that control evaluation themselves (`case`,
/// `match`, `let`, `interpolate` …) are parsed by `ExpressionParser` instead.
enum OperatorTable {
    static let definitions: [String: OperatorDefinition] = {
        var all: [String: OperatorDefinition] = [:]
        let groups = [
            MathOperators.definitions, ComparisonOperators.definitions, StringOperators.definitions,
            TypeOperators.definitions, LookupOperators.definitions, FeatureOperators.definitions,
            ColorOperators.definitions,
        ]
        for group in groups {
            all.merge(group) { first, _ in first }
        }
        return all
    }()
}

/// Argument checks shared by operator bodies; each throws a readable evaluation error.
enum Argument {
    static func number(_ value: StyleValue, for name: String) throws(EvaluationError) -> Double {
        guard case .number(let number) = value else {
            throw EvaluationError("\(name) expected a number, got \(TypeNames.of(value))")
        }
        return number
    }

    static func string(_ value: StyleValue, for name: String) throws(EvaluationError) -> String {
        guard case .string(let text) = value else {
            throw EvaluationError("\(name) expected a string, got \(TypeNames.of(value))")
        }
        return text
    }

    static func bool(_ value: StyleValue, for name: String) throws(EvaluationError) -> Bool {
        guard case .bool(let flag) = value else {
            throw EvaluationError("\(name) expected a boolean, got \(TypeNames.of(value))")
        }
        return flag
    }

    static func object(_ value: StyleValue, for name: String) throws(EvaluationError) -> [String: StyleValue] {
        guard case .object(let members) = value else {
            throw EvaluationError("\(name) expected an object, got \(TypeNames.of(value))")
        }
        return members
    }

    static func numbers(_ values: [StyleValue], for name: String) throws(EvaluationError) -> [Double] {
        var numbers: [Double] = []
        numbers.reserveCapacity(values.count)
        for value in values {
            numbers.append(try number(value, for: name))
        }
        return numbers
    }
}
