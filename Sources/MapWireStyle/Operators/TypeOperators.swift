/// Type assertions (`number`, `string`, `boolean`, `object`: the first argument of that type, else an
/// error), conversions (`to-*`) and `typeof`. `array` takes literal type arguments and is parsed by
/// `ExpressionParser`.
enum TypeOperators {
    static let definitions: [String: OperatorDefinition] = [
        "number": assertion("number") { $0.number != nil },
        "string": assertion("string") { $0.string != nil },
        "boolean": assertion("boolean") { $0.bool != nil },
        "object": assertion("object") { $0.object != nil },
        "typeof": OperatorDefinition(1) { args, _ in .string(TypeNames.of(args[0])) },
        "to-string": OperatorDefinition(1) { args, _ in .string(args[0].displayString) },
        "to-boolean": OperatorDefinition(1) { args, _ in .bool(ValueConversion.boolean(args[0])) },
        "to-number": OperatorDefinition(1...OperatorDefinition.variadic) { args, _ throws(EvaluationError) in
            for arg in args {
                if let number = ValueConversion.number(arg) { return .number(number) }
            }
            throw EvaluationError("could not convert \(args.last!.jsonText) to a number")
        },
        "to-color": OperatorDefinition(1...OperatorDefinition.variadic) { args, _ throws(EvaluationError) in
            for arg in args {
                if let color = ValueConversion.color(arg) { return .color(color) }
            }
            throw EvaluationError("could not convert \(args.last!.jsonText) to a colour")
        },
        // Images are referred to by name; the renderer resolves names against its sprite.
        "image": OperatorDefinition(1) { args, _ throws(EvaluationError) in
            .string(try Argument.string(args[0], for: "image"))
        },
    ]

    private static func assertion(_ name: String, _ accepts: @escaping @Sendable (StyleValue) -> Bool)
        -> OperatorDefinition
    {
        OperatorDefinition(1...OperatorDefinition.variadic) { args, _ throws(EvaluationError) in
            if let match = args.first(where: accepts) { return match }
            throw EvaluationError("expected \(name), got \(TypeNames.of(args.last!))")
        }
    }

    /// The `array` assertion: the value must be an array, of `itemType` items and `length` long when given.
    static func arrayAssertion(itemType: String?, length: Int?) -> CallNode.Body {
        { args, _ throws(EvaluationError) in
            let value = args[0]
            guard case .array(let items) = value else {
                throw EvaluationError("expected an array, got \(TypeNames.of(value))")
            }
            if let length, items.count != length {
                throw EvaluationError("expected an array of length \(length), got \(items.count)")
            }
            if let itemType, let wrong = items.first(where: { TypeNames.of($0) != itemType }) {
                throw EvaluationError("expected array items of type \(itemType), got \(TypeNames.of(wrong))")
            }
            return value
        }
    }
}
