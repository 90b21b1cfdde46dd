import Foundation
import MapWireCanvas
@testable import MapWireRenderer
import Testing

/// The callout's text: the style's glyphs when the frame has every character of it, a bold stack for
/// the title, else cairo's built-in face; centred in the bubble either way.
@Suite struct CalloutTextTests {
    static let glyphs = "/work/shared/fixtures/glyphs"

    static func callout(_ title: String) -> SceneOverlay {
        SceneOverlay(callout: OverlayCallout(title: title, subtitle: "", bubble: OverlayRect(x: 156, y: 200, width: 200, height: 40),
                                             tail: Point2D(x: 256, y: 256)))
    }

    /// The box of the dark pixels inside the bubble (the text), on a frame whose background is mid grey.
    static func textBox(_ frame: MapRenderer.Frame) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        let rgba = frame.canvas.rgba()
        var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
        for y in 202..<238 {
            for x in 158..<354 where rgba[(y * 512 + x) * 4] < 100 {
                box = (min(box?.minX ?? x, x), max(box?.maxX ?? x, x), min(box?.minY ?? y, y), max(box?.maxY ?? y, y))
            }
        }
        return box
    }

    static func render(_ title: String, glyphs: GlyphStore) throws -> MapRenderer.Frame {
        var scene = TestScene.scene(style: TestScene.style(##"{"id":"bg","type":"background","paint":{"background-color":"#808080"}}"##), features: [])
        scene.glyphs = glyphs
        scene.overlay = callout(title)
        return try MapRenderer().render(scene)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: glyphs),
                   "needs the shared glyph fixtures at /work/shared/fixtures/glyphs (not in a fresh clone)"))
    func theTitleIsDrawnWithTheStylesBoldGlyphsCentredInTheBubble() throws {
        var store = GlyphStore()
        for font in ["Open Sans Regular", "Open Sans Bold"] {
            try store.add(fontStack: [font], rangePBF: Data(contentsOf: URL(fileURLWithPath: "\(Self.glyphs)/\(font)/0-255.pbf")))
        }
        let canvas = Canvas(width: 1, height: 1)
        let text = OverlayText(glyphs: store, canvas: canvas)
        #expect(text.stackName(for: "Chicago", bold: true) == "Open Sans Bold")
        #expect(text.stackName(for: "Chicago", bold: false) == "Open Sans Regular")
        #expect(text.stackName(for: "Zürich – 東京", bold: true) == nil, "a character no stack has: the fallback face")
        let box = try #require(Self.textBox(try Self.render("Chicago", glyphs: store)))
        // "Chicago" in 14 px bold: about 55 px wide and 14 tall, centred on the bubble (256, 220).
        #expect((40...75).contains(box.maxX - box.minX) && (9...20).contains(box.maxY - box.minY), "\(box)")
        #expect(abs((box.minX + box.maxX) / 2 - 256) <= 3 && abs((box.minY + box.maxY) / 2 - 220) <= 4, "\(box)")
    }

    @Test func withoutGlyphsTheFallbackFaceDrawsTheTitleInTheSamePlace() throws {
        let box = try #require(Self.textBox(try Self.render("Chicago", glyphs: GlyphStore())))
        #expect((40...80).contains(box.maxX - box.minX) && (9...20).contains(box.maxY - box.minY), "\(box)")
        #expect(abs((box.minX + box.maxX) / 2 - 256) <= 3 && abs((box.minY + box.maxY) / 2 - 220) <= 4, "\(box)")
    }
}
