import Foundation

/// Arithmetic, math functions and constants.
enum MathOperators {
    static let definitions: [String: OperatorDefinition] = {
        var table: [String: OperatorDefinition] = [
            "+": OperatorDefinition(.number, varargs: .number) { args, context, _ throws(EvaluationError) in
                var sum = 0.0
                for arg in args { sum += try arg.number(context) }
                return .number(sum)
            },
            "*": OperatorDefinition(.number, varargs: .number) { args, context, _ throws(EvaluationError) in
                var product = 1.0
                for arg in args { product *= try arg.number(context) }
                return .number(product)
            },
            "-": OperatorDefinition(.number, [
                .init(signature: .fixed([.number, .number]), reads: []) { args, context, _ throws(EvaluationError) in
                    .number(try args[0].number(context) - args[1].number(context))
                },
                .init(signature: .fixed([.number]), reads: []) { args, context, _ throws(EvaluationError) in
                    .number(-(try args[0].number(context)))
                },
            ]),
            "/": binary { $0 / $1 },
            // JavaScript's % keeps the dividend's sign, as truncatingRemainder does.
            "%": binary { $0.truncatingRemainder(dividingBy: $1) },
            "^": binary { pow($0, $1) },
            "min": OperatorDefinition(.number, varargs: .number) { args, context, _ throws(EvaluationError) in
                var result = Double.infinity
                for arg in args { result = JavaScriptMath.min(result, try arg.number(context)) }
                return .number(result)
            },
            "max": OperatorDefinition(.number, varargs: .number) { args, context, _ throws(EvaluationError) in
                var result = -Double.infinity
                for arg in args { result = JavaScriptMath.max(result, try arg.number(context)) }
                return .number(result)
            },
            "pi": constant(Double.pi),
            "e": constant(M_E),
            "ln2": constant(M_LN2),
        ]
        let unary: [(String, @Sendable (Double) -> Double)] = [
            ("sqrt", { $0.squareRoot() }), ("log10", { log($0) / M_LN10 }), ("ln", { log($0) }), ("log2", { log($0) / M_LN2 }),
            ("sin", { sin($0) }), ("cos", { cos($0) }), ("tan", { tan($0) }), ("asin", { asin($0) }),
            ("acos", { acos($0) }), ("atan", { atan($0) }), ("abs", { abs($0) }), ("ceil", { ceil($0) }),
            ("floor", { floor($0) }),
            // Halves round away from zero (-1.5 → -2), as the specification requires.
            ("round", { $0 < 0 ? -JavaScriptMath.round(-$0) : JavaScriptMath.round($0) }),
        ]
        for (name, function) in unary {
            table[name] = OperatorDefinition(.number, [.number]) { args, context, _ throws(EvaluationError) in
                .number(function(try args[0].number(context)))
            }
        }
        return table
    }()

    private static func binary(_ function: @escaping @Sendable (Double, Double) -> Double) -> OperatorDefinition {
        OperatorDefinition(.number, [.number, .number]) { args, context, _ throws(EvaluationError) in
            .number(function(try args[0].number(context), try args[1].number(context)))
        }
    }

    private static func constant(_ value: Double) -> OperatorDefinition {
        OperatorDefinition(.number, []) { _, _, _ in .number(value) }
    }
}
