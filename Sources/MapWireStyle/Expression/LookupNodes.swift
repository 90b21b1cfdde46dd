/// `at`: an item of an array by index.
struct AtNode: ExpressionNode {
    let type: ExpressionType
    let index: any ExpressionNode
    let array: any ExpressionNode
    let key: String
    var inputs: ExpressionInputs { [index, array].combinedInputs }
    var children: [any ExpressionNode] { [index, array] }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 3 else { return context.error("Expected 2 arguments, but found \(items.count - 1) instead.") }
        let index = context.parse(items[1], 1, expecting: .number)
        let array = context.parse(items[2], 2, expecting: .array(context.expectedType ?? .value))
        guard let index, let array else { return nil }
        guard case .array(let itemType, _) = array.type else { return nil }
        return AtNode(type: itemType, index: index, array: array, key: context.key)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let position = try index.number(context)
        guard case .array(let items) = try array.evaluate(context) else { throw EvaluationError("Expected an array.", path: key) }
        if position < 0 {
            throw EvaluationError("Array index out of bounds: \(JavaScriptNumber.string(position)) < 0.", path: key)
        }
        if position >= Double(items.count) {
            throw EvaluationError("Array index out of bounds: \(JavaScriptNumber.string(position)) > \(items.count - 1).", path: key)
        }
        if position != position.rounded(.down) {
            throw EvaluationError("Array index must be an integer, but found \(JavaScriptNumber.string(position)) instead.", path: key)
        }
        return items[Int(position)]
    }
}

/// `in` and `index-of`: where a boolean, number, string or null occurs in an array or a string.
struct SearchNode: ExpressionNode {
    /// `in` answers whether; `index-of` answers where.
    let answersPosition: Bool
    let needle: any ExpressionNode
    let haystack: any ExpressionNode
    let fromIndex: (any ExpressionNode)?
    let key: String
    var type: ExpressionType { answersPosition ? .number : .boolean }
    var inputs: ExpressionInputs { children.combinedInputs }
    var children: [any ExpressionNode] { [needle, haystack] + (fromIndex.map { [$0] } ?? []) }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        let answersPosition = items[0] == .string("index-of")
        if answersPosition {
            guard items.count == 3 || items.count == 4 else {
                return context.error("Expected 2 or 3 arguments, but found \(items.count - 1) instead.")
            }
        } else if items.count != 3 {
            return context.error("Expected 2 arguments, but found \(items.count - 1) instead.")
        }
        let needle = context.parse(items[1], 1, expecting: .value)
        let haystack = context.parse(items[2], 2, expecting: .value)
        guard let needle, let haystack else { return nil }
        guard [ExpressionType.boolean, .string, .number, .null, .value].contains(where: { $0.kind == needle.type.kind }) else {
            return context.error("Expected first argument to be of type boolean, string, number or null, but found \(needle.type) instead")
        }
        var fromIndex: (any ExpressionNode)? = nil
        if items.count == 4 {
            guard let parsed = context.parse(items[3], 3, expecting: .number) else { return nil }
            fromIndex = parsed
        }
        return SearchNode(answersPosition: answersPosition, needle: needle, haystack: haystack, fromIndex: fromIndex, key: context.key)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let needle = try self.needle.evaluate(context)
        let haystack = try self.haystack.evaluate(context)
        // `in` treats a missing haystack (null, false, 0, "") as containing nothing.
        if !answersPosition && !ValueConversion.boolean(haystack) { return .bool(false) }
        switch needle {
        case .null, .bool, .number, .string: break
        default:
            throw EvaluationError("Expected first argument to be of type boolean, string, number or null, but found \(needle.expressionType) instead.", path: key)
        }
        let start = try fromIndex?.number(context)
        let position: Int
        switch haystack {
        case .string(let text):
            position = JavaScriptSearch.indexOf(ValueConversion.javaScriptString(needle), in: text, from: start)
        case .array(let items):
            position = JavaScriptSearch.indexOf(needle, in: items, from: start)
        default:
            throw EvaluationError("Expected second argument to be of type array or string, but found \(haystack.expressionType) instead.", path: key)
        }
        return answersPosition ? .number(Double(position)) : .bool(position >= 0)
    }
}

/// `slice`: part of an array or a string.
struct SliceNode: ExpressionNode {
    let type: ExpressionType
    let input: any ExpressionNode
    let begin: any ExpressionNode
    let end: (any ExpressionNode)?
    let key: String
    var inputs: ExpressionInputs { children.combinedInputs }
    var children: [any ExpressionNode] { [input, begin] + (end.map { [$0] } ?? []) }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 3 || items.count == 4 else {
            return context.error("Expected 2 or 3 arguments, but found \(items.count - 1) instead.")
        }
        let input = context.parse(items[1], 1, expecting: .value)
        let begin = context.parse(items[2], 2, expecting: .number)
        guard let input, let begin else { return nil }
        guard ["array", "string", "value"].contains(input.type.kind) else {
            return context.error("Expected first argument to be of type array or string, but found \(input.type) instead")
        }
        var end: (any ExpressionNode)? = nil
        if items.count == 4 {
            guard let parsed = context.parse(items[3], 3, expecting: .number) else { return nil }
            end = parsed
        }
        return SliceNode(type: input.type, input: input, begin: begin, end: end, key: context.key)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        let value = try input.evaluate(context)
        let start = try begin.number(context)
        let stop = try end?.number(context)
        switch value {
        case .string(let text):
            let points = Array(text.unicodeScalars)
            var out = String.UnicodeScalarView()
            out.append(contentsOf: points[JavaScriptSearch.sliceRange(count: points.count, start: start, end: stop)])
            return .string(String(out))
        case .array(let items):
            return .array(Array(items[JavaScriptSearch.sliceRange(count: items.count, start: start, end: stop)]))
        default:
            throw EvaluationError("Expected first argument to be of type array or string, but found \(value.expressionType) instead.", path: key)
        }
    }
}

/// `length`: of an array, or of a string in code points.
struct LengthNode: ExpressionNode {
    let input: any ExpressionNode
    let key: String
    var type: ExpressionType { .number }
    var inputs: ExpressionInputs { input.inputs }
    var children: [any ExpressionNode] { [input] }

    static func parse(_ items: [StyleValue], _ context: ParsingContext) -> (any ExpressionNode)? {
        guard items.count == 2 else { return context.error("Expected 1 argument, but found \(items.count - 1) instead.") }
        guard let input = context.parse(items[1], 1) else { return nil }
        guard ["array", "string", "value"].contains(input.type.kind) else {
            return context.error("Expected argument of type string or array, but found \(input.type) instead.")
        }
        return LengthNode(input: input, key: context.key)
    }

    func evaluate(_ context: EvaluationContext) throws(EvaluationError) -> StyleValue {
        switch try input.evaluate(context) {
        case .string(let text): return .number(Double(text.unicodeScalars.count))
        case .array(let items): return .number(Double(items.count))
        case let other:
            throw EvaluationError("Expected value to be of type string or array, but found \(other.expressionType) instead.", path: key)
        }
    }
}
