/// What the evaluation context provides: the feature's properties, geometry type and id, the zoom,
/// and the per-pixel inputs of heatmaps and gradient lines.
enum FeatureOperators {
    static let definitions: [String: OperatorDefinition] = [
        "properties": OperatorDefinition(0, reads: .feature) { _, context in
            .object(context.feature?.allProperties ?? [:])
        },
        "geometry-type": OperatorDefinition(0, reads: .feature) { _, context in
            context.feature.map { .string($0.geometryTypeName) } ?? .null
        },
        "id": OperatorDefinition(0, reads: .feature) { _, context in context.feature?.featureID ?? .null },
        // A headless engine keeps no feature state, so it always reads as absent.
        "feature-state": OperatorDefinition(1, reads: .feature) { _, _ in .null },
        "zoom": OperatorDefinition(0, reads: .zoom) { _, context in .number(context.zoom) },
        "heatmap-density": OperatorDefinition(0, reads: .heatmapDensity) { _, context in
            .number(context.heatmapDensity ?? 0)
        },
        "line-progress": OperatorDefinition(0, reads: .lineProgress) { _, context in
            .number(context.lineProgress ?? 0)
        },
    ]
}
