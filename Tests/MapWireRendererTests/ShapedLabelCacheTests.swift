import Foundation
import MapWireLabels
import MapWireVectorTile
import Testing
@testable import MapWireRenderer

/// Labels shaped in one frame are reused by the next only while their glyphs stay the same, and
/// still report the glyph ranges they lack.
@Suite struct ShapedLabelCacheTests {
    static let run = ShapedLabelCache.Key.Run(text: "AB", stack: ["Test Square"], scale: 1)

    static func entry(_ width: Double) -> ShapedLabelCache.Entry {
        ShapedLabelCache.Entry(
            shaped: ShapedText(glyphs: [], left: 0, top: 0, right: width, bottom: 1, lineCount: 1),
            lacking: [GlyphRangeKey(fontStack: ["Test Square"], rangeStart: 256)])
    }

    @Test func theSameKeyIsShapedOnceAcrossFrames() {
        let cache = ShapedLabelCache()
        var shaped = 0
        let key = ShapedLabelCache.Key([Self.run], TextLayoutOptions())
        for _ in 0..<3 {
            cache.beginFrame()
            let entry = cache.entry(key, glyphGeneration: 1) { shaped += 1; return Self.entry(10) }
            #expect(entry.shaped.width == 10 && entry.lacking.count == 1)
        }
        #expect(shaped == 1)
        // Another layout is another key.
        var layout = TextLayoutOptions()
        layout.justify = 0
        _ = cache.entry(ShapedLabelCache.Key([Self.run], layout), glyphGeneration: 1) { shaped += 1; return Self.entry(10) }
        #expect(shaped == 2)
    }

    @Test func newGlyphsOrAFrameWithoutTheLabelShapeItAgain() {
        let cache = ShapedLabelCache()
        var shaped = 0
        let key = ShapedLabelCache.Key([Self.run], TextLayoutOptions())
        cache.beginFrame()
        _ = cache.entry(key, glyphGeneration: 1) { shaped += 1; return Self.entry(10) }
        cache.beginFrame()
        let again = cache.entry(key, glyphGeneration: 2) { shaped += 1; return Self.entry(20) }
        #expect(shaped == 2 && again.shaped.width == 20)
        // A frame that did not use it drops it.
        cache.beginFrame()
        cache.beginFrame()
        _ = cache.entry(key, glyphGeneration: 2) { shaped += 1; return Self.entry(20) }
        #expect(shaped == 3)
    }

    @Test func aLabelDrawnAgainWithItsGlyphsLooksAsIfDrawnFresh() throws {
        let style = TestScene.style(##"{"id":"t","type":"symbol","source":"s","source-layer":"shapes","layout":{"text-field":"AB","text-font":["Test Square"],"text-size":24},"paint":{"text-color":"#ff0000"}}"##)
        let feature = SymbolFixtures.pointFeature(2048, 2048)
        var lacking = try SymbolFixtures.scene(style: style, features: [feature])
        lacking.glyphs = GlyphStore()
        let renderer = MapRenderer()
        // Without glyphs: nothing to draw, the range is asked for, twice (the second from the kept shape).
        for _ in 0..<2 {
            let frame = try renderer.render(lacking)
            #expect(frame.neededGlyphRanges == [GlyphRangeKey(fontStack: ["Test Square"], rangeStart: 0)])
        }
        let withGlyphs = try SymbolFixtures.scene(style: style, features: [feature])
        let second = try renderer.render(withGlyphs)
        let fresh = try MapRenderer().render(withGlyphs)
        #expect(second.neededGlyphRanges.isEmpty)
        #expect(second.canvas.rgba() == fresh.canvas.rgba())
        #expect(TestScene.pixel(second, 245, 256) == [255, 0, 0, 255])
    }
}
