import Foundation
import MapWireCanvas

/// Turns shaped text and sprite entries into draws and collision boxes on screen.
enum SymbolGeometry {
    /// A label standing at one screen point, turned by `rotation` radians about it.
    static func pointText(_ shaped: ShapedText, _ style: SymbolTextStyle, at anchor: Point2D, rotation: Double)
        -> (glyphs: [GlyphDraw], box: ScreenBox)
    {
        let f = style.size / EmUnits.perEm
        let border = EmUnits.glyphBorder
        var draws: [GlyphDraw] = []
        draws.reserveCapacity(shaped.glyphs.count)
        for g in shaped.glyphs {
            let s = f * g.scale
            // GL glyph metrics: the bitmap's left edge is `left` right of the pen, its top edge
            // `top` above the baseline, both outside the 3 px border.
            let origin = Point2D(x: anchor.x + g.x * f + (Double(g.glyph.left) - border) * s,
                                 y: anchor.y + g.y * f - (Double(g.glyph.top) + border) * s)
            draws.append(GlyphDraw(glyph: g.glyph, origin: origin, scale: s, rotation: rotation, pivot: anchor,
                                   color: style.sections[g.section].color ?? style.paint.color, paint: style.paint))
        }
        let box = ScreenBox.around(pivot: anchor, left: shaped.left * f, top: shaped.top * f, right: shaped.right * f,
                                   bottom: shaped.bottom * f, rotation: rotation)
        return (draws, box.padded(style.padding))
    }

    /// A label laid along `path` centred at distance `anchor`; nil when the path bends too much.
    /// A point label written vertically (`text-writing-mode: vertical`): `shaped` is laid out with upright
    /// characters one em apart (`TextLayoutOptions.vertical`), centred; the block turns a quarter clockwise
    /// about the anchor, so it reads downwards, and its upright glyphs turn back to stand upright. `anchor`
    /// then puts that side of the turned block on the point, as `text-anchor` does for horizontal text.
    static func verticalPointText(_ shaped: ShapedText, _ style: SymbolTextStyle, at point: Point2D, rotation: Double,
                                  anchor: TextAnchor) -> (glyphs: [GlyphDraw], box: ScreenBox)
    {
        let f = style.size / EmUnits.perEm
        let turned = rotation + .pi / 2
        // The turned block is as wide as the text is tall and as tall as it is long.
        let width = (shaped.bottom - shaped.top) * f, height = shaped.width * f
        let shift = Point2D(x: (0.5 - anchor.horizontal) * width + style.layout.offsetX * f,
                            y: (0.5 - anchor.vertical) * height + style.layout.offsetY * f)
        let at = Point2D(x: point.x + shift.x, y: point.y + shift.y)
        let c = cos(turned), s = sin(turned)
        // Glyphs that stay turned are drawn as the horizontal layout turned about the anchor.
        var turnedText = shaped
        turnedText.glyphs = shaped.glyphs.filter { !$0.upright }
        var glyphs = pointText(turnedText, style, at: at, rotation: turned).glyphs
        let border = EmUnits.glyphBorder
        for g in shaped.glyphs where g.upright {
            let scale = f * g.scale
            // The glyph's em box centre (pen + half an em across, 17 above the baseline), turned with the block.
            let cx = (g.x + advance(g) / 2) * f, cy = (g.y - EmUnits.baselineOffset) * f
            let centre = Point2D(x: at.x + cx * c - cy * s, y: at.y + cx * s + cy * c)
            let up = EmUnits.uprightGlyphLift * f
            let origin = Point2D(x: centre.x - Double(g.glyph.advance) * scale / 2 + (Double(g.glyph.left) - border) * scale,
                                 y: centre.y + EmUnits.baselineOffset * f - (Double(g.glyph.top) + border) * scale + up)
            glyphs.append(GlyphDraw(glyph: g.glyph, origin: origin, scale: scale, rotation: rotation, pivot: centre,
                                    color: style.sections[g.section].color ?? style.paint.color, paint: style.paint))
        }
        let box = ScreenBox.around(pivot: at, left: shaped.left * f, top: shaped.top * f, right: shaped.right * f,
                                   bottom: shaped.bottom * f, rotation: turned)
        return (glyphs, box.padded(style.padding))
    }

    /// `vertical`: the label shaped for vertical writing (it has CJK), taken when the label runs more down
    /// the screen than across (GL's orientation change, with keep-upright); it then reads top to bottom.
    static func lineText(_ shaped: ShapedText, _ style: SymbolTextStyle, along path: ScreenPath, at anchor: Double,
                         keepUpright: Bool, maxAngle: Double, vertical: ShapedText? = nil) -> (glyphs: [GlyphDraw], boxes: [ScreenBox])?
    {
        let f = style.size / EmUnits.perEm
        let border = EmUnits.glyphBorder
        func offsets(_ text: ShapedText) -> [Double] { text.glyphs.map { ($0.x + advance($0) / 2) * f } }
        var shaped = shaped, readsDown = false
        if let vertical, keepUpright, let first = offsets(shaped).first, let last = offsets(shaped).last,
           LineLabelLayout.runsDown(path, from: anchor + first, to: anchor + last) {
            shaped = vertical
            readsDown = true
        }
        let half = max(abs(shaped.left), abs(shaped.right)) * f
        guard let placements = LineLabelLayout.place(
            offsets: offsets(shaped), along: path, at: anchor, half: half, keepUpright: keepUpright,
            maxAngle: maxAngle, window: style.size * 3 / 5, readsDown: readsDown)
        else { return nil }
        var draws: [GlyphDraw] = [], boxes: [ScreenBox] = []
        draws.reserveCapacity(placements.count)
        boxes.reserveCapacity(placements.count)
        for (g, at) in zip(shaped.glyphs, placements) {
            let s = f * g.scale
            let advance = Double(g.glyph.advance) * s
            // GL places an upright glyph at pen + ½ advance, turns it about (−½ advance, ½ advance + 17) and
            // moves it 22 − (12 − ½ advance) along; from the centre of its one-em slot (ours) that is 2 em units
            // back along the line whatever its advance: up in the glyph's own frame.
            let up = g.upright ? EmUnits.uprightGlyphLift * f : 0
            let origin = Point2D(x: at.center.x - advance / 2 + (Double(g.glyph.left) - border) * s,
                                 y: at.center.y + g.y * f - (Double(g.glyph.top) + border) * s + up)
            // An upright glyph of vertical text turns a quarter back from the line, standing on it.
            draws.append(GlyphDraw(glyph: g.glyph, origin: origin, scale: s, rotation: g.upright ? at.angle - .pi / 2 : at.angle,
                                   pivot: at.center, color: style.sections[g.section].color ?? style.paint.color, paint: style.paint))
            let along = SymbolGeometry.advance(g) * f / 2
            boxes.append(ScreenBox.around(pivot: at.center, left: -along, top: shaped.top * f, right: along,
                                          bottom: shaped.bottom * f, rotation: at.angle).padded(style.padding))
        }
        return (draws, boxes)
    }

    /// The length a glyph takes along its line (em units): one em when it stands upright in vertical text.
    static func advance(_ g: ShapedText.Glyph) -> Double {
        (g.upright ? EmUnits.perEm : Double(g.glyph.advance)) * g.scale
    }

    /// An icon standing at one screen point, turned by `rotation` radians about it.
    /// `text` is the label's box around the anchor (px), which `icon-text-fit` stretches the icon to.
    static func icon(_ entry: SpriteAtlas.Entry, _ style: SymbolIconStyle, at anchor: Point2D, rotation: Double,
                     text: (left: Double, top: Double, right: Double, bottom: Double)? = nil) -> (icon: IconDraw, box: ScreenBox)
    {
        // Sprite px are device px at the entry's own pixel ratio.
        var w = Double(entry.width) / entry.pixelRatio * style.size
        var h = Double(entry.height) / entry.pixelRatio * style.size
        var left = -style.anchor.horizontal * w + style.offset.x * style.size
        var top = -style.anchor.vertical * h + style.offset.y * style.size
        var pieces: [IconStretchQuads.Piece] = []
        if style.textFit != .none, let text {
            // GL fits in unscaled icon px, then scales the whole by icon-size.
            let fitted = IconTextFit.rectangle(
                style.textFit, text: text, natural: (w / style.size, h / style.size),
                padding: style.textFitPadding, offset: style.offset)
            left = fitted.left * style.size
            top = fitted.top * style.size
            w = max(0, fitted.right - fitted.left) * style.size
            h = max(0, fitted.bottom - fitted.top) * style.size
            if entry.isStretchable {
                pieces = IconStretchQuads.pieces(entry, box: fitted, size: style.size)
                if let first = pieces.first {
                    // The fixed parts keep their px, so the pieces may span more than the fitted box.
                    left = pieces.reduce(first.left) { min($0, $1.left) }
                    top = pieces.reduce(first.top) { min($0, $1.top) }
                    w = pieces.reduce(first.right) { max($0, $1.right) } - left
                    h = pieces.reduce(first.bottom) { max($0, $1.bottom) } - top
                }
            }
        }
        let box = ScreenBox.around(pivot: anchor, left: left, top: top, right: left + w, bottom: top + h, rotation: rotation)
        // A whole image fitted to its label fills the fitted box less its one-texel border (`IconTextFit.image`).
        let fittedWhole = style.textFit != .none && text != nil && pieces.isEmpty
        let image = fittedWhole
            ? IconTextFit.image(inFitted: (left, top, w, h), texels: (entry.width, entry.height))
            : (left: left, top: top, width: w, height: h)
        let icon = IconDraw(entry: entry, name: style.name, x: anchor.x + image.left, y: anchor.y + image.top, width: image.width,
                            height: image.height, rotation: rotation, pivot: anchor, paint: style.paint, pieces: pieces,
                            fittedToText: fittedWhole)
        return (icon, box.padded(style.padding))
    }
}
