@testable import MapWireRenderer
import Testing

/// Arabic shaping and right-to-left ordering of label text (the render suite's text-arabic).
@Suite struct RightToLeftTextTests {
    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test func arabicLettersTakeTheirJoinedForms() {
        // سلام: seen initial, lam + alef ligature (final: lam joins to the seen), meem isolated.
        #expect(scalars(ArabicShaping.shape("سلام")) == [0xFEB3, 0xFEFC, 0xFEE1])
        // A letter alone stays isolated; Latin text is left as it is.
        #expect(scalars(ArabicShaping.shape("ب")) == [0xFE8F])
        #expect(ArabicShaping.shape("Iskandariyah") == "Iskandariyah")
        // Medial between two dual-joining letters: ببب.
        #expect(scalars(ArabicShaping.shape("ببب")) == [0xFE91, 0xFE92, 0xFE90])
        // Persian peh and farsi yeh from Presentation Forms-A: پی.
        #expect(scalars(ArabicShaping.shape("پی")) == [0xFB58, 0xFBFD])
        // A right-joining letter (dal) breaks the chain: دب → dal isolated, beh isolated.
        #expect(scalars(ArabicShaping.shape("دب")) == [0xFEA9, 0xFE8F])
    }

    @Test func rightToLeftLinesAreReversedAndNumbersKeepTheirOrder() {
        // Logical: three Arabic letters then two digits; drawn: the digits first (still "39"),
        // then the letters from last to first.
        let line = scalars("ابت39")
        #expect(BidiReorder.visualOrder(line, rightToLeft: true) == [3, 4, 2, 1, 0])
        // Left-to-right text without right-to-left letters is left alone.
        #expect(BidiReorder.visualOrder(scalars("ab 12"), rightToLeft: false) == [0, 1, 2, 3, 4])
        #expect(BidiReorder.isRightToLeft(scalars("12 اب")) && !BidiReorder.isRightToLeft(scalars("a اب")))
    }

    @Test func directionsAreResolvedOverTheParagraphBeforeLinesBreak() {
        // "اب al-Is": the hyphen sits between Latin letters, so it stays with them even when a
        // line ends right after it (resolved on its own, the line's end would turn it around).
        let paragraph = scalars("اب al-Is")
        let levels = BidiReorder.levels(paragraph, rightToLeft: true)
        let secondLine = Array(levels[3...5])  // "al-"
        #expect(BidiReorder.visualOrder(levels: secondLine) == [0, 1, 2])
        // Directional marks are not drawn.
        #expect(BidiReorder.isControl(0x200E) && !BidiReorder.isControl(0x0627))
    }
}
