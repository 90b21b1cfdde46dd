import MapWireStyle

/// One paint or layout property of a layer as a painter reads it during one frame: looked up by
/// name once per layer, and evaluated once when no feature can change it (absent, a constant, or a
/// function of zoom alone). Reading it per feature then costs no string-keyed lookup and, for such
/// properties, no evaluation: the same value `RenderLayer.number` & co. would give for each feature.
struct LayerProperty<Value> {
    /// The value to evaluate per feature; nil when `once` holds the answer for every feature.
    private let perFeature: PropertyValue?
    private let once: Value
    /// Whether reading it needs the feature's evaluation context.
    let dependsOnFeature: Bool
    private let fallback: Value
    private let read: (PropertyValue, EvaluationContext, Value) -> Value

    /// `value` is the layer's property (nil when the style leaves it out); `frame` carries the
    /// frame's zoom and no feature.
    init(_ value: PropertyValue?, _ frame: EvaluationContext, _ fallback: Value,
         read: @escaping (PropertyValue, EvaluationContext, Value) -> Value) {
        self.fallback = fallback
        self.read = read
        if let value, !value.isFeatureConstant {
            perFeature = value
            once = fallback
            dependsOnFeature = true
        } else {
            perFeature = nil
            once = value.map { read($0, frame, fallback) } ?? fallback
            dependsOnFeature = false
        }
    }

    /// The value for one feature: `eval` is built only when the property varies by feature.
    func callAsFunction(_ eval: @autoclosure () -> EvaluationContext) -> Value {
        // The flag first: the constant path then copies no PropertyValue.
        guard dependsOnFeature, let perFeature else { return once }
        return read(perFeature, eval(), fallback)
    }
}

extension RenderLayer {
    /// A paint property, or a layout one of that name (as `number(_:_:_:)` & co. look it up).
    func property(_ name: String) -> PropertyValue? { paint[name] ?? layout[name] }

    func numberProperty(_ name: String, _ frame: EvaluationContext, _ fallback: Double) -> LayerProperty<Double> {
        LayerProperty(property(name), frame, fallback) { $0.number($1, default: $2) }
    }

    func colorProperty(_ name: String, _ frame: EvaluationContext, _ fallback: StyleColor) -> LayerProperty<StyleColor> {
        LayerProperty(property(name), frame, fallback) { $0.color($1, default: $2) }
    }

    func stringProperty(_ name: String, _ frame: EvaluationContext, _ fallback: String) -> LayerProperty<String> {
        LayerProperty(property(name), frame, fallback) { $0.string($1, default: $2) }
    }

    func numbersProperty(_ name: String, _ frame: EvaluationContext, _ fallback: [Double]) -> LayerProperty<[Double]> {
        LayerProperty(property(name), frame, fallback) { $0.numbers($1, default: $2) }
    }
}
