import MapWireCanvas
import MapWireGeometry
import MapWireStyle

/// `raster`: raster tiles or an image source, warped onto their place on screen, with opacity and
/// brightness, contrast, saturation and hue rotation.
enum RasterPainter {
    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        guard let sourceID = layer.source, let source = context.scene.sources[sourceID] else { return }
        let eval = context.evaluation()
        let opacity = layer.number("raster-opacity", eval, 1)
        guard opacity > 0 else { return }
        let adjust = { (image: CanvasImage) -> CanvasImage in
            let minB = layer.number("raster-brightness-min", eval, 0), maxB = layer.number("raster-brightness-max", eval, 1)
            let contrast = layer.number("raster-contrast", eval, 0), saturation = layer.number("raster-saturation", eval, 0)
            let hue = layer.number("raster-hue-rotate", eval, 0)
            guard minB != 0 || maxB != 1 || contrast != 0 || saturation != 0 || hue != 0 else { return image }
            return Canvas.adjusted(image, brightnessMin: minB, brightnessMax: maxB, contrast: contrast, saturation: saturation, hueRotate: hue)
        }
        let smooth = layer.string("raster-resampling", eval, "linear") != "nearest"
        switch source {
        case .raster(let tiles):
            for id in tiles.keys.sorted() {
                guard let image = tiles[id] else { continue }
                let projection = TileProjection(transform: context.transform, tile: id, extent: 1)
                let corners = [(0, 0), (1, 0), (1, 1), (0, 1)].map { projection.point(.init(x: Int32($0.0), y: Int32($0.1))) }
                context.canvas.draw(adjust(image), toQuad: corners, opacity: opacity, smooth: smooth)
            }
        case .image(let image, let corners):
            let projector = context.transform.projector(atZoom: 0)
            let screen = corners.map { corner -> Point2D in
                let world = WebMercator.project(corner, zoom: 0)
                let p = projector.project(x: world.x, y: world.y)
                return Point2D(x: p.x, y: p.y)
            }
            context.canvas.draw(adjust(image), toQuad: screen, opacity: opacity, smooth: smooth)
        case .vector, .geojson:
            break
        }
    }
}
