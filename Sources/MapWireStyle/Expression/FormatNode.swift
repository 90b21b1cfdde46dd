/// `format`: text and image sections, each text with optional `font-scale`, `text-font`, `text-color`
/// and `vertical-align` overrides.
struct FormatNode: ExpressionNode {
    struct Section: Sendable {
        let content: any ExpressionNode
        var scale: (any ExpressionNode)?
        var font: (any ExpressionNode)?
        var color: (any ExpressionNode)?
        var verticalAlign: (any ExpressionNode)?

        var nodes: [any ExpressionNode] { [content] + [scale, font, color, verticalAlign].compactMap { $0 } }
    }

    let sections: [Section]
    var type: ExpressionType { .formatted }
    var inputs: ExpressionInputs { children.combinedInputs }
    var children: [any ExpressionNode] { sections.flatMap(\.nodes) }

    static let verticalAlignments = ["bottom", "center", "top"]

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count >= 2 else { return context.error("Expected at least one argument.") }
        if case .object = items[1] { return context.error("First argument must be an image or text section.") }
        var sections: [Section] = []
        var optionsMayFollow = false
        for index in items.indices.dropFirst() {
            if optionsMayFollow, case .object(let options) = items[index] {
                optionsMayFollow = false
                var section = sections.removeLast()
                // Each option is parsed as argument 1, as the specification does.
                func option(_ name: String, _ type: ExpressionType) -> ((any ExpressionNode)?, Bool) {
                    guard let json = options[name], ValueConversion.boolean(json) else { return (nil, true) }
                    let parsed = context.parse(json, 1, expecting: type)
                    return (parsed, parsed != nil)
                }
                let (scale, scaleOK) = option("font-scale", .number)
                guard scaleOK else { return nil }
                let (font, fontOK) = option("text-font", .array(.string))
                guard fontOK else { return nil }
                let (color, colorOK) = option("text-color", .color)
                guard colorOK else { return nil }
                if case .string(let align)? = options["vertical-align"], !align.isEmpty, !verticalAlignments.contains(align) {
                    return context.error("'vertical-align' must be one of: 'bottom', 'center', 'top' but found '\(align)' instead.")
                }
                let (verticalAlign, alignOK) = option("vertical-align", .string)
                guard alignOK else { return nil }
                section.scale = scale
                section.font = font
                section.color = color
                section.verticalAlign = verticalAlign
                sections.append(section)
            } else {
                guard let content = context.parse(items[index], 1, expecting: .value) else { return nil }
                guard ["string", "value", "null", "resolvedImage"].contains(content.type.kind) else {
                    return context.error("Formatted text type must be 'string', 'value', 'image' or 'null'.")
                }
                optionsMayFollow = true
                sections.append(Section(content: content))
            }
        }
        return FormatNode(sections: sections)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        var result: [FormattedSection] = []
        for section in sections {
            let content = try section.content.evaluate(context)
            let verticalAlign = try section.verticalAlign?.string(context)
            if case .image(let image) = content {
                result.append(FormattedSection(text: "", image: image, verticalAlign: verticalAlign))
                continue
            }
            var formatted = FormattedSection(text: content.displayString, verticalAlign: verticalAlign)
            formatted.scale = try section.scale?.number(context)
            if let font = section.font, case .array(let names) = try font.evaluate(context) {
                formatted.fontStack = names.map(\.displayString)
            }
            if let color = section.color, case .color(let value) = try color.evaluate(context) {
                formatted.color = value
            }
            result.append(formatted)
        }
        return .formatted(result)
    }
}

/// `image`: a reference to a style image, available or not.
struct ImageNode: ExpressionNode {
    let name: any ExpressionNode
    var type: ExpressionType { .resolvedImage }
    var inputs: ExpressionInputs { name.inputs }
    var children: [any ExpressionNode] { [name] }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 2 else { return context.error("Expected two arguments.") }
        guard let name = context.parse(items[1], 1, expecting: .string) else { return context.error("No image name provided.") }
        return ImageNode(name: name)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let text = try name.evaluate(context).displayString
        guard !text.isEmpty else { return .null }
        return .image(StyleImageReference(name: text, available: context.availableImages?.contains(text) ?? false))
    }
}

/// `global-state`: a value of the style's global state: the evaluation's, else the one known when the
/// expression was compiled.
struct GlobalStateNode: ExpressionNode {
    let key: String
    var compiled: StyleValue?
    var type: ExpressionType { .value }
    var inputs: ExpressionInputs { [] }
    var children: [any ExpressionNode] { [] }
    var isFoldable: Bool { false }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 2 else { return context.error("Expected 1 argument, but found \(items.count - 1) instead.") }
        switch items[1] {
        case .null: return context.error("Global state property must be defined.")
        case .string(let key): return GlobalStateNode(key: key, compiled: context.globalState?[key])
        case let other: return context.error("Global state property must be string, but found \(ParsingContext.javaScriptTypeName(other)) instead.")
        }
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        context.globalState?[key] ?? compiled ?? .null
    }
}
