import MapWireLabels
import Testing

/// Arabic shaping and right-to-left ordering of label text (the render suite's text-arabic).
@Suite struct RightToLeftTextTests {
    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test func arabicLettersTakeTheirJoinedForms() {
        // سلام: seen initial, lam + alef ligature (final: lam joins to the seen), meem isolated.
        #expect(scalars(BidiText.shapeArabic("سلام")) == [0xFEB3, 0xFEFC, 0xFEE1])
        // A letter alone stays isolated; Latin text is left as it is.
        #expect(scalars(BidiText.shapeArabic("ب")) == [0xFE8F])
        #expect(BidiText.shapeArabic("Iskandariyah") == "Iskandariyah")
        // Medial between two dual-joining letters: ببب.
        #expect(scalars(BidiText.shapeArabic("ببب")) == [0xFE91, 0xFE92, 0xFE90])
        // Persian peh and farsi yeh from Presentation Forms-A: پی.
        #expect(scalars(BidiText.shapeArabic("پی")) == [0xFB58, 0xFBFD])
        // A right-joining letter (dal) breaks the chain: دب → dal isolated, beh isolated.
        #expect(scalars(BidiText.shapeArabic("دب")) == [0xFEA9, 0xFE8F])
    }

    @Test func rightToLeftLinesAreReversedAndNumbersKeepTheirOrder() {
        // Logical: three Arabic letters then two digits; drawn: the digits first (still "39"),
        // then the letters from last to first.
        let line = scalars("ابت39")
        #expect(BidiText.visualOrder(line) == [3, 4, 2, 1, 0])
        // Left-to-right text without right-to-left letters is left alone.
        #expect(BidiText.visualOrder(scalars("ab 12")) == [0, 1, 2, 3, 4])
        #expect(BidiText.isRightToLeft(scalars("12 اب")) && !BidiText.isRightToLeft(scalars("a اب")))
    }

    @Test func directionsAreResolvedOverTheParagraphBeforeLinesBreak() {
        // "اب al-Is": the hyphen sits between Latin letters, so it stays with them even when a
        // line ends right after it (resolved on its own, the line's end would turn it around).
        let paragraph = BidiText.paragraph(scalars("اب al-Is"))
        #expect(paragraph?.isRightToLeft == true)
        #expect(BidiText.visualOrder(paragraph, line: 3..<6) == [3, 4, 5])  // "al-"
        // The first line, "اب " : its trailing space goes to the line's end (the left, reading right to left).
        #expect(BidiText.visualOrder(paragraph, line: 0..<3) == [2, 1, 0])
        // Directional marks are not drawn.
        #expect(BidiText.isControl(0x200E) && BidiText.isControl(0x2067) && !BidiText.isControl(0x0627))
    }

    @Test func lamAlefLigatureLeavesNoFillerAndMarksStay() {
        // لا alone: one isolated ligature; بلا: the lam joins the beh, so the ligature is final.
        #expect(scalars(BidiText.shapeArabic("لا")) == [0xFEFB])
        #expect(scalars(BidiText.shapeArabic("بلا")) == [0xFE91, 0xFEFC])
        // Text that holds no right-to-left letter comes back as it was, Hebrew is not shaped.
        #expect(BidiText.shapeArabic("Москва") == "Москва")
        #expect(BidiText.shapeArabic("שלום") == "שלום")
    }
}
