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
        let pitched = context.transform.camera.pitch != 0
        // With pitch the triangles have hard edges and GL's one-pixel outline lines antialias them
        // (GLPitchedFillOutline); flat, cairo's antialiased fill and a 1 px stroke match GL's result.
        let antialias = extrusion ? true : layer.bool("fill-antialias", constant, true) && !pitched
        let glOutline = !extrusion && pitched && layer.bool("fill-antialias", constant, true)
        let hasOutline = !extrusion && layer.paint["fill-outline-color"] != nil
        // A pattern fill's edge: GL draws its triangles hard-edged and antialiases them only with the
        // pattern outline that fill-antialias turns on; cairo's antialiased fill stands for both.
        let patternAntialias = extrusion || layer.bool("fill-antialias", constant, true)
        for (_, data, projection) in context.tiles(for: layer) {
            context.canvas.save()
            context.canvas.clip(to: projection.outline(extent: data.extent), antialias: false)
            var outlines = GLPitchedFillOutline(hasOutlineColor: hasOutline)
            for feature in context.features(of: data, layer: layer) where feature.type == .polygon {
                let eval = context.evaluation(feature)
                let opacity = layer.number("\(prefix)-opacity", eval, 1)
                guard opacity > 0 else { continue }
                var path = CanvasPath()
                var rings: [[Point2D]] = []
                for polygon in feature.polygons() {
                    for ring in polygon {
                        let points = projection.points(ring).map { $0 + translate }
                        path.addRing(points, closed: true)
                        if glOutline { rings.append(points) }
                    }
                }
                guard !path.isEmpty else { continue }
                let pattern = layer.paint["\(prefix)-pattern"]?.string(eval, default: "") ?? ""
                if !pattern.isEmpty {
                    // On the map plane, in the tile zoom's pixels, anchored to the world (PatternPlacement).
                    if let sprite = context.scene.sprite, let entry = sprite.entries[pattern],
                       let map = PatternPlacement(entry: entry, zoom: context.zoom).onPlane(projection, translate: translate) {
                        context.canvas.fill(path, pattern: sprite.image, source: (entry.x, entry.y, entry.width, entry.height),
                                            patternFromScreen: map, opacity: opacity, antialias: patternAntialias,
                                            spritePixelRatio: entry.pixelRatio)
                    }
                    continue
                }
                let color = layer.color("\(prefix)-color", eval, .black)
                if glOutline {
                    let outline = hasOutline ? layer.color("fill-outline-color", eval, color) : color
                    outlines.add(path: path, rings: rings, fill: CanvasColor(color, opacity: opacity),
                                 outline: CanvasColor(outline, opacity: opacity))
                    continue
                }
                context.canvas.fill(path, color: CanvasColor(color, opacity: opacity), antialias: antialias)
                // GL engines draw a 1 px outline over an antialiased fill, in the fill colour unless
                // fill-outline-color says otherwise.
                if antialias, !extrusion {
                    let outline = hasOutline ? layer.color("fill-outline-color", eval, color) : color
                    context.canvas.stroke(path, color: CanvasColor(outline, opacity: opacity), style: StrokeStyle(width: 1))
                }
            }
            outlines.draw(on: context.canvas, groundScale: projection.projector.perspectiveScale(atScreenY:))
            context.canvas.restore()
        }
    }
}
