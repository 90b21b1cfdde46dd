/// What type a paint or layout property holds; decides how constants, stop values and expression
/// results are coerced (colour strings become colours, single paddings expand to four …).
public enum StylePropertyKind: Sendable {
    case number, color, string, bool, enumeration, array, numberArray, formatted, resolvedImage, padding
    /// The specification's `numberArray` and `colorArray` types: one value or an array of them
    /// (a hillshade's lights). `numberArray` above is a plain array of numbers (`line-dasharray`).
    case numberList, colorList

    /// Whether legacy functions interpolate between stops by default (exponential) or step (interval).
    var isInterpolatable: Bool {
        switch self {
        case .number, .color, .numberArray, .padding, .numberList, .colorList: return true
        default: return false
        }
    }

    /// The type the property's expressions must produce, as the style specification types the properties
    /// of each kind (arrays of any item type, numbers for number arrays).
    var expressionType: ExpressionType {
        switch self {
        case .number: .number
        case .color: .color
        case .string, .enumeration: .string
        case .bool: .boolean
        case .array: .array(.value)
        case .numberArray: .array(.number)
        case .formatted: .formatted
        case .resolvedImage: .resolvedImage
        case .padding: .padding
        case .numberList: .numberArray
        case .colorList: .colorArray
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
            return SpecialValues.padding(value).map { .array($0.map(StyleValue.number)) }
        case (.numberList, _):
            return SpecialValues.numberArray(value).map(StyleValue.numberArray)
        case (.colorList, .color(let color)):
            return .colorArray([color])
        case (.colorList, _):
            return SpecialValues.colorArray(value).map(StyleValue.colorArray)
        case (.resolvedImage, .image(let image)):
            return .string(image.name)
        default:
            return nil
        }
    }
}
