import MapWireCanvas
import MapWireStyle

/// How one feature's label looks and is laid out, evaluated from the layer for that feature.
struct SymbolTextStyle {
    var sections: [FormattedSection]
    var fontStack: [String]
    var size: Double
    var layout: TextLayoutOptions
    var rotate: Double
    var padding: Double
    var paint: TextPaint
    /// `text-variable-anchor` (point placement only): tried in order; empty uses `layout.anchor`.
    var variableAnchors: [VariableAnchor] = []
    /// `text-writing-mode` (point placement only): "horizontal" and "vertical" in the order to try them.
    var writingModes: [String] = []
    /// `text-anchor` as the style gives it (vertical writing puts that side of the turned block on the point).
    var styleAnchor: TextAnchor = .center

    static let defaultFont = ["Open Sans Regular", "Arial Unicode MS Regular"]

    /// Nil when the feature has no text to show.
    init?(_ layer: RenderLayer, _ eval: EvaluationContext, alongLine: Bool) {
        guard let field = layer.layout["text-field"] else { return nil }
        let transform = layer.string("text-transform", eval, "none")
        sections = field.formatted(eval).map { section in
            var section = section
            switch transform {
            case "uppercase": section.text = section.text.uppercased()
            case "lowercase": section.text = section.text.lowercased()
            default: break
            }
            return section
        }
        guard sections.contains(where: { !$0.text.isEmpty }) else { return nil }
        fontStack = layer.layout["text-font"]?.strings(eval, default: Self.defaultFont) ?? Self.defaultFont
        size = layer.number("text-size", eval, 16)
        guard size > 0 else { return nil }
        let em = EmUnits.perEm
        var anchor = TextAnchor(layer.string("text-anchor", eval, "center"))
        var offset = layer.numbers("text-offset", eval, [0, 0])
        let justify = layer.string("text-justify", eval, "center")
        if !alongLine, let pairs = layer.layout["text-variable-anchor-offset"], case .array(let items) = pairs.evaluate(eval) {
            // MapLibre's newer form wins over text-variable-anchor.
            variableAnchors = VariableAnchor.anchors(pairs: items, justify: justify)
        } else if !alongLine, let names = layer.layout["text-variable-anchor"]?.strings(eval, default: []), !names.isEmpty {
            let radial = layer.layout["text-radial-offset"] == nil ? nil : layer.number("text-radial-offset", eval, 0)
            variableAnchors = VariableAnchor.anchors(
                names, radial: radial, textOffset: offset.count == 2 ? (offset[0], offset[1]) : (0, 0), justify: justify)
        }
        styleAnchor = anchor
        if !alongLine {
            writingModes = (layer.layout["text-writing-mode"]?.strings(eval, default: []) ?? [])
                .filter { $0 == "horizontal" || $0 == "vertical" }
        }
        if !variableAnchors.isEmpty {
            // The text is laid out centred; each anchor moves it by its own offset.
            anchor = .center
            offset = [0, 0]
        }
        layout = TextLayoutOptions(
            // Labels along lines never wrap.
            maxWidth: alongLine ? 0 : layer.number("text-max-width", eval, 10) * em,
            lineHeight: layer.number("text-line-height", eval, 1.2) * em,
            letterSpacing: layer.number("text-letter-spacing", eval, 0) * em,
            justify: variableAnchors.first?.justify ?? TextAnchor.justification(justify, anchor: anchor),
            anchor: anchor,
            offsetX: (offset.count == 2 ? offset[0] : 0) * em,
            offsetY: (offset.count == 2 ? offset[1] : 0) * em)
        rotate = layer.number("text-rotate", eval, 0) * .pi / 180
        padding = layer.number("text-padding", eval, 2)
        paint = TextPaint(
            color: layer.color("text-color", eval, .black),
            opacity: layer.number("text-opacity", eval, 1),
            haloColor: CanvasColor(layer.color("text-halo-color", eval, .transparent)),
            haloWidth: layer.number("text-halo-width", eval, 0),
            haloBlur: layer.number("text-halo-blur", eval, 0))
    }
}

/// Paint of a label or SDF icon: fill colour, opacity and halo.
struct TextPaint {
    var color: StyleColor
    var opacity: Double
    var haloColor: CanvasColor
    var haloWidth: Double
    var haloBlur: Double
}
