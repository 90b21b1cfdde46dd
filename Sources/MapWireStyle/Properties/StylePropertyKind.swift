/// What type a paint or layout property holds; decides how constants, stop values and expression
/// results are coerced (colour strings become colours, single paddings expand to four …).
public enum StylePropertyKind: Sendable {
    case number, color, string, bool, enumeration, array, numberArray, formatted, resolvedImage, padding

    /// Whether legacy functions interpolate between stops by default (exponential) or step (interval).
    var isInterpolatable: Bool {
        switch self {
        case .number, .color, .numberArray, .padding: return true
        default: return false
        }
    }

    /// Properties whose constant strings may hold "{property}" tokens.
    var acceptsTokens: Bool {
        switch self {
        case .string, .formatted, .resolvedImage: return true
        default: return false
        }
    }
}

/// Turns a value into the property kind's representation; nil when it cannot be one.
enum PropertyCoercion {
    static func coerce(_ value: StyleValue, to kind: StylePropertyKind) -> StyleValue? {
        switch (kind, value) {
        case (_, .null): return nil
        case (.number, .number), (.bool, .bool), (.enumeration, .string), (.resolvedImage, .string),
            (.array, .array), (.color, .color), (.formatted, .formatted), (.string, .string):
            return value
        case (.color, .string(let text)):
            return StyleColor(css: text).map(StyleValue.color)
        case (.string, .number), (.string, .bool):
            return .string(value.displayString)
        case (.string, .formatted):
            return .string(value.displayString)
        case (.formatted, .string), (.formatted, .number), (.formatted, .bool):
            return .formatted([FormattedSection(text: value.displayString)])
        case (.numberArray, .array(let items)):
            return items.allSatisfy({ $0.number != nil }) ? value : nil
        case (.padding, _):
            return padding(value)
        default:
            return nil
        }
    }

    /// CSS-style shorthand: [all], [vertical, horizontal], [top, horizontal, bottom], or all four.
    private static func padding(_ value: StyleValue) -> StyleValue? {
        let numbers: [Double]
        switch value {
        case .number(let number): numbers = [number]
        case .array(let items):
            let parsed = items.compactMap(\.number)
            guard parsed.count == items.count else { return nil }
            numbers = parsed
        default: return nil
        }
        let expanded: [Double]
        switch numbers.count {
        case 1: expanded = Array(repeating: numbers[0], count: 4)
        case 2: expanded = [numbers[0], numbers[1], numbers[0], numbers[1]]
        case 3: expanded = [numbers[0], numbers[1], numbers[2], numbers[1]]
        case 4: expanded = numbers
        default: return nil
        }
        return .array(expanded.map(StyleValue.number))
    }
}
