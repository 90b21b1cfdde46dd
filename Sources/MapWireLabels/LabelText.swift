import MapWireStyle

/// What a feature's label says and in which fonts, by the layer's text-field, text-transform, text-font and
/// text-size: the rule the renderer's symbol placer lays labels out by and an offline download fetches
/// their glyphs by, so the two never disagree.
public struct LabelText: Sendable {
    /// `text-font`'s default (style specification v8).
    public static let defaultFont = ["Open Sans Regular", "Arial Unicode MS Regular"]
    /// `text-size`'s default.
    public static let defaultSize = 16.0
    /// `text-transform`'s default.
    public static let defaultTransform = "none"

    /// text-field's sections, each with its own font stack where the `format` expression gives one.
    public let sections: [FormattedSection]
    /// text-font: the stack of sections that name none.
    public let fontStack: [String]

    /// The label of one feature, the layer's properties evaluated for it; nil when it shows nothing.
    public init?(_ layer: RenderLayer, _ eval: EvaluationContext) {
        guard let field = layer.layout["text-field"],
              let sections = Self.sections(field, transform: layer.string("text-transform", eval, Self.defaultTransform), eval),
              Self.isShown(size: layer.number("text-size", eval, Self.defaultSize))
        else { return nil }
        self.sections = sections
        fontStack = layer.layout["text-font"]?.strings(eval, default: Self.defaultFont) ?? Self.defaultFont
    }

    /// text-field's sections for a feature with text-transform applied; nil when none has text.
    public static func sections(_ field: PropertyValue, transform: String, _ eval: EvaluationContext) -> [FormattedSection]? {
        let sections = field.formatted(eval).map { section in
            var section = section
            switch transform {
            case "uppercase": section.text = section.text.uppercased()
            case "lowercase": section.text = section.text.lowercased()
            default: break
            }
            return section
        }
        return sections.contains(where: { !$0.text.isEmpty }) ? sections : nil
    }

    /// A label of no size is not laid out.
    public static func isShown(size: Double) -> Bool { size > 0 }
}
