/// An expression compiled for one property (temporary: the untyped evaluator, before static types).
public struct StylePropertyExpression: Sendable {
    private let value: PropertyValue
    public let type: ExpressionType = .error

    public init(_ json: StyleValue, spec: PropertySpecification, globalState: [String: StyleValue]? = nil) throws(ExpressionParsingErrors) {
        let kind: StylePropertyKind
        switch spec.type {
        case "color": kind = .color
        case "string": kind = .string
        case "boolean": kind = .bool
        case "enum": kind = .enumeration
        case "array": kind = spec.itemType == "number" ? .numberArray : .array
        case "formatted": kind = .formatted
        case "resolvedImage": kind = .resolvedImage
        case "padding": kind = .padding
        default: kind = .number
        }
        do { value = try PropertyValue(value: json, kind: kind) } catch {
            throw ExpressionParsingErrors([ExpressionParsingError(key: "", message: error.description)])
        }
    }

    public var isFeatureConstant: Bool { value.isFeatureConstant }
    public var isZoomConstant: Bool { value.isZoomConstant }

    public func evaluateWithoutErrorHandling(_ context: EvaluationContext) throws(StyleEvaluationFailure) -> StyleValue {
        let result = value.evaluate(context)
        if result == .null { throw StyleEvaluationFailure(message: "evaluation failed") }
        return result
    }
}

/// Legacy (pre-expression) function objects (temporary: read as they are).
public enum LegacyFunction {
    public static func isFunction(_ value: StyleValue) -> Bool { value.object != nil }
    public static func expression(converting value: StyleValue, spec: PropertySpecification) -> StyleValue { value }
}
