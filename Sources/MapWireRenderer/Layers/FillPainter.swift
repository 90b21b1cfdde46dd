import MapWireCanvas
import MapWireStyle
import MapWireVectorTile

/// `fill` (and `fill-extrusion`, drawn flat): polygons with colour, opacity, outline, translate, pattern.
enum FillPainter {
    static func paint(_ layer: RenderLayer, _ context: PaintContext, extrusion: Bool = false) {
        let prefix = extrusion ? "fill-extrusion" : "fill"
        let constant = context.evaluation()
        let translate = context.translation(layer.numbers("\(prefix)-translate", constant, [0, 0]),
                                            anchor: layer.string("\(prefix)-translate-anchor", constant, "map"))
        // With pitch GL draws fills with hard edges and no outline (the suite's pitched scenes).
        let antialias = extrusion ? true : layer.bool("fill-antialias", constant, true) && context.transform.camera.pitch == 0
        let hasOutline = !extrusion && layer.paint["fill-outline-color"] != nil
        for (_, data, projection) in context.tiles(for: layer) {
            context.canvas.save()
            context.canvas.clip(to: projection.outline(extent: data.extent), antialias: false)
            for feature in context.features(of: data, layer: layer) where feature.type == .polygon {
                let eval = context.evaluation(feature)
                let opacity = layer.number("\(prefix)-opacity", eval, 1)
                guard opacity > 0 else { continue }
                var path = CanvasPath()
                for polygon in feature.polygons() {
                    for ring in polygon {
                        path.addRing(projection.points(ring).map { $0 + translate }, closed: true)
                    }
                }
                guard !path.isEmpty else { continue }
                let pattern = layer.paint["\(prefix)-pattern"]?.string(eval, default: "") ?? ""
                if !pattern.isEmpty {
                    if let sprite = context.scene.sprite, let entry = sprite.entries[pattern] {
                        context.canvas.fill(path, pattern: sprite.image, source: (entry.x, entry.y, entry.width, entry.height),
                                            patternPixelRatio: entry.pixelRatio, opacity: opacity, origin: Point2D(x: 0, y: 0))
                    }
                    continue
                }
                let color = layer.color("\(prefix)-color", eval, .black)
                context.canvas.fill(path, color: CanvasColor(color, opacity: opacity), antialias: antialias)
                // GL engines draw a 1 px outline over an antialiased fill, in the fill colour unless
                // fill-outline-color says otherwise.
                if antialias, !extrusion {
                    let outline = hasOutline ? layer.color("fill-outline-color", eval, color) : color
                    context.canvas.stroke(path, color: CanvasColor(outline, opacity: opacity), style: StrokeStyle(width: 1))
                }
            }
            context.canvas.restore()
        }
    }
}
