/// The static type of an expression, as the style specification's type checker assigns it. `value` is
/// any value at all; `array(of:count:)` with a nil count is an array of any length.
public indirect enum ExpressionType: Equatable, Sendable, CustomStringConvertible {
    case null, number, string, boolean, color, object, value, error, collator, formatted
    case projectionDefinition, padding, numberArray, colorArray, resolvedImage, variableAnchorOffsetCollection
    case array(of: ExpressionType, count: Int?)

    public static func array(_ item: ExpressionType) -> ExpressionType { .array(of: item, count: nil) }

    /// The name the specification's messages use: "number", "array<string, 2>", "array<number>", and
    /// "array" for an array of values of any length.
    public var description: String {
        guard case .array(let item, let count) = self else { return kind }
        if let count { return "array<\(item), \(count)>" }
        return item == .value ? "array" : "array<\(item)>"
    }

    /// The type's kind, the part that most rules look at: "array" for every array type.
    public var kind: String {
        switch self {
        case .null: "null"
        case .number: "number"
        case .string: "string"
        case .boolean: "boolean"
        case .color: "color"
        case .object: "object"
        case .value: "value"
        case .error: "error"
        case .collator: "collator"
        case .formatted: "formatted"
        case .projectionDefinition: "projectionDefinition"
        case .padding: "padding"
        case .numberArray: "numberArray"
        case .colorArray: "colorArray"
        case .resolvedImage: "resolvedImage"
        case .variableAnchorOffsetCollection: "variableAnchorOffsetCollection"
        case .array: "array"
        }
    }

    var isArray: Bool { if case .array = self { true } else { false } }

    /// The types a `value` may be at run time.
    private static let valueMembers: [ExpressionType] = [
        .null, .number, .string, .boolean, .color, .projectionDefinition, .formatted, .object, .array(.value),
        .padding, .numberArray, .colorArray, .resolvedImage, .variableAnchorOffsetCollection,
    ]

    /// nil when `actual` may stand where `expected` is asked for, else the message the specification gives.
    /// `error` (the type of `["error", …]`) stands anywhere; an empty array of values fits any array type.
    public static func subtypeError(expected: ExpressionType, actual: ExpressionType) -> String? {
        if actual == .error { return nil }
        switch expected {
        case .array(let expectedItem, let expectedCount):
            if case .array(let item, let count) = actual,
               (count == 0 && item == .value) || subtypeError(expected: expectedItem, actual: item) == nil,
               expectedCount == nil || expectedCount == count
            {
                return nil
            }
        default:
            if expected.kind == actual.kind { return nil }
            if expected == .value, valueMembers.contains(where: { subtypeError(expected: $0, actual: actual) == nil }) { return nil }
        }
        return "Expected \(expected) but found \(actual) instead."
    }

    /// Whether the reference engine would hold two inferred types to be the very same object: it compares
    /// types by identity, and only the non-array types are shared singletons.
    static func isSameInstance(_ a: ExpressionType, _ b: ExpressionType) -> Bool {
        !a.isArray && a == b
    }
}
