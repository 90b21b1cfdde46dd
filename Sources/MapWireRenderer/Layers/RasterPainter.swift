import MapWireCanvas
import MapWireGeometry
import MapWireStyle

/// `raster`: raster tiles or an image source, warped onto their place on screen, with opacity and
/// brightness, contrast, saturation and hue rotation applied to the colours each screen pixel samples.
enum RasterPainter {
    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        guard let sourceID = layer.source, let source = context.scene.sources[sourceID] else { return }
        let eval = context.evaluation()
        let opacity = layer.number("raster-opacity", eval, 1)
        guard opacity > 0 else { return }
        let adjustment = RasterAdjustment(
            brightnessMin: layer.number("raster-brightness-min", eval, 0), brightnessMax: layer.number("raster-brightness-max", eval, 1),
            contrast: layer.number("raster-contrast", eval, 0), saturation: layer.number("raster-saturation", eval, 0),
            hueRotate: layer.number("raster-hue-rotate", eval, 0))
        let smooth = layer.string("raster-resampling", eval, "linear") != "nearest"
        // Adjusted rasters are drawn opaque into a layer that is adjusted, then composited at the opacity.
        let quadOpacity = adjustment.isIdentity ? opacity : 1
        let draw = {
            switch source {
            case .raster(let tiles):
                // On every copy of the world the view reaches, as vector tiles are (GL's renderWorldCopies).
                for id in tiles.keys.sorted() {
                    guard let image = tiles[id] else { continue }
                    for wrap in context.worldCopies(atZoom: id.z) {
                        let projection = TileProjection(transform: context.transform, tile: id, extent: 1, wrap: wrap)
                        let corners = [(0, 0), (1, 0), (1, 1), (0, 1)].map { projection.point(.init(x: Int32($0.0), y: Int32($0.1))) }
                        context.canvas.draw(image, toQuad: corners, opacity: quadOpacity, smooth: smooth)
                    }
                }
            case .image(let image, let corners):
                let projector = context.transform.projector(atZoom: 0)
                let screen = corners.map { corner -> Point2D in
                    let world = WebMercator.project(corner, zoom: 0)
                    let p = projector.project(x: world.x, y: world.y)
                    return Point2D(x: p.x, y: p.y)
                }
                context.canvas.draw(image, toQuad: screen, opacity: quadOpacity, smooth: smooth)
            case .vector, .geojson:
                break
            }
        }
        if adjustment.isIdentity {
            draw()
        } else {
            context.canvas.drawAdjusted(adjustment, opacity: opacity, draw)
        }
    }
}
