/// Text laid out in "em units": 24 per em, the size glyph PBFs are rasterised at. Positions are
/// relative to the symbol's anchor; multiply by font size / 24 for screen px.
struct ShapedText {
    struct Glyph {
        let glyph: GlyphStore.Glyph
        /// Pen position: left edge of the advance, and the baseline.
        var x: Double
        var y: Double
        /// The format section's scale (1 unless `format` says otherwise).
        let scale: Double
        /// Index of the format section the glyph came from (for its colour).
        let section: Int
        /// Written vertically and standing upright: it takes one em along the line and is not turned with it.
        var upright = false
    }

    var glyphs: [Glyph]
    /// The block's box around the anchor, used for collisions.
    var left: Double, top: Double, right: Double, bottom: Double
    var lineCount: Int

    var isEmpty: Bool { glyphs.isEmpty }
    var width: Double { right - left }
}

/// Em units per em: glyph metrics are for a 24 px font.
enum EmUnits {
    static let perEm = 24.0
    /// The 3 px border each glyph bitmap carries around the shape.
    static let glyphBorder = 3.0
    /// Where the first line's baseline sits below the block's top edge offset; the value GL
    /// engines use so a single line's glyphs centre on the anchor.
    static let baselineOffset = -17.0
    /// How far an upright glyph of vertical text sits back along its line from the centre of its
    /// one-em slot (what GL's quarter turn and offsets come to).
    static let uprightGlyphLift = -2.0
}
