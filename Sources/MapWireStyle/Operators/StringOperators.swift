/// `concat`, `upcase`, `downcase`, `split`, `join`, `resolved-locale`, `is-supported-script`.
enum StringOperators {
    static let definitions: [String: OperatorDefinition] = [
        "concat": OperatorDefinition(.string, varargs: .value) { args, context, _ throws(EvaluationError) in
            var text = ""
            for arg in args { text += try arg.evaluate(context).displayString }
            return .string(text)
        },
        "upcase": OperatorDefinition(.string, [.string]) { args, context, _ throws(EvaluationError) in
            .string(try args[0].string(context).uppercased())
        },
        "downcase": OperatorDefinition(.string, [.string]) { args, context, _ throws(EvaluationError) in
            .string(try args[0].string(context).lowercased())
        },
        "split": OperatorDefinition(.array(.string), [.string, .string]) { args, context, _ throws(EvaluationError) in
            .array(split(try args[0].string(context), by: try args[1].string(context)).map(StyleValue.string))
        },
        "join": OperatorDefinition(.string, [.array(.string), .string]) { args, context, _ throws(EvaluationError) in
            guard case .array(let items) = try args[0].evaluate(context) else { return .string("") }
            return .string(items.map(\.displayString).joined(separator: try args[1].string(context)))
        },
        "resolved-locale": OperatorDefinition(.string, [.collator]) { args, context, _ throws(EvaluationError) in
            guard case .collator(let collator) = try args[0].evaluate(context) else { return .string(StyleCollator.defaultLocale) }
            return .string(collator.resolvedLocale)
        },
        // Every script this engine draws is supported (it reorders right-to-left text itself).
        "is-supported-script": OperatorDefinition(.boolean, [.string], reads: .supportedScript) { _, _, _ in .bool(true) },
    ]

    /// JavaScript's `split` by a string: an empty separator splits into UTF-16 code units' characters.
    static func split(_ text: String, by separator: String) -> [String] {
        if separator.isEmpty { return text.unicodeScalars.map { String($0) } }
        return text.components(separatedBy: separator)
    }
}
