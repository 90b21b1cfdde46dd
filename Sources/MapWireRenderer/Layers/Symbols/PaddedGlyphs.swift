/// Glyphs with empty field around their bitmap, kept across frames per font stack. GL engines
/// pack glyphs into their atlas with a 1 px gap, in cells whose sides are rounded up to the next
/// multiple of 4 (always growing by 1 to 4 px, right and down), and draw the whole cell as the
/// glyph's quad; so wide or blurred halos run on past the 3 px border up to the cell's edge.
/// Drawing the same area gives the same halo edges (the suite's text-halo functions).
final class PaddedGlyphs {
    private var stacks: [String: (sourceCount: Int, glyphs: [UInt32: GlyphStore.Glyph])] = [:]
    /// Counts the stacks padded anew: unchanged, every stack gives the glyphs it gave before.
    private(set) var generation = 0

    func glyphs(_ stack: String, from store: GlyphStore) -> [UInt32: GlyphStore.Glyph] {
        let source = store.stacks[stack] ?? [:]
        // The store only ever gains glyph ranges, so an unchanged count means unchanged glyphs.
        if let known = stacks[stack], known.sourceCount == source.count { return known.glyphs }
        let padded = source.mapValues(Self.padded)
        generation += 1
        stacks[stack] = (source.count, padded)
        return padded
    }

    /// The glyph in its atlas cell: 1 px of zero distance left and up, the rest of the cell right
    /// and down; metrics grow to match so the shape stays where it was.
    static func padded(_ glyph: GlyphStore.Glyph) -> GlyphStore.Glyph {
        let w = glyph.width + 6, h = glyph.height + 6
        guard glyph.width > 0, glyph.height > 0, glyph.bitmap.count >= w * h else { return glyph }
        let cellWidth = cell(w + 2), cellHeight = cell(h + 2)
        var bitmap = [UInt8](repeating: 0, count: cellWidth * cellHeight)
        for row in 0..<h {
            let from = row * w, to = (row + 1) * cellWidth + 1
            bitmap.replaceSubrange(to..<(to + w), with: glyph.bitmap[from..<(from + w)])
        }
        // The drawer reads bitmaps as (width + 6) × (height + 6).
        return GlyphStore.Glyph(id: glyph.id, bitmap: bitmap, width: cellWidth - 6, height: cellHeight - 6,
                                left: glyph.left - 1, top: glyph.top + 1, advance: glyph.advance)
    }

    /// A padded side rounded up to the next multiple of 4 (a whole 4 more when it already is one).
    static func cell(_ side: Int) -> Int { side + (4 - side % 4) }
}
