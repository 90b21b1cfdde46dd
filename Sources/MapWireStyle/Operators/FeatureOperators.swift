/// What the evaluation context provides: the feature's properties, geometry type, id and state, the zoom,
/// the terrain elevation and the per-pixel inputs of heatmaps and gradient lines.
enum FeatureOperators {
    static let definitions: [String: OperatorDefinition] = [
        "get": OperatorDefinition(.value, [
            .init(signature: .fixed([.string]), reads: .feature) { args, context, _ throws(EvaluationError) in
                context.feature?.property(try args[0].string(context)) ?? .null
            },
            .init(signature: .fixed([.string, .object]), reads: []) { args, context, _ throws(EvaluationError) in
                let key = try args[0].string(context)
                return try args[1].evaluate(context).object?[key] ?? .null
            },
        ]),
        "has": OperatorDefinition(.boolean, [
            .init(signature: .fixed([.string]), reads: .feature) { args, context, _ throws(EvaluationError) in
                .bool(context.feature?.property(try args[0].string(context)) != nil)
            },
            .init(signature: .fixed([.string, .object]), reads: []) { args, context, _ throws(EvaluationError) in
                let key = try args[0].string(context)
                return .bool(try args[1].evaluate(context).object?[key] != nil)
            },
        ]),
        "feature-state": OperatorDefinition(.value, [.string], reads: [.feature, .featureState]) { args, context, _ throws(EvaluationError) in
            context.featureState?[try args[0].string(context)] ?? .null
        },
        "properties": OperatorDefinition(.object, [], reads: .feature) { _, context, _ in
            .object(context.feature?.allProperties ?? [:])
        },
        "geometry-type": OperatorDefinition(.string, [], reads: .feature) { _, context, _ in
            context.feature.map { .string($0.geometryTypeName) } ?? .null
        },
        "id": OperatorDefinition(.value, [], reads: .feature) { _, context, _ in context.feature?.featureID ?? .null },
        "zoom": OperatorDefinition(.number, [], reads: .zoom) { _, context, _ in .number(context.zoom) },
        "heatmap-density": OperatorDefinition(.number, [], reads: .heatmapDensity) { _, context, _ in
            .number(orZero(context.heatmapDensity))
        },
        "elevation": OperatorDefinition(.number, [], reads: .elevation) { _, context, _ in .number(orZero(context.elevation)) },
        "line-progress": OperatorDefinition(.number, [], reads: .lineProgress) { _, context, _ in .number(orZero(context.lineProgress)) },
        // Only symbol placement accumulates values; elsewhere there is nothing accumulated.
        "accumulated": OperatorDefinition(.value, [], reads: .accumulated) { _, _, _ in .null },
    ]

    /// `value || 0`: a missing or NaN input reads as 0.
    private static func orZero(_ value: Double?) -> Double {
        guard let value, !value.isNaN else { return 0 }
        return value
    }
}
