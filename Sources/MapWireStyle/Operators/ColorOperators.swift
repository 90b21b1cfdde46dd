/// `rgb`, `rgba` (channels 0...255, alpha 0...1) and `to-rgba`.
enum ColorOperators {
    static let definitions: [String: OperatorDefinition] = [
        "rgb": OperatorDefinition(3) { args, _ throws(EvaluationError) in
            .color(try ValueConversion.colorFromComponents(args))
        },
        "rgba": OperatorDefinition(4) { args, _ throws(EvaluationError) in
            .color(try ValueConversion.colorFromComponents(args))
        },
        "to-rgba": OperatorDefinition(1) { args, _ throws(EvaluationError) in
            guard case .color(let color) = args[0] else {
                throw EvaluationError("to-rgba expected a colour, got \(TypeNames.of(args[0]))")
            }
            return .array(color.rgba255.map { .number($0) })
        },
    ]
}
