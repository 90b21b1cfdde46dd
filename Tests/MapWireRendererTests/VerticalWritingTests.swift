import Foundation
import MapWireCanvas
@testable import MapWireRenderer
import MapWireVectorTile
import Testing

/// GL's vertical writing for labels along lines: a label with CJK on a line that runs more down the
/// screen than across stands its ideographs upright, one em apart, reading from the top; other characters
/// stay turned along the line; punctuation takes its vertical form unless a turned character is beside it.
@Suite struct VerticalWritingTests {
    @Test func ideographsKanaAndHangulStandUprightLatinAndSomePunctuationDoNot() {
        for c: UInt32 in [0x4E2D, 0x3042, 0x30AB, 0xAC00, 0xFF21, 0xFE13, 0x3001, 0x02EA] {
            #expect(VerticalWriting.isUpright(c), "U+\(String(c, radix: 16))")
        }
        // Latin, the prolonged sound mark, brackets and the fullwidth colon are not upright.
        for c: UInt32 in [0x41, 0x31, 0x30FC, 0x3008, 0xFF1A, 0xFF08, 0xFE49] {
            #expect(!VerticalWriting.isUpright(c), "U+\(String(c, radix: 16))")
        }
        #expect(VerticalWriting.isRotated(0x41) && !VerticalWriting.isRotated(0xFF1A) && !VerticalWriting.isRotated(0x4E2D))
        #expect(VerticalWriting.allowsVertical("Main 中山路") && !VerticalWriting.allowsVertical("Main Street"))
    }

    @Test func punctuationTakesItsVerticalFormUnlessATurnedCharacterIsBesideIt() {
        #expect(VerticalWriting.verticalized("後再學全看素力來：不車") == "後再學全看素力來︓不車")
        #expect(VerticalWriting.verticalized("中，中。") == "中︐中︒")
        #expect(VerticalWriting.verticalized("「中」") == "﹁中﹂")
        // Between Latin letters (turned along the line) the colon stays as it is.
        #expect(VerticalWriting.verticalized("a:b") == "a:b")
        #expect(VerticalWriting.verticalized("中:b") == "中:b")
        #expect(VerticalWriting.verticalized("中:中") == "中︓中")
    }

    @Test func verticalShapingGivesUprightCharactersOneEmAndLeavesOthersTheirAdvance() throws {
        let glyphs = try Self.glyphs().stacks[SymbolFixtures.squareFont] ?? [:]
        var layout = TextLayoutOptions()
        layout.vertical = true
        let shaped = TextShaper.shape([TextRun(text: "中A中", glyphs: glyphs)], layout)
        #expect(shaped.glyphs.map(\.upright) == [true, false, true])
        #expect(shaped.glyphs.map(\.x) == [-32, -8, 8])
        #expect(shaped.width == 64)
        let horizontal = TextShaper.shape([TextRun(text: "中A中", glyphs: glyphs)], TextLayoutOptions())
        #expect(horizontal.glyphs.allSatisfy { !$0.upright } && horizontal.width == 56)
    }

    static let red = [UInt8(255), 0, 0]

    func render(_ text: String, from: (Int32, Int32), to: (Int32, Int32)) throws -> MapRenderer.Frame {
        let style = TestScene.style(SymbolRenderingTests.layer(
            layout: ##"{"symbol-placement":"line","symbol-spacing":1000,"text-field":"\##(text)","text-font":["Test Square"],"text-size":24}"##,
            paint: ##"{"text-color":"#ff0000"}"##))
        let line = VectorFeature(type: .lineString, geometry: [[TestScene.point(from.0, from.1), TestScene.point(to.0, to.1)]])
        var scene = try SymbolFixtures.scene(style: style, features: [line])
        scene.glyphs = try Self.glyphs()
        return try MapRenderer().render(scene)
    }

    /// The ink box of red pixels in a region (the frame's pixels read once).
    func inkBox(_ frame: MapRenderer.Frame, x: Range<Int>, y: Range<Int>) -> (width: Int, height: Int)? {
        let rgba = frame.canvas.rgba(), width = frame.canvas.width
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for row in y {
            for column in x {
                let i = (row * width + column) * 4
                guard rgba[i + 3] > 200, rgba[i] > 215, rgba[i + 1] < 40, rgba[i + 2] < 40 else { continue }
                minX = min(minX, column); maxX = max(maxX, column)
                minY = min(minY, row); maxY = max(maxY, row)
            }
        }
        guard minX <= maxX else { return nil }
        return (maxX - minX + 1, maxY - minY + 1)
    }

    @Test func ideographsStandUprightOnALineRunningDownTheScreen() throws {
        // "中" is an 8 px wide, 16 px tall bar: upright it stays tall; turned along the line it would lie flat.
        let frame = try render("中中中", from: (2048, 800), to: (2048, 3200))
        let box = try #require(inkBox(frame, x: 230..<282, y: 150..<362))
        #expect(box.width <= 10, "upright bars keep their 8 px width: \(box)")
        #expect(box.height >= 60, "three glyphs one em apart: \(box)")
        // On a level line the same label is laid out as usual (upright glyphs, side by side).
        let level = try render("中中中", from: (800, 2048), to: (3200, 2048))
        let flat = try #require(inkBox(level, x: 150..<362, y: 230..<282))
        #expect(flat.height >= 14 && flat.width >= 40)
    }

    @Test func verticalTextReadsFromTheTopOnALineDrawnUpwards() throws {
        // "中一": a tall bar then a wide one. Drawn bottom to top, the label still starts at the top.
        let frame = try render("中一", from: (2048, 3200), to: (2048, 800))
        let rows = (150..<362).filter { SymbolFixtures.count(frame, Self.red, x: 230..<282, y: $0..<$0 + 1) > 0 }
        let top = try #require(rows.first), bottom = try #require(rows.last)
        let first = try #require(inkBox(frame, x: 230..<282, y: top..<top + 10))
        let last = try #require(inkBox(frame, x: 230..<282, y: bottom - 3..<bottom + 1))
        #expect(first.width <= 10, "the tall 中 is on top: \(first)")
        #expect(last.width >= 14, "the wide 一 below it: \(last)")
    }

    /// The label at the centre; `above` (placed first) draws the features of kind "blocker".
    func renderPoint(_ text: String, modes: String, blockers: [VectorFeature] = [], above: String? = nil) throws -> MapRenderer.Frame {
        let layer = ##"{"id":"t","type":"symbol","source":"s","source-layer":"shapes","filter":["!=","kind","blocker"],"layout":{"text-field":"\##(text)","text-font":["Test Square"],"text-size":24,"text-writing-mode":\##(modes)},"paint":{"text-color":"#ff0000"}}"##
        let style = TestScene.style(above.map { layer + "," + $0 } ?? layer)
        var scene = try SymbolFixtures.scene(style: style, features: [SymbolFixtures.pointFeature(2048, 2048)] + blockers)
        scene.glyphs = try Self.glyphs()
        return try MapRenderer().render(scene)
    }

    @Test func aPointLabelAskedToWriteVerticallyStandsInAColumnReadingDown() throws {
        // "中一中": tall bar, wide bar, tall bar, one em apart down through the point.
        let frame = try renderPoint("中一中", modes: ##"["vertical"]"##)
        let box = try #require(inkBox(frame, x: 200..<312, y: 200..<312))
        #expect(box.width >= 14 && box.width <= 18, "as wide as the wide bar: \(box)")
        #expect(box.height >= 60, "three glyphs one em apart: \(box)")
        // The middle glyph (the wide bar) is at the point; a tall bar above and below it.
        #expect(try #require(inkBox(frame, x: 200..<312, y: 250..<262)).width >= 14)
        #expect(try #require(inkBox(frame, x: 200..<312, y: 226..<240)).width <= 10)
        // Horizontal (the default) lays the same text out in a row.
        let row = try #require(inkBox(try renderPoint("中一中", modes: ##"["horizontal"]"##), x: 150..<362, y: 200..<312))
        #expect(row.width >= 50 && row.height <= 18)
        // Text without upright characters is never written vertically.
        let latin = try #require(inkBox(try renderPoint("ABA", modes: ##"["vertical"]"##), x: 150..<362, y: 200..<312))
        #expect(latin.width >= 40 && latin.height <= 18)
    }

    @Test func theWritingModesAreTriedInTheStylesOrder() throws {
        // A red "A" placed first (upper layer) just right of the point: the horizontal row would cover it.
        let blocker = ##"{"id":"blocker","type":"symbol","source":"s","source-layer":"shapes","filter":["==","kind","blocker"],"layout":{"text-field":"A","text-font":["Test Square"],"text-size":24},"paint":{"text-color":"#0000ff"}}"##
        let blockers = [SymbolFixtures.pointFeature(2048 + 320, 2048, ["kind": .string("blocker")])]
        let frame = try renderPoint("中一中", modes: ##"["horizontal","vertical"]"##, blockers: blockers, above: blocker)
        let box = try #require(inkBox(frame, x: 200..<312, y: 200..<312))
        #expect(box.height >= 60 && box.width <= 18, "vertical, since the row collides: \(box)")
        // Free of the blocker, the first mode is taken.
        let free = try renderPoint("中一中", modes: ##"["horizontal","vertical"]"##)
        let row = try #require(inkBox(free, x: 150..<362, y: 200..<312))
        #expect(row.width >= 50 && row.height <= 18)
    }

    /// The square font plus two ideographs: 中 an 8×16 bar with a 20 px advance, 一 a 16×4 bar with 24.
    static func glyphs() throws -> GlyphStore {
        var store = try SymbolFixtures.squareGlyphs()
        var stack = Glyphs_FontStack()
        stack.name = SymbolFixtures.squareFont
        stack.range = "19968-20223"
        for (id, width, height, advance) in [(UInt32(0x4E2D), 8, 16, 20), (0x4E00, 16, 4, 24)] {
            var glyph = Glyphs_Glyph()
            glyph.id = id
            glyph.width = UInt32(width)
            glyph.height = UInt32(height)
            glyph.left = Int32(advance / 2 - width / 2)
            glyph.top = Int32(-17 + height / 2)
            glyph.advance = UInt32(advance)
            glyph.bitmap = rectangleField(width: width, height: height)
            stack.glyphs.append(glyph)
        }
        var pbf = Glyphs_Glyphs()
        pbf.stacks = [stack]
        try store.add(fontStack: [SymbolFixtures.squareFont], rangePBF: try pbf.serializedBytes())
        return store
    }

    /// The distance field of a filled rectangle inside the 3 px border (as `squareField`).
    static func rectangleField(width: Int, height: Int) -> Data {
        let w = width + 6, h = height + 6
        var bytes = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let inside = min(cx - 3, Double(width + 3) - cx, cy - 3, Double(height + 3) - cy)
                bytes[y * w + x] = UInt8(max(0, min(255, 192 + 32 * inside)))
            }
        }
        return Data(bytes)
    }
}
