import MapWireCanvas
import MapWireLabels
import MapWireStyle

/// How one feature's label looks and is laid out, evaluated from the layer for that feature. What it says
/// and in which fonts follows `LabelText`, the rule offline downloads fetch glyphs by.
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

    /// Nil when the feature has no text to show; `properties` are the layer's, resolved for the frame.
    init?(_ properties: Properties, _ eval: EvaluationContext, alongLine: Bool) {
        let p = properties
        // GL evaluates layout properties at the tile's zoom; the size and the paint at the camera's.
        let layoutEval = EvaluationContext(zoom: p.layoutZoom, feature: eval.feature)
        guard let field = p.field, let sections = LabelText.sections(field, transform: p.transform(layoutEval), layoutEval) else { return nil }
        self.sections = sections
        fontStack = p.font(layoutEval)
        size = p.size(eval)
        guard LabelText.isShown(size: size) else { return nil }
        let em = EmUnits.perEm
        var anchor = TextAnchor(p.anchor(layoutEval))
        var offset = p.offset(layoutEval)
        let justify = p.justify(layoutEval)
        if !alongLine, case .array(let items) = p.variableAnchorOffset(layoutEval) {
            // MapLibre's newer form wins over text-variable-anchor.
            variableAnchors = VariableAnchor.anchors(pairs: items, justify: justify)
        } else if !alongLine, case let names = p.variableAnchor(layoutEval), !names.isEmpty {
            let radial = p.hasRadialOffset ? p.radialOffset(layoutEval) : nil
            variableAnchors = VariableAnchor.anchors(
                names, radial: radial, textOffset: offset.count == 2 ? (offset[0], offset[1]) : (0, 0), justify: justify)
        }
        styleAnchor = anchor
        if !alongLine {
            writingModes = p.writingMode(layoutEval)
                .filter { $0 == "horizontal" || $0 == "vertical" }
        }
        if !variableAnchors.isEmpty {
            // The text is laid out centred; each anchor moves it by its own offset.
            anchor = .center
            offset = [0, 0]
        }
        layout = TextLayoutOptions(
            // Labels along lines never wrap.
            maxWidth: alongLine ? 0 : p.maxWidth(layoutEval) * em,
            lineHeight: p.lineHeight(layoutEval) * em,
            letterSpacing: p.letterSpacing(layoutEval) * em,
            justify: variableAnchors.first?.justify ?? TextAnchor.justification(justify, anchor: anchor),
            anchor: anchor,
            offsetX: (offset.count == 2 ? offset[0] : 0) * em,
            offsetY: (offset.count == 2 ? offset[1] : 0) * em)
        rotate = p.rotate(layoutEval) * .pi / 180
        padding = p.padding(layoutEval)
        paint = TextPaint(
            color: p.color(eval),
            opacity: p.opacity(eval),
            haloColor: CanvasColor(p.haloColor(eval)),
            haloWidth: p.haloWidth(eval),
            haloBlur: p.haloBlur(eval))
    }

    /// A symbol layer's text properties, looked up once per layer and frame (and evaluated once when
    /// no feature changes them); the per-feature style above reads them for each label.
    /// A class: built once per layer and frame, then shared by every feature's style without copying.
    final class Properties {
        let field: PropertyValue?
        let transform, anchor, justify: LayerProperty<String>
        let font, variableAnchor, writingMode: LayerProperty<[String]>
        let size, radialOffset, maxWidth, lineHeight, letterSpacing, rotate, padding: LayerProperty<Double>
        let opacity, haloWidth, haloBlur: LayerProperty<Double>
        let color, haloColor: LayerProperty<StyleColor>
        let offset: LayerProperty<[Double]>
        let variableAnchorOffset: LayerProperty<StyleValue>
        let hasRadialOffset: Bool
        /// The zoom layout properties are evaluated at (the tile's: `SymbolLayerOptions.layoutZoom`).
        let layoutZoom: Double

        /// `frame`: the frame's zoom, no feature; `layoutZoom`: the zoom of the layout properties.
        init(_ layer: RenderLayer, _ frame: EvaluationContext, layoutZoom: Double) {
            self.layoutZoom = layoutZoom
            let layout = EvaluationContext(zoom: layoutZoom)
            field = layer.layout["text-field"]
            transform = layer.stringProperty("text-transform", layout, LabelText.defaultTransform)
            font = LayerProperty(layer.layout["text-font"], layout, LabelText.defaultFont) { $0.strings($1, default: $2) }
            size = layer.numberProperty("text-size", frame, LabelText.defaultSize)
            anchor = layer.stringProperty("text-anchor", layout, "center")
            offset = layer.numbersProperty("text-offset", layout, [0, 0])
            justify = layer.stringProperty("text-justify", layout, "center")
            variableAnchorOffset = LayerProperty(layer.layout["text-variable-anchor-offset"], layout, .null) { value, eval, _ in
                value.evaluate(eval)
            }
            variableAnchor = LayerProperty(layer.layout["text-variable-anchor"], layout, []) { $0.strings($1, default: $2) }
            writingMode = LayerProperty(layer.layout["text-writing-mode"], layout, []) { $0.strings($1, default: $2) }
            hasRadialOffset = layer.layout["text-radial-offset"] != nil
            radialOffset = layer.numberProperty("text-radial-offset", layout, 0)
            maxWidth = layer.numberProperty("text-max-width", layout, 10)
            lineHeight = layer.numberProperty("text-line-height", layout, 1.2)
            letterSpacing = layer.numberProperty("text-letter-spacing", layout, 0)
            rotate = layer.numberProperty("text-rotate", layout, 0)
            padding = layer.numberProperty("text-padding", layout, 2)
            color = layer.colorProperty("text-color", frame, .black)
            opacity = layer.numberProperty("text-opacity", frame, 1)
            haloColor = layer.colorProperty("text-halo-color", frame, .transparent)
            haloWidth = layer.numberProperty("text-halo-width", frame, 0)
            haloBlur = layer.numberProperty("text-halo-blur", frame, 0)
        }
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
