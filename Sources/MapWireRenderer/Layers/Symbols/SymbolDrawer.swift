import Foundation
import MapWireCanvas

/// Draws a symbol layer's placed symbols: icons first, then every label halo, then every label
/// fill, so no halo covers a neighbouring glyph's fill.
enum SymbolDrawer {
    static func draw(_ symbols: PlacedSymbols, _ context: PaintContext, sdfFields: SDFIconFields) {
        let canvas = context.canvas
        if let sprite = context.scene.sprite {
            let flat = context.transform.camera.pitch == 0
            for icon in symbols.icons { draw(icon, sprite: sprite, canvas: canvas, sdfFields: sdfFields, flat: flat) }
        }
        for part in [SDFPart.haloOnly, .fillOnly] {
            for g in symbols.glyphs where !g.glyph.bitmap.isEmpty {
                if part == .haloOnly, g.paint.haloWidth <= 0 || g.paint.haloColor.a <= 0 { continue }
                canvas.drawSDF(g.glyph.bitmap, width: g.glyph.width + 6, height: g.glyph.height + 6, origin: g.origin,
                               scale: g.scale, rotation: g.rotation, pivot: g.pivot, color: CanvasColor(g.color),
                               opacity: g.paint.opacity, haloColor: g.paint.haloColor, haloWidth: g.paint.haloWidth,
                               haloBlur: g.paint.haloBlur, parts: part, plane: g.plane, edgeScale: g.edgeScale)
            }
        }
    }

    private static func draw(_ icon: IconDraw, sprite: SpriteAtlas, canvas: Canvas, sdfFields: SDFIconFields, flat: Bool) {
        let e = icon.entry
        if e.sdf {
            let field = sdfFields.field(icon.name, e, in: sprite)
            // An icon stretched by icon-text-fit: squeezed vertically about its corner (unrotated only).
            let scaleX = icon.width / Double(max(1, e.width)), scaleY = icon.height / Double(max(1, e.height))
            let stretched = icon.rotation == 0 && scaleX > 0 && abs(scaleY - scaleX) > 1e-9
            let origin = Point2D(x: icon.x, y: icon.y)
            canvas.drawSDF(field, width: e.width, height: e.height, origin: origin,
                           scale: scaleX, rotation: icon.rotation, pivot: stretched ? origin : icon.pivot,
                           color: CanvasColor(icon.paint.color), opacity: icon.paint.opacity,
                           haloColor: icon.paint.haloColor, haloWidth: icon.paint.haloWidth, haloBlur: icon.paint.haloBlur,
                           plane: stretched ? PlaneMap(a: 1, b: 0, c: 0, d: scaleY / scaleX) : .identity)
            return
        }
        if flat, let exact = PixelExactIcon.placement(icon, canvasPixelRatio: canvas.pixelRatio) {
            canvas.draw(sprite.image, source: (e.x, e.y, e.width, e.height), into: exact, opacity: icon.paint.opacity, smooth: false)
            return
        }
        // `draw` turns the rectangle about its own centre: move that centre to where turning
        // about the pivot puts it.
        var x = icon.x, y = icon.y
        if icon.rotation != 0 {
            let cx = icon.x + icon.width / 2 - icon.pivot.x, cy = icon.y + icon.height / 2 - icon.pivot.y
            let c = cos(icon.rotation), s = sin(icon.rotation)
            x = icon.pivot.x + cx * c - cy * s - icon.width / 2
            y = icon.pivot.y + cx * s + cy * c - icon.height / 2
        }
        canvas.draw(sprite.image, source: (e.x, e.y, e.width, e.height), into: (x, y, icon.width, icon.height),
                    opacity: icon.paint.opacity, rotation: icon.rotation)
    }
}
