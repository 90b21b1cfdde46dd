import Foundation

/// Arithmetic, math functions and constants.
enum MathOperators {
    static let definitions: [String: OperatorDefinition] = {
        var table: [String: OperatorDefinition] = [
            "+": OperatorDefinition(0...OperatorDefinition.variadic) { args, _ throws(EvaluationError) in
                .number(try Argument.numbers(args, for: "+").reduce(0, +))
            },
            "*": OperatorDefinition(0...OperatorDefinition.variadic) { args, _ throws(EvaluationError) in
                .number(try Argument.numbers(args, for: "*").reduce(1, *))
            },
            "-": OperatorDefinition(1...2) { args, _ throws(EvaluationError) in
                let n = try Argument.numbers(args, for: "-")
                return .number(n.count == 1 ? -n[0] : n[0] - n[1])
            },
            "/": binary("/") { $0 / $1 },
            // JavaScript's % keeps the dividend's sign, as truncatingRemainder does.
            "%": binary("%") { $0.truncatingRemainder(dividingBy: $1) },
            "^": binary("^") { pow($0, $1) },
            "min": OperatorDefinition(1...OperatorDefinition.variadic) { args, _ throws(EvaluationError) in
                .number(try Argument.numbers(args, for: "min").min()!)
            },
            "max": OperatorDefinition(1...OperatorDefinition.variadic) { args, _ throws(EvaluationError) in
                .number(try Argument.numbers(args, for: "max").max()!)
            },
            "pi": constant(Double.pi),
            "e": constant(M_E),
            "ln2": constant(M_LN2),
        ]
        let unary: [(String, @Sendable (Double) -> Double)] = [
            ("sqrt", { $0.squareRoot() }), ("log10", { log10($0) }), ("ln", { log($0) }), ("log2", { log2($0) }),
            ("sin", { sin($0) }), ("cos", { cos($0) }), ("tan", { tan($0) }), ("asin", { asin($0) }),
            ("acos", { acos($0) }), ("atan", { atan($0) }), ("abs", { abs($0) }), ("ceil", { ceil($0) }),
            ("floor", { floor($0) }),
            // Halves round away from zero (-1.5 → -2), as the spec requires.
            ("round", { $0.rounded(.toNearestOrAwayFromZero) }),
        ]
        for (name, function) in unary {
            table[name] = OperatorDefinition(1) { args, _ throws(EvaluationError) in
                .number(function(try Argument.number(args[0], for: name)))
            }
        }
        return table
    }()

    private static func binary(_ name: String, _ function: @escaping @Sendable (Double, Double) -> Double)
        -> OperatorDefinition
    {
        OperatorDefinition(2) { args, _ throws(EvaluationError) in
            .number(function(try Argument.number(args[0], for: name), try Argument.number(args[1], for: name)))
        }
    }

    private static func constant(_ value: Double) -> OperatorDefinition {
        OperatorDefinition(0) { _, _ in .number(value) }
    }
}
