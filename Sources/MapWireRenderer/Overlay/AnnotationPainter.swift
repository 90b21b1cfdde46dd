import Foundation
import MapWireCanvas

/// Draws annotations bottom first: polygons (even-odd fill at alpha, outline in the stroke colour),
/// polylines (stroke colour, width in points, round joins, at alpha) and points (their image anchored
/// at its bottom centre, natural size; the built-in pin without one or when a named image is missing).
enum AnnotationPainter {
    /// Style image names the annotations drew with, and those they asked for that the frame lacks.
    struct Images {
        var used: Set<String> = []
        var missing: Set<String> = []
    }

    /// Draws `annotations`; returns the style images they used and those missing.
    static func paint(_ annotations: [OverlayAnnotation], projection: OverlayProjection, sprite: SpriteAtlas?,
                      pins: PinStamps, canvas: Canvas) -> Images {
        var images = Images()
        let bounds = (width: Double(canvas.width), height: Double(canvas.height))
        for annotation in annotations {
            switch annotation.shape {
            case .polygon(let outer, let holes):
                guard outer.count >= 3 else { continue }
                var path = CanvasPath()
                path.addRing(projection.screen(outer), closed: true)
                for hole in holes where hole.count >= 3 { path.addRing(projection.screen(hole, wrapLike: outer[0]), closed: true) }
                let alpha = clamped(annotation.alpha)
                canvas.setOpacityGroup({
                    canvas.fill(path, color: annotation.fillColor, rule: .evenOdd)
                    canvas.stroke(path, color: annotation.strokeColor, style: StrokeStyle(width: annotation.selected ? 2 : 1, join: .round))
                }, opacity: alpha)
            case .polyline(let coordinates):
                guard coordinates.count >= 2, annotation.lineWidth.isFinite, annotation.lineWidth > 0 else { continue }
                var path = CanvasPath()
                path.addRing(projection.screen(coordinates), closed: false)
                canvas.stroke(path, color: annotation.strokeColor.withOpacity(clamped(annotation.alpha)),
                              style: StrokeStyle(width: annotation.lineWidth, cap: .round, join: .round))
            case .point(let coordinate, let image):
                let tip = projection.screen(coordinate)
                // Far off screen: nothing of a marker (at most a few hundred px) can show.
                guard tip.x > -1000, tip.x < bounds.width + 1000, tip.y > -1000, tip.y < bounds.height + 1000 else { continue }
                if !drawImage(image, at: tip, sprite: sprite, canvas: canvas, images: &images) {
                    pins.draw(tip: tip, tint: annotation.strokeColor, selected: annotation.selected, on: canvas)
                }
            }
        }
        return images
    }

    /// Draws the point's own image with its bottom centre at `tip`; false when the pin must stand in.
    private static func drawImage(_ image: OverlayImage?, at tip: Point2D, sprite: SpriteAtlas?, canvas: Canvas,
                                  images: inout Images) -> Bool {
        switch image {
        case nil:
            return false
        case .png(let png, let pixelRatio)?:
            let ratio = pixelRatio > 0 && pixelRatio.isFinite ? pixelRatio : 1
            let width = Double(png.width) / ratio, height = Double(png.height) / ratio
            canvas.draw(png, source: nil, into: (tip.x - width / 2, tip.y - height, width, height), opacity: 1)
            return true
        case .styleImage(let name)?:
            guard let entry = sprite?.entries[name], let sprite else {
                images.missing.insert(name)
                return false
            }
            images.used.insert(name)
            let width = Double(entry.width) / entry.pixelRatio, height = Double(entry.height) / entry.pixelRatio
            canvas.draw(sprite.image, source: (entry.x, entry.y, entry.width, entry.height),
                        into: (tip.x - width / 2, tip.y - height, width, height), opacity: 1)
            return true
        }
    }

    private static func clamped(_ alpha: Double) -> Double { alpha.isFinite ? min(1, max(0, alpha)) : 1 }
}
