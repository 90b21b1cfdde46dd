/// The specification's conversion rules (`to-number`, `to-boolean`, `to-color`), which it defines by
/// JavaScript's: shared by the expression operators, property coercion and legacy functions.
enum ValueConversion {
    /// `to-number` of one value, as JavaScript's Number() reads it: null → 0, booleans → 0/1, strings as
    /// number literals, an array as the text of its items joined by commas; nil where that gives NaN.
    static func number(_ value: StyleValue) -> Double? {
        let result = javaScriptNumber(value)
        return result.isNaN ? nil : result
    }

    private static func javaScriptNumber(_ value: StyleValue) -> Double {
        switch value {
        case .null: return 0
        case .bool(let flag): return flag ? 1 : 0
        case .number(let number): return number
        case .string(let text): return JavaScriptNumber.parse(text) ?? .nan
        case .array(let items):
            // Array → its toString (items joined by ",", null as "") → Number.
            let text = items.map { $0 == .null ? "" : ($0.array != nil ? arrayText($0) : $0.displayString) }.joined(separator: ",")
            return JavaScriptNumber.parse(text) ?? .nan
        default: return .nan
        }
    }

    /// JavaScript's String() of a JSON value: arrays as their items joined by commas, objects as
    /// "[object Object]", null as "null".
    static func javaScriptString(_ value: StyleValue) -> String {
        switch value {
        case .null: return "null"
        case .array: return arrayText(value)
        case .object: return "[object Object]"
        default: return value.displayString
        }
    }

    /// JavaScript's Array.prototype.toString.
    private static func arrayText(_ value: StyleValue) -> String {
        guard case .array(let items) = value else { return value.displayString }
        return items.map { $0 == .null ? "" : arrayText($0) }.joined(separator: ",")
    }

    /// `to-boolean`: JavaScript truthiness (false for null, false, 0, NaN and ""; true otherwise).
    static func boolean(_ value: StyleValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let flag): return flag
        case .number(let number): return number != 0 && !number.isNaN
        case .string(let text): return !text.isEmpty
        default: return true
        }
    }

    /// `to-color` of one value: a colour, a CSS string, or [r, g, b] / [r, g, b, a] (channels 0...255,
    /// alpha 0...1); nil when the value is none of these.
    static func color(_ value: StyleValue) -> StyleColor? {
        switch value {
        case .color(let color): return color
        case .string(let text): return StyleColor(css: text)
        case .array(let items): return try? colorFromComponents(items)
        default: return nil
        }
    }

    /// An [r, g, b] or [r, g, b, a] array as a colour, with the specification's messages when it is not one.
    static func colorFromComponents(_ items: [StyleValue]) throws(EvaluationError) -> StyleColor {
        guard items.count == 3 || items.count == 4 else {
            throw EvaluationError("Invalid rgba value \(StyleValue.array(items).jsonText): expected an array containing either three or four numeric values.")
        }
        if let message = rgbaProblem(items) { throw EvaluationError(message) }
        let n = items.map { $0.number ?? 0 }
        return StyleColor(red: n[0], green: n[1], blue: n[2], alpha: n.count == 4 ? n[3] : 1)
    }

    /// The specification's check of rgba components: nil when valid, else its message.
    static func rgbaProblem(_ items: [StyleValue]) -> String? {
        func inChannelRange(_ value: StyleValue) -> Bool {
            guard case .number(let n) = value else { return false }
            return n >= 0 && n <= 255
        }
        let alpha = items.count == 4 ? items[3] : nil
        if !items.prefix(3).allSatisfy(inChannelRange) {
            let shown = (alpha?.number != nil ? items : Array(items.prefix(3))).map(\.displayString)
            return "Invalid rgba value [\(shown.joined(separator: ", "))]: 'r', 'g', and 'b' must be between 0 and 255."
        }
        if let alpha, !(alpha.number.map { $0 >= 0 && $0 <= 1 } ?? false) {
            return "Invalid rgba value [\(items.map(\.displayString).joined(separator: ", "))]: 'a' must be between 0 and 1."
        }
        return nil
    }
}
