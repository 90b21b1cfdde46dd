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
        guard let image = layer.layout["icon-image"] else { return nil }
        name = image.string(eval, default: "")
        guard !name.isEmpty else { return nil }
        size = layer.number("icon-size", eval, 1)
        guard size > 0 else { return nil }
        let offset = layer.numbers("icon-offset", eval, [0, 0])
        self.offset = offset.count == 2 ? (offset[0], offset[1]) : (0, 0)
        anchor = TextAnchor(layer.string("icon-anchor", eval, "center"))
        rotate = layer.number("icon-rotate", eval, 0) * .pi / 180
        padding = layer.numbers("icon-padding", eval, [2]).max() ?? 2
        textFit = IconTextFit(layer.string("icon-text-fit", eval, "none"))
        let fitPadding = layer.numbers("icon-text-fit-padding", eval, [0, 0, 0, 0])
        textFitPadding = fitPadding.count == 4 ? fitPadding : [0, 0, 0, 0]
        paint = TextPaint(
            color: layer.color("icon-color", eval, .black),
            opacity: layer.number("icon-opacity", eval, 1),
            haloColor: CanvasColor(layer.color("icon-halo-color", eval, .transparent)),
            haloWidth: layer.number("icon-halo-width", eval, 0),
            haloBlur: layer.number("icon-halo-blur", eval, 0))
    }
}
