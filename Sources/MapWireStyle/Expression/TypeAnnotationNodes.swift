/// `number`, `string`, `boolean`, `object` and `array` (and the checks the parser adds where a `value`
/// must be of one type): the first argument of the type, else an error naming the last one's type.
struct AssertionNode: ExpressionNode {
    let type: ExpressionType
    let arguments: [any ExpressionNode]
    let key: String
    var inputs: ExpressionInputs { arguments.combinedInputs }
    var children: [any ExpressionNode] { arguments }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        var last = StyleValue.null
        for argument in arguments {
            last = try argument.evaluate(context)
            if ExpressionType.subtypeError(expected: type, actual: last.expressionType) == nil { return last }
        }
        throw EvaluationError("Expected value to be of type \(type), but found \(last.expressionType) instead.", path: key)
    }

    private static let types: [String: ExpressionType] = ["string": .string, "number": .number, "boolean": .boolean, "object": .object]

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count >= 2 else { return context.error("Expected at least one argument.") }
        var index = 1
        let type: ExpressionType
        if items[0] == .string("array") {
            var itemType = ExpressionType.value
            if items.count > 2 {
                guard case .string(let name) = items[1], let named = types[name], name != "object" else {
                    return context.error("The item type argument of \"array\" must be one of string, number, boolean", 1)
                }
                itemType = named
                index += 1
            }
            var count: Int? = nil
            if items.count > 3 {
                switch items[2] {
                case .null: break
                case .number(let n) where n >= 0 && n == n.rounded(.down) && n < 1e15: count = Int(n)
                default: return context.error("The length argument to \"array\" must be a positive integer literal", 2)
                }
                index += 1
            }
            type = .array(of: itemType, count: count)
        } else {
            guard case .string(let name) = items[0], let named = types[name] else { return nil }
            type = named
        }
        var arguments: [any ExpressionNode] = []
        while index < items.count {
            guard let argument = context.parse(items[index], index, expecting: .value) else { return nil }
            arguments.append(argument)
            index += 1
        }
        return AssertionNode(type: type, arguments: arguments, key: context.key)
    }
}

/// `to-boolean`, `to-color`, `to-number`, `to-string`, and the conversions the parser adds where a
/// colour, formatted text, image, padding, number or colour array, anchor offsets or projection is
/// expected: each argument in turn until one converts.
struct CoercionNode: ExpressionNode {
    let type: ExpressionType
    let arguments: [any ExpressionNode]
    let key: String
    var inputs: ExpressionInputs { arguments.combinedInputs }
    var children: [any ExpressionNode] { arguments }

    private static let types: [String: ExpressionType] = ["to-boolean": .boolean, "to-color": .color, "to-number": .number, "to-string": .string]

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count >= 2 else { return context.error("Expected at least one argument.") }
        guard case .string(let name) = items[0], let type = types[name] else { return nil }
        if (name == "to-boolean" || name == "to-string") && items.count != 2 { return context.error("Expected one argument.") }
        var arguments: [any ExpressionNode] = []
        for index in items.indices.dropFirst() {
            guard let argument = context.parse(items[index], index, expecting: .value) else { return nil }
            arguments.append(argument)
        }
        return CoercionNode(type: type, arguments: arguments, key: context.key)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        switch type {
        case .boolean:
            return .bool(ValueConversion.boolean(try arguments[0].evaluate(context)))
        case .color:
            var input = StyleValue.null
            var problem: String? = nil
            for argument in arguments {
                input = try argument.evaluate(context)
                problem = nil
                switch input {
                case .color: return input
                case .string(let text): if let color = StyleColor(css: text) { return .color(color) }
                case .array(let items):
                    do { return .color(try ValueConversion.colorFromComponents(items)) } catch { problem = error.message }
                default: break
                }
            }
            throw EvaluationError(problem ?? "Could not parse color from value '\(Self.shown(input))'", path: key)
        case .number:
            var input = StyleValue.null
            for argument in arguments {
                input = try argument.evaluate(context)
                if input == .null { return .number(0) }
                if let number = ValueConversion.number(input) { return .number(number) }
            }
            throw EvaluationError("Could not convert \(input.jsonText) to number.", path: key)
        case .padding, .numberArray, .colorArray, .variableAnchorOffsetCollection:
            var input = StyleValue.null
            for argument in arguments {
                input = try argument.evaluate(context)
                if let converted = SpecialValues.convert(input, to: type) { return converted }
            }
            throw EvaluationError("Could not parse \(type) from value '\(Self.shown(input))'", path: key)
        case .formatted:
            return .formatted([FormattedSection(text: try arguments[0].evaluate(context).displayString)])
        case .resolvedImage:
            let name = try arguments[0].evaluate(context).displayString
            return name.isEmpty ? .null : .image(StyleImageReference(name: name, available: false))
        case .projectionDefinition:
            let input = try arguments[0].evaluate(context)
            guard SpecialValues.isProjection(input) else {
                throw EvaluationError("Could not parse projectionDefinition from value '\(Self.shown(input))'", path: key)
            }
            return input
        default:
            return .string(try arguments[0].evaluate(context).displayString)
        }
    }

    /// A value as the specification's messages quote it: a string as it is, anything else as JSON.
    static func shown(_ value: StyleValue) -> String {
        if case .string(let text) = value { return text }
        return value.jsonText
    }
}

/// `literal`: its argument as a value, never parsed as an expression.
enum LiteralParser {
    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 2 else {
            return context.error("'literal' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        let value = items[1]
        var type = value.expressionType
        // An empty array takes the array type expected of it, when there is one it fits.
        if case .array(_, 0) = type, case .array(_, let expectedCount)? = context.expectedType, expectedCount == nil || expectedCount == 0 {
            type = context.expectedType!
        }
        return LiteralNode(type: type, value: value)
    }
}

/// `semiliteral`: an array whose items are expressions (a literal for anything else).
struct SemiliteralNode: ExpressionNode {
    let type: ExpressionType
    let items: [any ExpressionNode]
    var inputs: ExpressionInputs { items.combinedInputs }
    var children: [any ExpressionNode] { items }

    init(items: [any ExpressionNode]) {
        var itemType: ExpressionType? = nil
        for item in items {
            if let shared = itemType {
                if !ExpressionType.isSameInstance(shared, item.type) {
                    itemType = .value
                    break
                }
            } else {
                itemType = item.type
            }
        }
        self.type = .array(of: itemType ?? .value, count: items.count)
        self.items = items
    }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 2 else {
            return context.error("'semiliteral' expression requires exactly one argument, but found \(items.count - 1) instead.")
        }
        guard case .array(let elements) = items[1] else { return LiteralNode(type: items[1].expressionType, value: items[1]) }
        // Each item is parsed in this very context (the specification passes no index), so it shares its
        // path and expected type.
        var parsed: [any ExpressionNode] = []
        for element in elements {
            guard let item = context.parse(element) else { return nil }
            parsed.append(item)
        }
        return SemiliteralNode(items: parsed)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        var values: [StyleValue] = []
        values.reserveCapacity(items.count)
        for item in items { values.append(try item.evaluate(context)) }
        return .array(values)
    }
}
