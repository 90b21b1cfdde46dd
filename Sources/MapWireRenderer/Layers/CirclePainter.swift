import MapWireCanvas
import MapWireStyle
import MapWireVectorTile

/// `circle`: radius, colour, blur, opacity, stroke, translate. Each point is drawn by the tile that
/// owns it (not by neighbours whose buffer also holds it), so none is drawn twice. With pitch
/// `circle-pitch-scale: map` shrinks far circles as the map shrinks.
enum CirclePainter {
    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        let constant = context.evaluation()
        let translate = context.translation(layer.numbers("circle-translate", constant, [0, 0]),
                                            anchor: layer.string("circle-translate-anchor", constant, "map"))
        let scaleWithMap = layer.string("circle-pitch-scale", constant, "map") == "map"
        let canvasWidth = Double(context.canvas.width), canvasHeight = Double(context.canvas.height)
        for (_, data, projection) in context.tiles(for: layer) {
            let extent = Int32(clamping: data.extent)
            for feature in context.features(of: data, layer: layer) {
                let eval = context.evaluation(feature)
                let radius = layer.number("circle-radius", eval, 5)
                let opacity = layer.number("circle-opacity", eval, 1)
                let strokeWidth = layer.number("circle-stroke-width", eval, 0)
                let strokeOpacity = layer.number("circle-stroke-opacity", eval, 1)
                guard radius > 0 || strokeWidth > 0 else { continue }
                let color = CanvasColor(layer.color("circle-color", eval, .black), opacity: opacity)
                let stroke = CanvasColor(layer.color("circle-stroke-color", eval, .black), opacity: strokeOpacity)
                let blur = layer.number("circle-blur", eval, 0)
                for part in feature.geometry {
                    for point in part where point.x >= 0 && point.y >= 0 && point.x < extent && point.y < extent {
                        let center = projection.point(point) + translate
                        let scale = scaleWithMap ? projection.projector.perspectiveScale(atScreenY: center.y) : 1
                        let outer = (radius + strokeWidth) * scale
                        guard center.x + outer > 0, center.x - outer < canvasWidth,
                              center.y + outer > 0, center.y - outer < canvasHeight else { continue }
                        context.canvas.circle(center: center, radius: radius * scale, color: color, blur: blur,
                                              strokeWidth: strokeWidth * scale, strokeColor: stroke)
                    }
                }
            }
        }
    }
}
