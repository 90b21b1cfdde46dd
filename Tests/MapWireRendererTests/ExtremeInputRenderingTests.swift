import Foundation
import MapWireCanvas
import MapWireRenderer
import MapWireVectorTile
import Testing

/// Frames whose data holds numbers at the edge of their types: each draws (or leaves out what
/// cannot be drawn) without trapping: a tile or a style from anywhere must not take the renderer down.
struct ExtremeInputRenderingTests {
    let renderer = MapRenderer()

    /// How many pixels of the frame are not fully transparent (none of these styles has a background).
    static func painted(_ frame: MapRenderer.Frame) -> Int {
        let rgba = frame.canvas.rgba()
        return stride(from: 3, to: rgba.count, by: 4).count { rgba[$0] != 0 }
    }

    @Test func aTileWhoseExtentDoesNotFitInt32Draws() throws {
        let features = [
            VectorFeature(type: .point, geometry: [[TestScene.point(5, 5)]]),
            VectorFeature(type: .lineString, geometry: [[TestScene.point(0, 0), TestScene.point(.max, .max)]]),
            VectorFeature(type: .polygon, geometry: [TestScene.square(0, 0, .max, .max)]),
        ]
        let data = VectorTileData(layers: ["shapes": VectorLayer(name: "shapes", extent: Int(UInt32.max), features: features)],
                                  layerOrder: ["shapes"])
        var scene = TestScene.scene(style: TestScene.style(#"""
            {"id":"f","type":"fill","source":"s","source-layer":"shapes","paint":{"fill-color":"#f00"}},
            {"id":"l","type":"line","source":"s","source-layer":"shapes"},
            {"id":"c","type":"circle","source":"s","source-layer":"shapes"}
            """#), features: [])
        scene.sources["s"] = .vector([TestScene.tile: data])
        let frame = try renderer.render(scene)
        // Int32.max is half the extent: the square is the top-left quarter of the view, red; the
        // diagonal crosses it; the circle sits at the corner; the rest is left empty.
        #expect(TestScene.pixel(frame, 200, 60) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 60, 200) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 2, 2) == [0, 0, 0, 255], "the circle's default black")
        #expect(TestScene.pixel(frame, 128, 128)[0] < 128, "the diagonal line darkens the middle of the quarter")
        #expect(TestScene.pixel(frame, 400, 400) == [0, 0, 0, 0])
        #expect(TestScene.pixel(frame, 300, 100) == [0, 0, 0, 0])
        #expect(frame.styleProblems.isEmpty, "\(frame.styleProblems)")
    }

    @Test(arguments: [1e300, 1e30, -1e300])
    func dataDrivenSizesOfAnyMagnitudeDraw(_ size: Double) throws {
        func frame(_ size: Double) throws -> MapRenderer.Frame {
            let style = TestScene.style(#"""
                {"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-width":["get","n"],"line-blur":["get","n"],"line-offset":["get","n"]}},
                {"id":"c","type":"circle","source":"s","source-layer":"shapes","paint":{"circle-radius":["get","n"],"circle-blur":["get","n"]}},
                {"id":"t","type":"symbol","source":"s","source-layer":"shapes","layout":{"text-field":"AB","text-font":["Test Square"],
                 "text-size":["get","n"],"text-max-width":["get","n"],"text-letter-spacing":["get","n"],"text-offset":[["get","n"],0]}}
                """#)
            let properties: [String: FeatureValue] = ["n": .double(size)]
            let features = [
                SymbolFixtures.pointFeature(2048, 2048, properties),
                VectorFeature(type: .lineString, geometry: [[TestScene.point(100, 100), TestScene.point(4000, 3000)]], properties: properties),
            ]
            return try renderer.render(try SymbolFixtures.scene(style: style, features: features))
        }
        // A line, a circle and a label of any such size are left out whole; the same features at an
        // ordinary size are drawn, so the empty frame is the sizes' doing.
        let extreme = try frame(size)
        #expect(Self.painted(extreme) == 0)
        #expect(Self.painted(try frame(4)) > 0)
        // The one part of the style that cannot be read at all: an expression inside a literal array.
        #expect(extreme.styleProblems == [#"layer t: text-offset: [["get","n"],0] does not fit a numberArray property"#])
    }

    @Test(arguments: [#""tileSize":0,"maxzoom":-1"#, #""tileSize":-512,"maxzoom":1e300,"minzoom":-1e300"#, #""tileSize":1e300,"buffer":1e300"#])
    func geojsonSourceOptionsOutOfRangeDraw(_ options: String) throws {
        let style = ##"{"version":8,"sources":{"g":{"type":"geojson","data":{},\##(options)}},"layers":[{"id":"c","type":"circle","source":"g"}]}"##
        let tiler = try GeoJSONTiler(data: Data(#"{"type":"Point","coordinates":[1e20,0]}"#.utf8))
        let scene = RenderScene(styleJSON: Data(style.utf8), camera: TestScene.camera, size: TestScene.size, pixelRatio: 1,
                                sources: ["g": .geojson(tiler)], sprite: nil, glyphs: GlyphStore())
        let frame = try renderer.render(scene)
        // The point lies far outside the world, in no tile: nothing to draw, and the frame is drawn.
        #expect(frame.drawn)
        #expect(Self.painted(frame) == 0)
    }
}

/// Glyph ranges and sprite indexes are checked when read: what cannot be drawn is refused with a
/// reason instead of reaching size arithmetic.
struct GlyphAndSpriteValidationTests {
    func range(_ glyph: Glyphs_Glyph) throws -> Data {
        var pbf = Glyphs_Glyphs()
        pbf.stacks = [.with { $0.name = "F"; $0.range = "0-255"; $0.glyphs = [glyph] }]
        return try pbf.serializedBytes()
    }

    @Test func randomBytesAreNotAGlyphRange() {
        var store = GlyphStore()
        var generator = SystemRandomNumberGenerator()
        var refused = 0
        for _ in 0..<200 {
            let bytes = Data((0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) })
            do { try store.add(fontStack: ["F"], rangePBF: bytes) } catch { refused += 1 }
        }
        #expect(refused == 200, "random bytes have no font stack")
        #expect(store.stacks.isEmpty)
    }

    @Test func aGlyphOfFourBillionPixelsIsRefused() throws {
        var store = GlyphStore()
        let huge = try range(.with { $0.id = 65; $0.width = .max; $0.height = .max; $0.bitmap = Data([1, 2, 3]) })
        #expect(throws: (any Error).self) { try store.add(fontStack: ["F"], rangePBF: huge) }
        let short = try range(.with { $0.id = 65; $0.width = 4; $0.height = 4; $0.bitmap = Data([1, 2, 3]) })
        #expect(throws: (any Error).self) { try store.add(fontStack: ["F"], rangePBF: short) }
        let blank = try range(.with { $0.id = 32; $0.advance = 8 })
        try store.add(fontStack: ["F"], rangePBF: blank)
        #expect(store.glyph(32, in: ["F"])?.advance == 8)
    }

    @Test func spriteIconsOutsideTheImageOrNotWholeNumbersAreLeftOutWithAReason() throws {
        let image = CanvasImage(rgba: [UInt8](repeating: 0, count: 16 * 16 * 4), width: 16, height: 16)
        let index = #"""
            {"ok":{"x":0,"y":0,"width":16,"height":16},
             "huge":{"x":9.2e18,"y":0,"width":9.2e18,"height":1},
             "negative":{"x":-4,"y":0,"width":8,"height":8},
             "outside":{"x":8,"y":8,"width":16,"height":16},
             "fraction":{"x":0.5,"y":0,"width":8,"height":8},
             "ratio":{"x":0,"y":0,"width":8,"height":8,"pixelRatio":0}}
            """#
        let atlas = try SpriteAtlas(image: image, indexJSON: Data(index.utf8))
        #expect(Array(atlas.entries.keys) == ["ok"])
        #expect(atlas.skipped.count == 5)
        #expect(atlas.skipped.contains { $0.hasPrefix("\"outside\": 16×16 at 8,8 is not inside the 16×16 image") })
    }
}
