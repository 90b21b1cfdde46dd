/// `format`: text sections, each with optional `font-scale`, `text-font` and `text-color` overrides.
struct FormatNode: ExpressionNode {
    struct Section: Sendable {
        let text: any ExpressionNode
        let scale: (any ExpressionNode)?
        let fontStack: (any ExpressionNode)?
        let color: (any ExpressionNode)?
    }

    let sections: [Section]
    let inputs: ExpressionInputs

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        var result: [FormattedSection] = []
        for section in sections {
            let content = try section.text.evaluate(context)
            var formatted = FormattedSection(text: content.displayString)
            if let scale = section.scale {
                formatted.scale = try scale.evaluate(context).number
            }
            if let fontStack = section.fontStack, case .array(let fonts) = try fontStack.evaluate(context) {
                formatted.fontStack = fonts.compactMap(\.string)
            }
            if let color = section.color {
                formatted.color = ValueConversion.color(try color.evaluate(context))
            }
            if case .formatted(let nested) = content {
                result += nested
            } else {
                result.append(formatted)
            }
        }
        return .formatted(result)
    }
}

extension ExpressionParser {
    /// `["format", text, {options}?, text, {options}?, …]`
    func parseFormat(_ call: Call) throws(StyleExpressionError) -> any ExpressionNode {
        try call.requireArguments(1...OperatorDefinition.variadic)
        var sections: [FormatNode.Section] = []
        var index = 1
        while index < call.items.count {
            guard call.items[index].object == nil else { throw call.fail("options must follow a text", at: index) }
            let text = try call.parse(index, with: self)
            var scale, fonts, color: (any ExpressionNode)?
            if index + 1 < call.items.count, case .object(let options) = call.items[index + 1] {
                let optionsPath = call.pathOf(index + 1)
                if let json = options["font-scale"] {
                    scale = try parse(json, at: optionsPath + ".font-scale")
                }
                if let json = options["text-font"] {
                    fonts = try parseFontStack(json, at: optionsPath + ".text-font")
                }
                if let json = options["text-color"] {
                    color = try parse(json, at: optionsPath + ".text-color", expectsColor: true)
                }
                index += 1
            }
            sections.append(FormatNode.Section(text: text, scale: scale, fontStack: fonts, color: color))
            index += 1
        }
        let nodes: [any ExpressionNode] = sections.flatMap { [$0.text, $0.scale, $0.fontStack, $0.color].compactMap { $0 } }
        return FormatNode(sections: sections, inputs: nodes.combinedInputs)
    }

    /// A font stack is often written as a bare array of names; take that as a literal rather than as
    /// an expression named after the first font.
    private func parseFontStack(_ json: StyleValue, at path: String) throws(StyleExpressionError) -> any ExpressionNode {
        if case .array(let items) = json, case .string(let first)? = items.first,
           OperatorTable.definitions[first] == nil, !Self.specialFormNames.contains(first)
        {
            return LiteralNode(value: json)
        }
        return try parse(json, at: path)
    }

    static let specialFormNames: Set<String> = [
        "literal", "let", "var", "case", "match", "coalesce", "all", "any", "step", "interpolate",
        "interpolate-hcl", "interpolate-lab", "array", "format", "number-format", "collator",
    ]
}
