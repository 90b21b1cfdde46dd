/// The spec's conversion rules (`to-number`, `to-boolean`, `to-color`), shared by the expression
/// operators, property coercion and legacy functions.
enum ValueConversion {
    /// `to-number`: null → 0, booleans → 0/1, strings as JavaScript's Number() reads them.
    static func number(_ value: StyleValue) -> Double? {
        switch value {
        case .null: return 0
        case .bool(let flag): return flag ? 1 : 0
        case .number(let number): return number
        case .string(let text): return JavaScriptNumber.parse(text)
        default: return nil
        }
    }

    /// `to-boolean`: false for null, false, 0, NaN and ""; true otherwise.
    static func boolean(_ value: StyleValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let flag): return flag
        case .number(let number): return number != 0 && !number.isNaN
        case .string(let text): return !text.isEmpty
        default: return true
        }
    }

    /// `to-color`: colours, CSS strings, and [r, g, b] / [r, g, b, a] arrays (channels 0...255, alpha 0...1).
    static func color(_ value: StyleValue) -> StyleColor? {
        switch value {
        case .color(let color): return color
        case .string(let text): return StyleColor(css: text)
        case .array(let items): return try? colorFromComponents(items)
        default: return nil
        }
    }

    static func colorFromComponents(_ items: [StyleValue]) throws(EvaluationError) -> StyleColor {
        guard items.count == 3 || items.count == 4 else {
            throw EvaluationError("a colour needs 3 or 4 components, got \(items.count)")
        }
        var numbers: [Double] = []
        for item in items {
            guard case .number(let number) = item else { throw EvaluationError("colour components must be numbers") }
            numbers.append(number)
        }
        guard numbers.prefix(3).allSatisfy({ (0...255).contains($0) }) else {
            throw EvaluationError("colour channels must be between 0 and 255")
        }
        let alpha = numbers.count == 4 ? numbers[3] : 1
        guard (0...1).contains(alpha) else { throw EvaluationError("colour alpha must be between 0 and 1") }
        return StyleColor(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: alpha)
    }
}

/// Type names as `typeof` and error messages spell them.
enum TypeNames {
    static func of(_ value: StyleValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .color: return "color"
        case .object: return "object"
        case .formatted: return "formatted"
        case .array(let items):
            // Like the reference engine: a shared item type is named, mixed items are "value".
            var itemType: String? = nil
            for item in items {
                let name = of(item)
                if itemType == nil {
                    itemType = name
                } else if itemType != name {
                    itemType = "value"
                    break
                }
            }
            return "array<\(itemType ?? "value"), \(items.count)>"
        }
    }
}
