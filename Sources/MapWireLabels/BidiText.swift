import CFriBidi

/// Arabic shaping and right-to-left ordering of label text through GNU FriBidi, in the steps GL
/// engines take with their RTL text plugin: the paragraph is shaped (letters to their joined
/// presentation forms, lam + alef to one ligature), broken into lines in logical order, and each
/// line reordered by the levels resolved over the whole paragraph. The glyph sets served for maps
/// hold the presentation forms (U+FB50–FDFF, U+FE70–FEFF).
public enum BidiText {
    /// No character below the Hebrew block is right to left, joins or steers the order: such text
    /// skips FriBidi (nearly every label).
    private static func isPlain(_ scalars: [UInt32]) -> Bool {
        scalars.allSatisfy { $0 < 0x0590 }
    }

    /// Arabic letters in their joined presentation forms, in logical order.
    public static func shapeArabic(_ text: String) -> String {
        var str = text.unicodeScalars.map(\.value)
        guard !isPlain(str), let paragraph = Paragraph(str) else { return text }
        var props = [FriBidiArabicProp](repeating: 0, count: str.count)
        let count = FriBidiStrIndex(str.count)
        fribidi_get_joining_types(str, count, &props)
        fribidi_join_arabic(paragraph.types, count, paragraph.levels, &props)
        fribidi_shape(mapwire_fribidi_flags_arabic(), paragraph.levels, count, &props, &str)
        // A ligature takes the place of its second letter and leaves a filler in the first's.
        let filler = mapwire_fribidi_char_fill()
        var shaped = String.UnicodeScalarView()
        for (before, after) in zip(text.unicodeScalars, str) where after != filler || before.value == filler {
            shaped.append(Unicode.Scalar(after) ?? before)
        }
        return String(shaped)
    }

    /// A paragraph's bidirectional types and resolved embedding levels (odd: right to left).
    public struct Paragraph {
        let types: [FriBidiCharType]
        let levels: [FriBidiLevel]
        let direction: FriBidiParType

        public var isRightToLeft: Bool { direction == mapwire_fribidi_par_rtl() }

        /// Nil only if FriBidi fails (out of memory).
        init?(_ scalars: [UInt32]) {
            let count = FriBidiStrIndex(scalars.count)
            var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
            var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
            var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
            fribidi_get_bidi_types(scalars, count, &types)
            fribidi_get_bracket_types(scalars, count, types, &brackets)
            // The first strong letter sets the direction (left to right when there is none).
            var direction = fribidi_get_par_direction(types, count)
            if direction != mapwire_fribidi_par_rtl() { direction = mapwire_fribidi_par_ltr() }
            if !scalars.isEmpty {
                guard fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &levels) != 0 else { return nil }
            }
            self.types = types
            self.levels = levels
            self.direction = direction
        }
    }

    /// Whether a paragraph reads right to left: its first strong letter is right to left.
    public static func isRightToLeft(_ scalars: [UInt32]) -> Bool {
        !isPlain(scalars) && Paragraph(scalars)?.isRightToLeft == true
    }

    /// The positions (in the paragraph) of one line's characters in the order they are drawn, left
    /// to right. `paragraph` is nil for plain text, which keeps its order.
    public static func visualOrder(_ paragraph: Paragraph?, line: Range<Int>) -> [Int] {
        guard let paragraph, !line.isEmpty else { return Array(line) }
        var levels = paragraph.levels  // the line's trailing spaces take the paragraph's level
        var map = Array(FriBidiStrIndex(0)..<FriBidiStrIndex(levels.count))
        let maxLevel = fribidi_reorder_line(
            mapwire_fribidi_flags_reorder(), paragraph.types, FriBidiStrIndex(line.count), FriBidiStrIndex(line.lowerBound),
            paragraph.direction, &levels, nil, &map)
        guard maxLevel != 0 else { return Array(line) }
        return map[line].map(Int.init)
    }

    /// The levels of plain text are all 0: FriBidi is asked only about text that needs it.
    public static func paragraph(_ scalars: [UInt32]) -> Paragraph? {
        isPlain(scalars) ? nil : Paragraph(scalars)
    }

    /// The drawing order of a single-line paragraph.
    public static func visualOrder(_ line: [UInt32]) -> [Int] {
        visualOrder(paragraph(line), line: 0..<line.count)
    }

    /// Directional marks, embeddings and isolates: they steer the order and are not drawn.
    public static func isControl(_ c: UInt32) -> Bool {
        guard c >= 0x0590 else { return false }
        if c == 0x200E || c == 0x200F || c == 0x061C { return true }
        return mapwire_fribidi_is_format_control(fribidi_get_bidi_type(c)) != 0
    }
}
