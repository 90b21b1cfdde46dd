import Foundation
import MapWireLabels
import MapWireRenderer
import Testing

/// Labels whose characters the scene's glyphs lack report the ranges to load.
@Suite struct NeededGlyphRangeTests {
    @Test func missingCharactersReportTheirRangesOnce() throws {
        let renderer = MapRenderer()
        let style = TestScene.style(##"{"id":"l","type":"symbol","source":"s","source-layer":"shapes","layout":{"text-field":"{name}","text-font":["Test Square"],"text-size":24}}"##)
        // "A" is in the 0-255 range the scene has; "Ā" (U+0100) and "Ж" (U+0416) are not.
        let features = [SymbolFixtures.pointFeature(2048, 2048, ["name": .string("AĀ")]),
                        SymbolFixtures.pointFeature(1024, 1024, ["name": .string("Ж A")])]
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: features))
        #expect(frame.neededGlyphRanges == [GlyphRangeKey(fontStack: ["Test Square"], rangeStart: 256),
                                            GlyphRangeKey(fontStack: ["Test Square"], rangeStart: 1024)])
        let latin = try renderer.render(SymbolFixtures.scene(style: style, features: [SymbolFixtures.pointFeature(2048, 2048, ["name": .string("AB C")])]))
        #expect(latin.neededGlyphRanges.isEmpty)
    }
}
