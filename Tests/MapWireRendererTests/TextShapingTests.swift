@testable import MapWireRenderer
import Testing

/// Text shaping as a pure function of glyph metrics and layout options.
@Suite struct TextShapingTests {
    static func glyph(_ char: Character, advance: Int) -> GlyphStore.Glyph {
        GlyphStore.Glyph(id: char.unicodeScalars.first!.value, bitmap: [], width: 0, height: 0, left: 0, top: 0, advance: advance)
    }

    /// "a" and "b" 10 wide, "c" 12 wide, space 10.
    static let glyphs: [UInt32: GlyphStore.Glyph] = Dictionary(uniqueKeysWithValues: [
        glyph("a", advance: 10), glyph("b", advance: 10), glyph("c", advance: 12), glyph(" ", advance: 10),
    ].map { ($0.id, $0) })

    func shape(_ text: String, _ options: TextLayoutOptions = TextLayoutOptions()) -> ShapedText {
        TextShaper.shape([TextRun(text: text, glyphs: Self.glyphs)], options)
    }

    @Test func glyphsAdvanceAndCentreOnTheAnchor() {
        let shaped = shape("ac")
        #expect(shaped.glyphs.map(\.x) == [-11, -1])
        #expect(shaped.left == -11 && shaped.right == 11)
        // One line of 1.2 em, centred.
        #expect(abs(shaped.top + 14.4) < 1e-9 && abs(shaped.bottom - 14.4) < 1e-9)
        #expect(shaped.glyphs.allSatisfy { $0.y == EmUnits.baselineOffset })
    }

    @Test func letterSpacingGoesBetweenGlyphsOnly() {
        var options = TextLayoutOptions()
        options.letterSpacing = 2
        let shaped = shape("ac", options)
        #expect(shaped.width == 24)
        #expect(shaped.glyphs.map(\.x) == [-12, 0])
    }

    @Test func missingGlyphsTakeNoSpace() {
        #expect(shape("a?c").width == 22)
    }

    @Test func longTextBreaksAtSpacesIntoBalancedLines() {
        var options = TextLayoutOptions()
        options.maxWidth = 50
        // 80 wide in all: two lines aiming at 40 each; "aa aa" + "aa" beats "aa" + "aa aa".
        let shaped = shape("aa aa aa", options)
        #expect(shaped.lineCount == 2)
        #expect(shaped.width == 50)
        let rows = Dictionary(grouping: shaped.glyphs, by: \.y)
        #expect(rows.keys.sorted().map { rows[$0]!.count } == [5, 2])
    }

    @Test func textWithinTheMaximumStaysOnOneLine() {
        var options = TextLayoutOptions()
        options.maxWidth = 100
        #expect(shape("aa aa aa", options).lineCount == 1)
    }

    @Test func lineBreakerPicksTheLeastRaggedBreaks() {
        let advances = [Double](repeating: 10, count: 11)   // "aaa aaa aaa"
        let spaces = (0..<11).map { $0 == 3 || $0 == 7 }
        let lines = LineBreaker.lines(advances: advances, breakAfter: spaces, isSpace: spaces, maxWidth: 40)
        #expect(lines == [0..<4, 4..<8, 8..<11])
    }

    @Test func equallyRaggedBreaksGoToTheLongerFirstLineAsInGL() {
        // 13 ideographs of one em, 5 em wide at most: 5 | 4 | 4 and 4 | 5 | 4 are equally ragged; GL keeps
        // the later of equal prior breaks, so the first line takes five (the suite's ideographic-breaking).
        let advances = [Double](repeating: 24, count: 13)
        let lines = LineBreaker.lines(advances: advances, breakAfter: [Bool](repeating: true, count: 13),
                                      isSpace: [Bool](repeating: false, count: 13), maxWidth: 120)
        #expect(lines == [0..<5, 5..<9, 9..<13])
    }

    @Test func glBreaksAfterMiddleDotsAndParenthesesButNotInsideThemWhenItCanHelpIt() {
        #expect(LineBreaker.allowsBreak(after: 0x2027) && LineBreaker.allowsBreak(after: 0xB7) && LineBreaker.allowsBreak(after: 0x28))
        #expect(LineBreaker.isIdeographic(0x4E2D) && LineBreaker.isIdeographic(0x30FB) && !LineBreaker.isIdeographic(0xAC00))
        #expect(LineBreaker.penalty(after: 0x28, before: 0x4E2D) == 50 && LineBreaker.penalty(after: 0x4E2D, before: 0xFF09) == 50)
        #expect(LineBreaker.penalty(after: 0x4E2D, before: 0x4E2D) == 0)
        // "技指計代(式灣文人)觀觀人之", 5 em at most: without penalties the parentheses would end and
        // start lines ("(式灣文人" / ")觀觀人之"); with GL's they stay with their words.
        let text = Array("技指計代(式灣文人)觀觀人之".unicodeScalars.map(\.value))
        let advances = text.map { $0 == 0x28 || $0 == 0x29 ? 8.0 : 24.0 }
        let breaks = text.map(LineBreaker.allowsBreak(after:))
        let lines = LineBreaker.lines(advances: advances, breakAfter: breaks, isSpace: text.map { _ in false }, maxWidth: 120,
                                      penalty: { LineBreaker.penalty(after: text[$0], before: $0 + 1 < text.count ? text[$0 + 1] : nil) })
        #expect(lines == [0..<4, 4..<10, 10..<14])
    }

    @Test func newlinesForceBreaksAndEmptyLinesKeepTheirHeight() {
        let shaped = shape("ab\n\nab")
        #expect(shaped.lineCount == 3)
        #expect(abs(shaped.bottom - shaped.top - 3 * 28.8) < 1e-9)
        let ys = Set(shaped.glyphs.map(\.y)).sorted()
        #expect(ys.count == 2 && abs(ys[1] - ys[0] - 2 * 28.8) < 1e-9)
    }

    @Test func anchorsPutTheBlockBesideTheAnchorPoint() {
        var options = TextLayoutOptions()
        options.anchor = TextAnchor("top-left")
        var shaped = shape("ab", options)
        #expect(shaped.left == 0 && shaped.top == 0 && shaped.glyphs[0].x == 0)
        options.anchor = TextAnchor("bottom-right")
        shaped = shape("ab", options)
        #expect(shaped.right == 0 && shaped.bottom == 0 && shaped.glyphs[1].x == -10)
        #expect(TextAnchor("left") == TextAnchor(horizontal: 0, vertical: 0.5))
        #expect(TextAnchor("bottom") == TextAnchor(horizontal: 0.5, vertical: 1))
    }

    @Test func justifyAlignsShorterLinesWithinTheBlock() {
        var options = TextLayoutOptions()
        options.justify = 0
        let left = shape("aaaa\naa", options)
        // Both lines start at the block's left edge.
        #expect(left.glyphs[0].x == -20 && left.glyphs[4].x == -20)
        options.justify = 1
        let right = shape("aaaa\naa", options)
        #expect(right.glyphs[3].x == 10 && right.glyphs[5].x == 10)
        #expect(TextAnchor.justification("auto", anchor: TextAnchor("right")) == 1)
    }

    @Test func offsetMovesGlyphsAndBox() {
        var options = TextLayoutOptions()
        options.offsetX = 24
        options.offsetY = -24
        let shaped = shape("ab", options)
        #expect(shaped.left == 14 && shaped.glyphs[0].x == 14)
        #expect(shaped.glyphs[0].y == EmUnits.baselineOffset - 24)
    }
}
