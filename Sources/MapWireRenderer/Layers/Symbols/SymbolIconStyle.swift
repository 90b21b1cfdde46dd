import MapWireCanvas
import MapWireStyle

/// How one feature's icon looks and sits, evaluated from the layer for that feature.
struct SymbolIconStyle {
    var name: String
    var size: Double
    var offset: (x: Double, y: Double)
    var anchor: TextAnchor
    var rotate: Double
    var padding: Double
    var paint: TextPaint
    var textFit: IconTextFit
    /// `icon-text-fit-padding`: top, right, bottom, left (px).
    var textFitPadding: [Double]

    /// Nil when the feature has no icon.
    init?(_ layer: RenderLayer, _ eval: EvaluationContext) {
        self.init(Properties(layer, EvaluationContext(zoom: eval.zoom)), eval)
    }

    /// Nil when the feature has no icon; `properties` are the layer's, resolved for the frame.
    init?(_ properties: Properties, _ eval: EvaluationContext) {
        let p = properties
        guard p.hasImage else { return nil }
        name = p.image(eval)
        guard !name.isEmpty else { return nil }
        size = p.size(eval)
        guard size > 0 else { return nil }
        let offset = p.offset(eval)
        self.offset = offset.count == 2 ? (offset[0], offset[1]) : (0, 0)
        anchor = TextAnchor(p.anchor(eval))
        rotate = p.rotate(eval) * .pi / 180
        padding = p.padding(eval).max() ?? 2
        textFit = IconTextFit(p.textFit(eval))
        let fitPadding = p.textFitPadding(eval)
        textFitPadding = fitPadding.count == 4 ? fitPadding : [0, 0, 0, 0]
        paint = TextPaint(
            color: p.color(eval),
            opacity: p.opacity(eval),
            haloColor: CanvasColor(p.haloColor(eval)),
            haloWidth: p.haloWidth(eval),
            haloBlur: p.haloBlur(eval))
    }

    /// A symbol layer's icon properties, looked up once per layer and frame (and evaluated once when
    /// no feature changes them).
    /// A class: built once per layer and frame, then shared by every feature's style without copying.
    final class Properties {
        let hasImage: Bool
        let image, anchor, textFit: LayerProperty<String>
        let size, rotate, opacity, haloWidth, haloBlur: LayerProperty<Double>
        let offset, padding, textFitPadding: LayerProperty<[Double]>
        let color, haloColor: LayerProperty<StyleColor>

        /// `frame`: the frame's zoom, no feature.
        init(_ layer: RenderLayer, _ frame: EvaluationContext) {
            let image = layer.layout["icon-image"]
            hasImage = image != nil
            self.image = LayerProperty(image, frame, "") { $0.string($1, default: $2) }
            size = layer.numberProperty("icon-size", frame, 1)
            offset = layer.numbersProperty("icon-offset", frame, [0, 0])
            anchor = layer.stringProperty("icon-anchor", frame, "center")
            rotate = layer.numberProperty("icon-rotate", frame, 0)
            padding = layer.numbersProperty("icon-padding", frame, [2])
            textFit = layer.stringProperty("icon-text-fit", frame, "none")
            textFitPadding = layer.numbersProperty("icon-text-fit-padding", frame, [0, 0, 0, 0])
            color = layer.colorProperty("icon-color", frame, .black)
            opacity = layer.numberProperty("icon-opacity", frame, 1)
            haloColor = layer.colorProperty("icon-halo-color", frame, .transparent)
            haloWidth = layer.numberProperty("icon-halo-width", frame, 0)
            haloBlur = layer.numberProperty("icon-halo-blur", frame, 0)
        }
    }
}
