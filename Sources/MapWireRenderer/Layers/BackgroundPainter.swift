import MapWireCanvas
import MapWireStyle

/// `background`: the whole canvas in one colour (or a sprite pattern).
enum BackgroundPainter {
    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        let eval = context.evaluation()
        let opacity = layer.number("background-opacity", eval, 1)
        guard opacity > 0 else { return }
        var whole = CanvasPath()
        let w = Double(context.canvas.width), h = Double(context.canvas.height)
        whole.addRing([Point2D(x: 0, y: 0), Point2D(x: w, y: 0), Point2D(x: w, y: h), Point2D(x: 0, y: h)], closed: true)
        if let pattern = layer.paint["background-pattern"].map({ $0.string(eval, default: "") }), !pattern.isEmpty {
            guard let sprite = context.scene.sprite, let entry = sprite.entries[pattern] else { return }
            context.canvas.fill(whole, pattern: sprite.image, source: (entry.x, entry.y, entry.width, entry.height),
                                patternPixelRatio: entry.pixelRatio, opacity: opacity, origin: Point2D(x: 0, y: 0))
            return
        }
        let color = layer.color("background-color", eval, .black)
        context.canvas.fill(whole, color: CanvasColor(color, opacity: opacity))
    }
}
