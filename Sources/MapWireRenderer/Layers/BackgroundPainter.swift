import MapWireCanvas
import MapWireGeometry
import MapWireStyle

/// `background`: the whole canvas in one colour (or a sprite pattern lying on the map).
enum BackgroundPainter {
    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        let eval = context.evaluation()
        let opacity = layer.number("background-opacity", eval, 1)
        guard opacity > 0 else { return }
        let whole = CanvasPath.rectangle(left: 0, top: 0, right: Double(context.canvas.width), bottom: Double(context.canvas.height))
        if let pattern = layer.paint["background-pattern"].map({ $0.string(eval, default: "") }), !pattern.isEmpty {
            guard let sprite = context.scene.sprite, let entry = sprite.entries[pattern] else { return }
            // On the map plane like a fill's pattern (PatternPlacement): GL draws the background tile
            // by tile with the same world-anchored pattern, so any tile's map serves the whole view.
            let placement = PatternPlacement(entry: entry, zoom: context.zoom)
            let z = Int(placement.tileZoom)
            let center = WebMercator.project(context.transform.camera.center, zoom: Double(z))
            let tiles = 1 << min(z, 30)
            let tile = CanonicalTileID(z: z, x: min(tiles - 1, max(0, Int(center.x / WebMercator.tileSize))),
                                       y: min(tiles - 1, max(0, Int(center.y / WebMercator.tileSize))))
            guard let map = placement.onPlane(TileProjection(transform: context.transform, tile: tile, extent: 8192)) else { return }
            context.canvas.fill(whole, pattern: sprite.image, source: (entry.x, entry.y, entry.width, entry.height),
                                patternFromScreen: map, opacity: opacity, spritePixelRatio: entry.pixelRatio)
            return
        }
        let color = layer.color("background-color", eval, .black)
        context.canvas.fill(whole, color: CanvasColor(color, opacity: opacity))
    }
}
