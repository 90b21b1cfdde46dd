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
        self.init(Properties(layer, EvaluationContext(zoom: eval.zoom), layoutZoom: eval.zoom), eval)
    }

    /// Nil when the feature has no icon; `properties` are the layer's, resolved for the frame.
    init?(_ properties: Properties, _ eval: EvaluationContext) {
        let p = properties
        guard p.hasImage else { return nil }
        // GL evaluates layout properties at the tile's zoom; the size and the paint at the camera's.
        let layoutEval = EvaluationContext(zoom: p.layoutZoom, feature: eval.feature)
        name = p.image(layoutEval)
        guard !name.isEmpty else { return nil }
        size = p.size(eval)
        guard size > 0 else { return nil }
        let offset = p.offset(layoutEval)
        self.offset = offset.count == 2 ? (offset[0], offset[1]) : (0, 0)
        anchor = TextAnchor(p.anchor(layoutEval))
        rotate = p.rotate(layoutEval) * .pi / 180
        padding = p.padding(layoutEval).max() ?? 2
        textFit = IconTextFit(p.textFit(layoutEval))
        let fitPadding = p.textFitPadding(layoutEval)
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
        /// The zoom layout properties are evaluated at (the tile's: `SymbolLayerOptions.layoutZoom`).
        let layoutZoom: Double

        /// `frame`: the frame's zoom, no feature; `layoutZoom`: the zoom of the layout properties.
        init(_ layer: RenderLayer, _ frame: EvaluationContext, layoutZoom: Double) {
            self.layoutZoom = layoutZoom
            let layout = EvaluationContext(zoom: layoutZoom)
            let image = layer.layout["icon-image"]
            hasImage = image != nil
            self.image = LayerProperty(image, layout, "") { $0.string($1, default: $2) }
            size = layer.numberProperty("icon-size", frame, 1)
            offset = layer.numbersProperty("icon-offset", layout, [0, 0])
            anchor = layer.stringProperty("icon-anchor", layout, "center")
            rotate = layer.numberProperty("icon-rotate", layout, 0)
            padding = layer.numbersProperty("icon-padding", layout, [2])
            textFit = layer.stringProperty("icon-text-fit", layout, "none")
            textFitPadding = layer.numbersProperty("icon-text-fit-padding", layout, [0, 0, 0, 0])
            color = layer.colorProperty("icon-color", frame, .black)
            opacity = layer.numberProperty("icon-opacity", frame, 1)
            haloColor = layer.colorProperty("icon-halo-color", frame, .transparent)
            haloWidth = layer.numberProperty("icon-halo-width", frame, 0)
            haloBlur = layer.numberProperty("icon-halo-blur", frame, 0)
        }
    }
}
