import MapWireNumerics

/// `literal`, `let`/`var`, the `array` assertion and `collator`.
extension ExpressionParser {
    func parseLiteral(_ call: Call, expectsColor: Bool) throws(StyleExpressionError) -> any ExpressionNode {
        try call.requireArguments(1...1)
        if expectsColor, case .string(let text) = call.items[1] {
            return LiteralNode(value: try Self.color(text, at: call.pathOf(1)))
        }
        return LiteralNode(value: call.items[1])
    }

    /// `["let", name, value, …, body]`: values are parsed in the outer scope, the body sees them all.
    func parseLet(_ call: Call, expectsColor: Bool) throws(StyleExpressionError) -> any ExpressionNode {
        guard call.argumentCount >= 3, call.argumentCount % 2 == 1 else {
            throw call.fail("expects name/value pairs followed by a body")
        }
        var inner = self
        for index in stride(from: 1, to: call.items.count - 1, by: 2) {
            guard case .string(let name) = call.items[index] else {
                throw call.fail("binding names must be strings", at: index)
            }
            inner.bindings[name] = try call.parse(index + 1, with: self)
        }
        return try call.parse(call.items.count - 1, with: inner, expectsColor: expectsColor)
    }

    func parseVar(_ call: Call) throws(StyleExpressionError) -> any ExpressionNode {
        try call.requireArguments(1...1)
        guard case .string(let name) = call.items[1] else { throw call.fail("the name must be a string", at: 1) }
        guard let bound = bindings[name] else { throw call.fail("unknown variable \"\(name)\"", at: 1) }
        return bound
    }

    /// `["array", value]`, `["array", itemType, value]`, `["array", itemType, length, value]`.
    func parseArrayAssertion(_ call: Call) throws(StyleExpressionError) -> any ExpressionNode {
        try call.requireArguments(1...3)
        var itemType: String? = nil
        var length: Int? = nil
        if call.argumentCount >= 2 {
            guard case .string(let type) = call.items[1], ["string", "number", "boolean"].contains(type) else {
                throw call.fail("item type must be \"string\", \"number\" or \"boolean\"", at: 1)
            }
            itemType = type
        }
        if call.argumentCount == 3 {
            let count = try call.literalNumber(2)
            guard count >= 0, count == count.rounded() else { throw call.fail("length must be a whole number", at: 2) }
            length = Int(saturating: count)
        }
        let value = try call.parse(call.items.count - 1, with: self)
        return CallNode(
            arguments: [value], inputs: value.inputs,
            body: TypeOperators.arrayAssertion(itemType: itemType, length: length))
    }

    /// Collators only matter for locale-aware string comparison, which this engine does not do;
    /// comparisons accept one and ignore it.
    func parseCollator(_ call: Call) throws(StyleExpressionError) -> any ExpressionNode {
        try call.requireArguments(1...1)
        guard case .object = call.items[1] else { throw call.fail("expects an options object", at: 1) }
        return LiteralNode(value: .null)
    }
}
