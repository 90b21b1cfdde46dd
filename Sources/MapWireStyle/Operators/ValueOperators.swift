/// Colours (`rgb`, `rgba`, `to-rgba`), logic (`all`, `any`, `!`), and `typeof` and `error`.
enum ValueOperators {
    static let definitions: [String: OperatorDefinition] = [
        "rgb": OperatorDefinition(.color, [.number, .number, .number], rgba),
        "rgba": OperatorDefinition(.color, [.number, .number, .number, .number], rgba),
        "to-rgba": OperatorDefinition(.array(of: .number, count: 4), [.color]) { args, context, _ throws(EvaluationError) in
            guard case .color(let color) = try args[0].evaluate(context) else { return .null }
            return .array(color.rgba255.map(StyleValue.number))
        },
        "all": OperatorDefinition(.boolean, [
            .init(signature: .fixed([.boolean, .boolean]), reads: []) { args, context, _ throws(EvaluationError) in
                guard try args[0].bool(context) else { return .bool(false) }
                return .bool(try args[1].bool(context))
            },
            .init(signature: .varargs(.boolean), reads: []) { args, context, _ throws(EvaluationError) in
                for arg in args where !(try arg.bool(context)) { return .bool(false) }
                return .bool(true)
            },
        ]),
        "any": OperatorDefinition(.boolean, [
            .init(signature: .fixed([.boolean, .boolean]), reads: []) { args, context, _ throws(EvaluationError) in
                if try args[0].bool(context) { return .bool(true) }
                return .bool(try args[1].bool(context))
            },
            .init(signature: .varargs(.boolean), reads: []) { args, context, _ throws(EvaluationError) in
                for arg in args where try arg.bool(context) { return .bool(true) }
                return .bool(false)
            },
        ]),
        "!": OperatorDefinition(.boolean, [.boolean]) { args, context, _ throws(EvaluationError) in
            .bool(!(try args[0].bool(context)))
        },
        "typeof": OperatorDefinition(.string, [.value]) { args, context, _ throws(EvaluationError) in
            .string(try args[0].evaluate(context).expressionType.description)
        },
        "error": OperatorDefinition(.error, [.string]) { args, context, key throws(EvaluationError) in
            throw EvaluationError(try args[0].string(context), path: key)
        },
    ]

    /// `rgb` and `rgba`: channels 0...255, alpha 0...1, else the specification's message.
    private static func rgba(_ args: [any ExpressionNode], _ context: EvaluationContext, _ key: String) throws(EvaluationError) -> StyleValue {
        var values: [StyleValue] = []
        for arg in args { values.append(try arg.evaluate(context)) }
        if let problem = ValueConversion.rgbaProblem(values) { throw EvaluationError(problem, path: key) }
        let n = values.map { $0.number ?? 0 }
        return .color(StyleColor(red: n[0], green: n[1], blue: n[2], alpha: n.count == 4 ? n[3] : 1))
    }
}
