/// An expression compiled for one property, as the specification's `createPropertyExpression` compiles
/// it: typed by the property, and rejected where the property forbids data or zoom expressions, where
/// zoom is not the input of the one top-level curve, or where it interpolates a property that cannot.
public struct StylePropertyExpression: Sendable {
    private let expression: StyleExpression
    private let globalState: [String: StyleValue]?
    /// Whether the value depends on the feature (the specification's source and composite kinds).
    public let isFeatureConstant: Bool
    /// Whether the value depends on the zoom (the specification's camera and composite kinds).
    public let isZoomConstant: Bool

    /// `globalState`, when given, is what `global-state` reads, whatever the evaluation context holds.
    public init(_ value: StyleValue, spec: PropertySpecification, globalState: [String: StyleValue]? = nil) throws(ExpressionParsingErrors) {
        let expression = try StyleExpression(value: value, expecting: spec.expectedType, coercingStrings: spec.type == "string")
        let root = expression.root
        func reject(_ message: String) -> ExpressionParsingErrors {
            ExpressionParsingErrors([ExpressionParsingError(key: "", message: message)])
        }
        let featureConstant = !root.inputs.contains(.feature)
        if !featureConstant && !spec.supportsDataExpressions { throw reject("data expressions not supported") }
        let zoomConstant = !root.inputs.contains(.zoom)
        if !zoomConstant && !spec.supportsZoomExpressions { throw reject("zoom expressions not supported") }
        let curve = ExpressionAnalysis.zoomCurve(root)
        switch curve {
        case nil where !zoomConstant: throw reject(ZoomCurve.misplaced)
        case .error(let message)?: throw reject(message)
        case .interpolate? where !spec.supportsInterpolation: throw reject("\"interpolate\" expressions cannot be used with this property")
        default: break
        }
        self.expression = expression
        self.globalState = globalState
        isFeatureConstant = featureConstant
        isZoomConstant = curve == nil
    }

    /// The result's static type.
    public var type: ExpressionType { expression.type }

    /// Whether it reads `feature-state`, which only some paint properties allow.
    public var readsFeatureState: Bool { expression.root.inputs.contains(.featureState) }

    /// The value, or the failure with the path of the sub-expression that failed.
    public func evaluateWithoutErrorHandling(_ context: EvaluationContext) throws(StyleEvaluationFailure) -> StyleValue {
        var context = context
        if let globalState { context.globalState = globalState }
        switch expression.evaluateWithError(context) {
        case .success(let value): return value
        case .failure(let failure): throw failure
        }
    }
}

extension PropertySpecification {
    /// The type the property's expressions must produce (nil when unconstrained).
    public var expectedType: ExpressionType? {
        func named(_ name: String?) -> ExpressionType? {
            switch name {
            case "color": .color
            case "string", "enum": .string
            case "number": .number
            case "boolean": .boolean
            case "formatted": .formatted
            case "padding": .padding
            case "numberArray": .numberArray
            case "colorArray": .colorArray
            case "projectionDefinition": .projectionDefinition
            case "resolvedImage": .resolvedImage
            case "variableAnchorOffsetCollection": .variableAnchorOffsetCollection
            default: nil
            }
        }
        if type == "array" { return .array(of: named(itemType) ?? .value, count: length) }
        return named(type)
    }
}
