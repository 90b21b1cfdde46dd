/// Glyphs with one more px of empty field around their bitmap, kept across frames per font
/// stack. GL engines pack glyphs into their atlas with such a gap and draw it as part of each
/// glyph's quad, so wide or blurred halos run on past the 3 px border; drawing the same area
/// gives the same halo edges.
final class PaddedGlyphs {
    private var stacks: [String: (sourceCount: Int, glyphs: [UInt32: GlyphStore.Glyph])] = [:]

    func glyphs(_ stack: String, from store: GlyphStore) -> [UInt32: GlyphStore.Glyph] {
        let source = store.stacks[stack] ?? [:]
        // The store only ever gains glyph ranges, so an unchanged count means unchanged glyphs.
        if let known = stacks[stack], known.sourceCount == source.count { return known.glyphs }
        let padded = source.mapValues(Self.padded)
        stacks[stack] = (source.count, padded)
        return padded
    }

    /// The glyph with a 1 px ring of zero distance around its bitmap; metrics grow to match so
    /// the shape stays where it was.
    static func padded(_ glyph: GlyphStore.Glyph) -> GlyphStore.Glyph {
        let w = glyph.width + 6, h = glyph.height + 6
        guard glyph.width > 0, glyph.height > 0, glyph.bitmap.count >= w * h else { return glyph }
        var bitmap = [UInt8](repeating: 0, count: (w + 2) * (h + 2))
        for row in 0..<h {
            let from = row * w, to = (row + 1) * (w + 2) + 1
            bitmap.replaceSubrange(to..<(to + w), with: glyph.bitmap[from..<(from + w)])
        }
        return GlyphStore.Glyph(id: glyph.id, bitmap: bitmap, width: glyph.width + 2, height: glyph.height + 2,
                                left: glyph.left - 1, top: glyph.top + 1, advance: glyph.advance)
    }
}
