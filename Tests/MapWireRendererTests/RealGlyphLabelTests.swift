import Foundation
import MapWireRenderer
import Testing

/// A label drawn with the real Open Sans Semibold glyphs of the shared fixtures (absent from a
/// fresh clone, where the test is skipped).
@Suite struct RealGlyphLabelTests {
    static let glyphRange = "/work/shared/fixtures/glyphs/Open Sans Semibold/0-255.pbf"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: glyphRange),
                   "needs the shared glyph fixtures at /work/shared/fixtures/glyphs (not in a fresh clone)"))
    func openSansLabelIsDrawnAroundItsAnchor() throws {
        var glyphs = GlyphStore()
        try glyphs.add(fontStack: ["Open Sans Semibold"], rangePBF: Data(contentsOf: URL(fileURLWithPath: Self.glyphRange)))
        let style = TestScene.style(##"{"id":"t","type":"symbol","source":"s","source-layer":"shapes","layout":{"text-field":"Chicago","text-font":["Open Sans Semibold"],"text-size":20},"paint":{"text-color":"#000000"}}"##)
        var scene = TestScene.scene(style: style, features: [SymbolFixtures.pointFeature(2048, 2048)])
        scene.glyphs = glyphs
        let frame = try MapRenderer().render(scene)
        let rgba = frame.canvas.rgba()
        var minX = 512, maxX = 0, minY = 512, maxY = 0
        for y in 0..<512 {
            for x in 0..<512 where rgba[(y * 512 + x) * 4 + 3] > 128 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        // "Chicago" at 20 px is about 70 px wide and, with its descender, about 20 px tall,
        // centred on (256, 256).
        #expect((55...90).contains(maxX - minX))
        #expect((12...26).contains(maxY - minY))
        #expect(abs((minX + maxX) / 2 - 256) <= 3)
        #expect(abs((minY + maxY) / 2 - 256) <= 5)
    }
}
