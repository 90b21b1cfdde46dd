import Foundation
import MapWireCanvas

/// One line of overlay text (a callout's title, subtitle or accessory label), drawn with the style's
/// glyphs when the frame carries a font stack that has every character of it, else with cairo's
/// built-in sans-serif face.
struct OverlayText {
    let glyphs: GlyphStore
    let canvas: Canvas

    /// The font stack to use: one with every (non-space) character of `text`, a bold one first for bold
    /// text, otherwise a regular one; nil when no stack has them all.
    func stack(for text: String, bold: Bool) -> [UInt32: GlyphStore.Glyph]? {
        stackName(for: text, bold: bold).flatMap { glyphs.stacks[$0] }
    }

    /// The key (font names joined by commas) of the stack `stack(for:bold:)` picks.
    func stackName(for text: String, bold: Bool) -> String? {
        let needed = text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(\.value)
        let candidates = glyphs.stacks.filter { _, stack in needed.allSatisfy { stack[$0] != nil } }.keys.sorted()
        let bolder = candidates.first { $0.localizedCaseInsensitiveContains("bold") }
        let regular = candidates.first { $0.localizedCaseInsensitiveContains("regular") } ?? candidates.first
        return bold ? (bolder ?? regular) : (regular ?? bolder)
    }

    /// Width in px of `text` at `size` px.
    func width(_ text: String, size: Double, bold: Bool) -> Double {
        guard let stack = stack(for: text, bold: bold) else { return canvas.fallbackTextWidth(text, size: size, bold: bold) }
        let scale = size / EmUnits.perEm
        return text.unicodeScalars.reduce(0) { $0 + Double(stack[$1.value]?.advance ?? 0) * scale }
    }

    /// Draws `text` starting at `left`, its line centred on `centerY`.
    func draw(_ text: String, left: Double, centerY: Double, size: Double, bold: Bool, color: CanvasColor) {
        guard !text.isEmpty, size > 0 else { return }
        guard let stack = stack(for: text, bold: bold) else {
            // Cairo's toy face: cap height about 0.7 em, so the baseline sits 0.35 em below the centre.
            canvas.drawFallbackText(text, origin: Point2D(x: left, y: centerY + size * 0.35), size: size, bold: bold, color: color)
            return
        }
        let scale = size / EmUnits.perEm
        let border = EmUnits.glyphBorder
        var pen = left
        for scalar in text.unicodeScalars {
            guard let glyph = stack[scalar.value] else { continue }
            if !glyph.bitmap.isEmpty {
                // As the symbol layers place glyphs: a line centred on y has its baseline offset at -17 em units.
                let origin = Point2D(x: pen + (Double(glyph.left) - border) * scale,
                                     y: centerY + (EmUnits.baselineOffset - Double(glyph.top) - border) * scale)
                canvas.drawSDF(glyph.bitmap, width: glyph.width + 6, height: glyph.height + 6, origin: origin, scale: scale,
                               rotation: 0, pivot: origin, color: color, opacity: 1, haloColor: .transparent,
                               haloWidth: 0, haloBlur: 0, parts: .fillOnly)
            }
            pen += Double(glyph.advance) * scale
        }
    }
}
