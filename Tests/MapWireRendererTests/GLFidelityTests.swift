import Foundation
import MapWireCanvas
import MapWireFormats
import MapWireGeometry
@testable import MapWireRenderer
import MapWireVectorTile
import Testing

/// Details where the renderer matches what GL engines draw (the shared render suite's cases),
/// each checked on pixels that differed before.
@Suite struct GLFidelityTests {
    let renderer = MapRenderer()

    /// A V: up from (200, 400) px to (220, 100) and down to (240, 400); tile units are 8 per px.
    static let vee = [TestScene.point(1600, 3200), TestScene.point(1760, 800), TestScene.point(1920, 3200)]

    @Test func aTranslucentLineBlendsTwiceWhereTheLegsOfASharpCornerOverlap() throws {
        let features = [VectorFeature(type: .lineString, geometry: [Self.vee])]
        let style = TestScene.style(##"{"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-color":"#000","line-width":16,"line-opacity":0.5}}"##)
        let frame = try renderer.render(TestScene.scene(style: style, features: features))
        // Near the apex both legs cover the pixel: 1 - 0.5 × 0.5 = 0.75; far down only one does.
        #expect((189...193).contains(Int(TestScene.pixel(frame, 220, 115)[3])))
        #expect((126...129).contains(Int(TestScene.pixel(frame, 202, 380)[3])))
    }

    @Test func aCasedLineShowsBothLegsCasingsAtASharpCorner() throws {
        let features = [VectorFeature(type: .lineString, geometry: [Self.vee])]
        let style = TestScene.style(##"{"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-color":"#000","line-width":2,"line-gap-width":10}}"##)
        let frame = try renderer.render(TestScene.scene(style: style, features: features))
        // On the axis just below the apex the legs' inner casings cross (drawn as one outline
        // before, the gap cut them away).
        let column = (140...180).map { Int(TestScene.pixel(frame, 220, $0)[3]) }
        #expect(column.contains { $0 > 200 }, "\(column)")
    }

    func circleFrame(_ paint: String, at point: TilePoint = TestScene.point(2048, 2048), size: ViewportSize = TestScene.size,
                     camera: Camera = TestScene.camera) throws -> MapRenderer.Frame {
        let features = [VectorFeature(type: .point, geometry: [[point]])]
        let style = TestScene.style(##"{"id":"c","type":"circle","source":"s","source-layer":"shapes","paint":{\##(paint)}}"##)
        let data = VectorTileData(layers: ["shapes": VectorLayer(name: "shapes", features: features)], layerOrder: ["shapes"])
        return try renderer.render(RenderScene(styleJSON: Data(style.utf8), camera: camera, size: size, pixelRatio: 1,
                                               sources: ["s": .vector([TestScene.tile: data])], sprite: nil, glyphs: GlyphStore()))
    }

    @Test func aCirclesEdgeFadesOverTheLastPixelInsideItsRadius() throws {
        // Radius 10 around (256, 256): the pixel centred at 265.5 is half a pixel inside the edge,
        // where GL's one-pixel fade is half way (cairo covered it fully).
        let frame = try circleFrame(##""circle-radius":10,"circle-color":"#000""##)
        #expect((118...138).contains(Int(TestScene.pixel(frame, 265, 256)[3])))
        #expect(TestScene.pixel(frame, 264, 256)[3] == 255)
        #expect(TestScene.pixel(frame, 266, 256)[3] == 0)
    }

    @Test func aCirclesStrokeBeginsWithAOnePixelRampInsideTheRadius() throws {
        let frame = try circleFrame(##""circle-radius":10,"circle-color":"#fff","circle-stroke-width":4,"circle-stroke-color":"#000""##)
        #expect((118...138).contains(Int(TestScene.pixel(frame, 265, 256)[0])))
        #expect(TestScene.pixel(frame, 264, 256)[0] == 255)
        #expect(TestScene.pixel(frame, 267, 256)[0] == 0 && TestScene.pixel(frame, 267, 256)[3] == 255)
    }

    @Test func circlesRepeatOnTheWorldCopiesTheViewShows() throws {
        // A 1024 px wide view at zoom 0 shows the 512 px world and half a copy either side: the
        // point at world x 100 is at screen x 356 and again at 868 on the copy to the east.
        let frame = try circleFrame(##""circle-radius":5,"circle-color":"#000""##, at: TestScene.point(800, 2048),
                                    size: ViewportSize(width: 1024, height: 512))
        #expect(TestScene.pixel(frame, 356, 256)[3] == 255)
        #expect(TestScene.pixel(frame, 868, 256)[3] == 255)
        #expect(TestScene.pixel(frame, 612, 256)[3] == 0)
    }

    @Test func circlePitchScaleMapShrinksFarCirclesAndViewportKeepsThem() throws {
        let pitched = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, pitch: 50)
        // North of the centre: further from the camera, higher on the screen.
        let far = TestScene.point(2048, 1024)
        func width(_ scale: String) throws -> Int {
            let frame = try circleFrame(##""circle-radius":20,"circle-color":"#000","circle-pitch-scale":"\##(scale)""##, at: far, camera: pitched)
            let rgba = frame.canvas.rgba()
            var widest = 0
            for y in 0..<512 {
                widest = max(widest, (0..<512).filter { rgba[(y * 512 + $0) * 4 + 3] > 127 }.count)
            }
            return widest
        }
        let map = try width("map"), viewport = try width("viewport")
        #expect((37...41).contains(viewport), "\(viewport)")
        #expect(map < viewport - 2, "map \(map), viewport \(viewport)")
    }

    @Test func anIconAtItsNaturalSizeIsCopiedPixelForPixel() throws {
        // A 5×5 icon, a 1 px red border round white, centred on (256, 256): its left edge falls at
        // 253.5, between pixels. GL samples the nearest icon pixel: column 253 is all border,
        // 254 all white (bilinear sampling gave a half-covered 253 and a pink 254).
        var rgba: [UInt8] = []
        for y in 0..<5 {
            for x in 0..<5 { rgba += (x == 0 || y == 0 || x == 4 || y == 4) ? [255, 0, 0, 255] : [255, 255, 255, 255] }
        }
        let sprite = SpriteAtlas(image: CanvasImage(rgba: rgba, width: 5, height: 5),
                                 entries: ["box": .init(x: 0, y: 0, width: 5, height: 5, pixelRatio: 1, sdf: false)])
        let style = TestScene.style(##"{"id":"i","type":"symbol","source":"s","source-layer":"shapes","layout":{"icon-image":"box"}}"##)
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: [SymbolFixtures.pointFeature(2048, 2048)], sprite: sprite))
        #expect(TestScene.pixel(frame, 253, 255) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 254, 255) == [255, 255, 255, 255])
        #expect(TestScene.pixel(frame, 257, 255) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 252, 255)[3] == 0 && TestScene.pixel(frame, 258, 255)[3] == 0)
    }

    @Test func aPatternFillWithoutAntialiasingHasHardEdgesAsGLsTriangles() throws {
        // A red pattern on a square whose edges fall inside pixels (x 240.75 ... 271.75): with
        // fill-antialias false GL draws no outline, so each pixel is in (centre inside) or out.
        let sprite = SpriteAtlas(image: CanvasImage(rgba: Array([[UInt8]](repeating: [255, 0, 0, 255], count: 4).joined()), width: 2, height: 2),
                                 entries: ["p": .init(x: 0, y: 0, width: 2, height: 2, pixelRatio: 1, sdf: false)])
        let style = TestScene.style(##"{"id":"f","type":"fill","source":"s","source-layer":"shapes","paint":{"fill-pattern":"p","fill-antialias":false}}"##)
        let square = [VectorFeature(type: .polygon, geometry: [TestScene.square(1926, 1926, 2174, 2174)])]
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: square, sprite: sprite))
        #expect(TestScene.pixel(frame, 240, 256)[3] == 0)
        #expect(TestScene.pixel(frame, 241, 256) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 271, 256) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 272, 256)[3] == 0)
    }

    static let building = TestScene.style(##"{"id":"b","type":"fill-extrusion","source":"s","source-layer":"shapes","paint":{"fill-extrusion-color":"#f00","fill-extrusion-height":3000000}}"##)
    /// A 32 px square around the centre (x and y 240...272).
    static let block = [VectorFeature(type: .polygon, geometry: [TestScene.square(1920, 1920, 2176, 2176)])]

    @Test func anExtrusionsRoofIsShadedByTheDefaultLight() throws {
        // Seen from straight above only the roof shows: red lit by the default light (intensity
        // 0.5 from above) with the ambient 0.03 in the other channels: about (255, 10, 10).
        let frame = try renderer.render(TestScene.scene(style: Self.building, features: Self.block))
        let roof = TestScene.pixel(frame, 256, 256)
        #expect(roof[0] == 255 && (8...12).contains(Int(roof[1])) && (8...12).contains(Int(roof[2])) && roof[3] == 255, "\(roof)")
    }

    @Test func aPitchedExtrusionRaisesItsRoofAndShowsItsFrontWall() throws {
        // 3000 km at zoom 0 is about 38 px: the roof rises up the screen and the front wall
        // (shaded darker toward the ground) covers where the flat polygon was drawn.
        let pitched = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, pitch: 60)
        let frame = try renderer.render(TestScene.scene(style: Self.building, features: Self.block, camera: pitched))
        let rgba = frame.canvas.rgba()
        let column = (0..<512).map { y in Array(rgba[(y * 512 + 256) * 4..<(y * 512 + 256) * 4 + 4]) }
        let covered = column.indices.filter { column[$0][3] == 255 }
        let top = try #require(covered.first), bottom = try #require(covered.last)
        let flat = TestScene.scene(style: TestScene.style(##"{"id":"f","type":"fill","source":"s","source-layer":"shapes","paint":{"fill-color":"#f00"}}"##), features: Self.block, camera: pitched)
        let flatColumn = try renderer.render(flat).canvas.rgba()
        let flatTop = try #require((0..<512).first { flatColumn[($0 * 512 + 256) * 4 + 3] == 255 })
        #expect(top < flatTop - 10, "roof from \(top), flat from \(flatTop)")
        // The wall's foot is darker than the roof.
        #expect(Int(column[bottom - 1][0]) < Int(column[top + 1][0]) - 20, "\(column[top + 1]) \(column[bottom - 1])")
    }

    @Test func extrusionOpacityFadesTheBlockAsAWhole() throws {
        let style = TestScene.style(##"{"id":"b","type":"fill-extrusion","source":"s","source-layer":"shapes","paint":{"fill-extrusion-color":"#f00","fill-extrusion-height":3000000,"fill-extrusion-opacity":0.5}}"##)
        let pitched = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, pitch: 60)
        let frame = try renderer.render(TestScene.scene(style: style, features: Self.block, camera: pitched))
        // Faces overlap on screen (walls behind the roof) yet every covered pixel is half opaque,
        // and the block (roof raised above its walls) covers more than the flat square would.
        let alphas = (0..<512).map { Int(TestScene.pixel(frame, 256, $0)[3]) }.filter { $0 > 0 }
        #expect(Set(alphas).allSatisfy { (126...129).contains($0) }, "\(Set(alphas))")
        #expect(alphas.count > 40, "\(alphas.count) px")
    }

    @Test func dashesGrowWithTheMapBetweenIntegerZooms() throws {
        // GL lays dashes out in tile units: at zoom 0.5 a [2, 2] dash of a 10 px line is
        // 20 × √2 ≈ 28.3 px long, not 20. The line runs from screen x 35.4 at y 256.
        let features = [VectorFeature(type: .lineString, geometry: [[TestScene.point(800, 2048), TestScene.point(3200, 2048)]])]
        let style = TestScene.style(##"{"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-color":"#f00","line-width":10,"line-dasharray":[2,2]}}"##)
        let zoomed = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0.5)
        let frame = try renderer.render(TestScene.scene(style: style, features: features, camera: zoomed))
        #expect(TestScene.pixel(frame, 60, 256)[3] == 255)   // still the first dash
        #expect(TestScene.pixel(frame, 80, 256)[3] == 0)     // the first gap
        #expect(TestScene.pixel(frame, 100, 256)[3] == 255)  // the second dash
    }

    @Test func pitchedFillsHaveHardEdgesAndGLsOutlineOnlyAcrossTheView() throws {
        let pitched = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, pitch: 40)
        let features = [VectorFeature(type: .polygon, geometry: [TestScene.square(1200, 1200, 2800, 2800)])]
        let style = TestScene.style(##"{"id":"f","type":"fill","source":"s","source-layer":"shapes","paint":{"fill-color":"#00f"}}"##)
        let frame = try renderer.render(TestScene.scene(style: style, features: features, camera: pitched))
        let rgba = frame.canvas.rgba()
        let width = frame.canvas.width
        // Hard triangles; GL's outline lines fade out along the sides running into the distance
        // (their position is interpolated perspective-correctly) and show only along the near and
        // far edges (and their corners).
        var rows: [Int] = [], partialRows = Set<Int>()
        for i in stride(from: 3, to: rgba.count, by: 4) where rgba[i] != 0 {
            rows.append(i / 4 / width)
            if rgba[i] != 255 { partialRows.insert(i / 4 / width) }
        }
        let top = try #require(rows.min()), bottom = try #require(rows.max())
        #expect(bottom - top > 50)
        #expect(partialRows.allSatisfy { $0 <= top + 8 || $0 >= bottom - 8 }, "\(partialRows.sorted()) in \(top)...\(bottom)")
    }

    @Test func geoJSONIsTiledWithGLsExtentAndBuffer() throws {
        // Tile 1/0/0 ends at longitude 0; a point at 35° east is 100 px beyond it, inside GL's
        // 128 px buffer (the old 16 px buffer left it out).
        let tiler = try GLGeoJSONTiling.tiler(data: Data(#"{"type":"Point","coordinates":[35,10]}"#.utf8))
        let tile = tiler.tile(z: 1, x: 0, y: 0)
        #expect(tile.extent == 8192)
        let point = try #require(tile.features.first?.geometry.first?.first)
        #expect((9760...9810).contains(Int(point.x)), "\(point)")
    }

    @Test func glyphsArePaddedToTheirAtlasCell() {
        // A 10 × 12 glyph: bitmap 16 × 18 with its 3 px border, 18 × 20 with GL's 1 px gap, in a
        // cell rounded up to 20 × 24; the bitmap sits 1 px in from the cell's top-left corner.
        let source = (0..<(16 * 18)).map { UInt8($0 % 251) }
        let glyph = GlyphStore.Glyph(id: 65, bitmap: source, width: 10, height: 12, left: 2, top: -5, advance: 12)
        let padded = PaddedGlyphs.padded(glyph)
        #expect(padded.width + 6 == 20 && padded.height + 6 == 24)
        #expect(padded.bitmap.count == 20 * 24)
        #expect(padded.bitmap[1 * 20 + 1] == source[0] && padded.bitmap[18 * 20 + 16] == source[17 * 16 + 15])
        #expect(padded.left == 1 && padded.top == -4)
        #expect(PaddedGlyphs.cell(20) == 24 && PaddedGlyphs.cell(21) == 24)
    }
}
