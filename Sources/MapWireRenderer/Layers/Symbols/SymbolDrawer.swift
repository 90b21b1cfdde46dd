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
        if !icon.pieces.isEmpty {
            drawPieces(icon, sprite: sprite, canvas: canvas, sdfFields: sdfFields)
            return
        }
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
        if flat, icon.fittedToText, icon.rotation == 0 {
            // GL fills the pixels whose centres the image covers, whole.
            let rect = PixelExactIcon.snapped((icon.x, icon.y, icon.width, icon.height), canvasPixelRatio: canvas.pixelRatio)
            canvas.draw(sprite.image, source: (e.x, e.y, e.width, e.height), into: rect, opacity: icon.paint.opacity)
            return
        }
        let shift = MismatchedIconShift.shift(spritePixelRatio: e.pixelRatio, mapPixelRatio: canvas.pixelRatio)
        let at = turned(x: icon.x - shift, y: icon.y - shift, width: icon.width, height: icon.height, about: icon.pivot,
                        by: icon.rotation)
        canvas.draw(sprite.image, source: (e.x, e.y, e.width, e.height), into: (at.x, at.y, icon.width, icon.height),
                    opacity: icon.paint.opacity, rotation: icon.rotation)
    }

    /// `draw` turns a rectangle about its own centre: the corner that puts its centre where turning
    /// about the pivot takes it.
    private static func turned(x: Double, y: Double, width: Double, height: Double, about pivot: Point2D, by rotation: Double)
        -> (x: Double, y: Double)
    {
        guard rotation != 0 else { return (x, y) }
        let cx = x + width / 2 - pivot.x, cy = y + height / 2 - pivot.y
        let c = cos(rotation), s = sin(rotation)
        return (pivot.x + cx * c - cy * s - width / 2, pivot.y + cx * s + cy * c - height / 2)
    }

    /// A stretchable icon fitted to its label: each piece of the image into its own rectangle.
    private static func drawPieces(_ icon: IconDraw, sprite: SpriteAtlas, canvas: Canvas, sdfFields: SDFIconFields) {
        let e = icon.entry
        let field = e.sdf ? sdfFields.field(icon.name, e, in: sprite) : []
        for piece in icon.pieces {
            let sx = Int(piece.sourceX.rounded()), sy = Int(piece.sourceY.rounded())
            let sw = min(e.width - sx, Int((piece.sourceX + piece.sourceWidth).rounded()) - sx)
            let sh = min(e.height - sy, Int((piece.sourceY + piece.sourceHeight).rounded()) - sy)
            let width = piece.right - piece.left, height = piece.bottom - piece.top
            guard sw > 0, sh > 0, width > 0, height > 0 else { continue }
            let x = icon.pivot.x + piece.left, y = icon.pivot.y + piece.top
            guard e.sdf else {
                let at = turned(x: x, y: y, width: width, height: height, about: icon.pivot, by: icon.rotation)
                canvas.draw(sprite.image, source: (e.x + sx, e.y + sy, sw, sh), into: (at.x, at.y, width, height),
                            opacity: icon.paint.opacity, rotation: icon.rotation)
                continue
            }
            var part = [UInt8](repeating: 0, count: sw * sh)
            for row in 0..<sh { part[row * sw..<(row + 1) * sw] = field[(sy + row) * e.width + sx..<(sy + row) * e.width + sx + sw] }
            // The piece's corner turned about the icon's pivot; the piece squeezed down by its own
            // stretch, turned with it (R·diag(1, k)·R⁻¹ about the corner).
            let scaleX = width / Double(sw), k = (height / Double(sh)) / scaleX
            let c = cos(icon.rotation), s = sin(icon.rotation)
            let dx = x - icon.pivot.x, dy = y - icon.pivot.y
            let corner = Point2D(x: icon.pivot.x + c * dx - s * dy, y: icon.pivot.y + s * dx + c * dy)
            let squeeze = PlaneMap(a: c * c + k * s * s, b: (1 - k) * c * s, c: (1 - k) * c * s, d: s * s + k * c * c)
            canvas.drawSDF(part, width: sw, height: sh, origin: corner, scale: scaleX, rotation: icon.rotation,
                           pivot: corner, color: CanvasColor(icon.paint.color), opacity: icon.paint.opacity,
                           haloColor: icon.paint.haloColor, haloWidth: icon.paint.haloWidth, haloBlur: icon.paint.haloBlur,
                           plane: squeeze)
        }
    }
}
