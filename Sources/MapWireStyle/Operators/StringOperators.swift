/// `concat`, `upcase`, `downcase`.
enum StringOperators {
    static let definitions: [String: OperatorDefinition] = [
        "concat": OperatorDefinition(0...OperatorDefinition.variadic) { args, _ in
            .string(args.map(\.displayString).joined())
        },
        "upcase": OperatorDefinition(1) { args, _ throws(EvaluationError) in
            .string(try Argument.string(args[0], for: "upcase").uppercased())
        },
        "downcase": OperatorDefinition(1) { args, _ throws(EvaluationError) in
            .string(try Argument.string(args[0], for: "downcase").lowercased())
        },
    ]
}
