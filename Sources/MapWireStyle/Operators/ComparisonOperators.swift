/// `==`, `!=`, `<`, `<=`, `>`, `>=` (an optional collator third argument is accepted and ignored) and `!`.
enum ComparisonOperators {
    static let definitions: [String: OperatorDefinition] = [
        "==": OperatorDefinition(2...3) { args, _ in .bool(equal(args[0], args[1])) },
        "!=": OperatorDefinition(2...3) { args, _ in .bool(!equal(args[0], args[1])) },
        "<": ordering("<") { $0 < 0 },
        "<=": ordering("<=") { $0 <= 0 },
        ">": ordering(">") { $0 > 0 },
        ">=": ordering(">=") { $0 >= 0 },
        "!": OperatorDefinition(1) { args, _ throws(EvaluationError) in .bool(!(try Argument.bool(args[0], for: "!"))) },
    ]

    /// Values of different types are simply unequal.
    static func equal(_ a: StyleValue, _ b: StyleValue) -> Bool { a == b }

    /// Numbers with numbers, strings with strings (by UTF-16 code units, like JavaScript); anything
    /// else is an error.
    static func compare(_ a: StyleValue, _ b: StyleValue, for name: String) throws(EvaluationError) -> Int {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return x < y ? -1 : (x > y ? 1 : 0)
        case (.string(let x), .string(let y)):
            if x == y { return 0 }
            return x.utf16.lexicographicallyPrecedes(y.utf16) ? -1 : 1
        default:
            throw EvaluationError("\(name) compares two numbers or two strings, got \(TypeNames.of(a)) and \(TypeNames.of(b))")
        }
    }

    private static func ordering(_ name: String, _ accept: @escaping @Sendable (Int) -> Bool) -> OperatorDefinition {
        OperatorDefinition(2...3) { args, _ throws(EvaluationError) in
            let a = args[0], b = args[1]
            // NaN compares false either way, as in JavaScript.
            if case .number(let x) = a, case .number(let y) = b, x.isNaN || y.isNaN { return .bool(false) }
            return .bool(accept(try compare(a, b, for: name)))
        }
    }
}
