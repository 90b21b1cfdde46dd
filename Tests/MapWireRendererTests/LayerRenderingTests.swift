import Foundation
import MapWireCanvas
import MapWireFormats
import MapWireGeometry
import MapWireRenderer
import MapWireVectorTile
import Testing

/// Each layer type drawn on an image the test renders and reads back pixel by pixel.
@Suite struct LayerRenderingTests {
    let renderer = MapRenderer()

    @Test func backgroundFillsTheFrameWithItsColourAndOpacity() throws {
        let frame = try renderer.render(TestScene.scene(style: TestScene.style(
            ##"{"id":"bg","type":"background","paint":{"background-color":"rgb(255,0,0)","background-opacity":0.5}}"##), features: []))
        #expect(TestScene.pixel(frame, 10, 10) == [255, 0, 0, 128] || TestScene.pixel(frame, 10, 10) == [255, 0, 0, 127])
        #expect(TestScene.pixel(frame, 500, 500)[0] == 255)
    }

    @Test func fillDrawsPolygonsWithHolesFiltersAndDataDrivenColour() throws {
        let outer = TestScene.square(800, 800, 2400, 2400)
        let hole = Array(TestScene.square(1200, 1200, 2000, 2000).reversed())
        let features = [
            VectorFeature(id: 1, type: .polygon, geometry: [outer, hole], properties: ["kind": .string("park")]),
            VectorFeature(id: 2, type: .polygon, geometry: [TestScene.square(2800, 800, 3600, 1600)], properties: ["kind": .string("lake")]),
            VectorFeature(id: 3, type: .polygon, geometry: [TestScene.square(2800, 2800, 3600, 3600)], properties: ["kind": .string("road")]),
        ]
        let style = TestScene.style("""
            {"id":"bg","type":"background","paint":{"background-color":"#ffffff"}},
            {"id":"f","type":"fill","source":"s","source-layer":"shapes","filter":["!=","kind","road"],
             "paint":{"fill-color":["match",["get","kind"],"park","#00ff00","lake","#0000ff","#000000"]}}
            """)
        let frame = try renderer.render(TestScene.scene(style: style, features: features))
        #expect(TestScene.pixel(frame, 120, 120) == [0, 255, 0, 255])   // inside the park ring
        #expect(TestScene.pixel(frame, 200, 200) == [255, 255, 255, 255]) // the hole
        #expect(TestScene.pixel(frame, 400, 150) == [0, 0, 255, 255])   // the lake
        #expect(TestScene.pixel(frame, 400, 400) == [255, 255, 255, 255]) // the road is filtered out
    }

    @Test func fillTranslateMovesThePolygonInScreenPixels() throws {
        let features = [VectorFeature(type: .polygon, geometry: [TestScene.square(800, 800, 1600, 1600)])]
        let style = TestScene.style(##"{"id":"f","type":"fill","source":"s","source-layer":"shapes","paint":{"fill-color":"#000","fill-translate":[50,0]}}"##)
        let frame = try renderer.render(TestScene.scene(style: style, features: features))
        #expect(TestScene.pixel(frame, 110, 150)[3] == 0)
        #expect(TestScene.pixel(frame, 240, 150)[3] == 255)
    }

    @Test func lineWidthCapAndDashes() throws {
        let line = [TestScene.point(800, 2048), TestScene.point(3200, 2048)]   // screen x 100...400 at y 256
        let features = [VectorFeature(type: .lineString, geometry: [line])]
        let solid = TestScene.style(##"{"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-color":"#f00","line-width":10}}"##)
        var frame = try renderer.render(TestScene.scene(style: solid, features: features))
        #expect(TestScene.pixel(frame, 250, 256) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 250, 253)[3] == 255 && TestScene.pixel(frame, 250, 264)[3] == 0)
        #expect(TestScene.pixel(frame, 97, 256)[3] == 0)  // butt cap ends at the end point
        let square = TestScene.style(##"{"id":"l","type":"line","source":"s","source-layer":"shapes","layout":{"line-cap":"square"},"paint":{"line-color":"#f00","line-width":10}}"##)
        frame = try renderer.render(TestScene.scene(style: square, features: features))
        #expect(TestScene.pixel(frame, 97, 256)[3] == 255)
        // Dashes are in line widths: 2 on, 2 off with width 10 → 20 px dashes.
        let dashed = TestScene.style(##"{"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-color":"#f00","line-width":10,"line-dasharray":[2,2]}}"##)
        frame = try renderer.render(TestScene.scene(style: dashed, features: features))
        #expect(TestScene.pixel(frame, 110, 256)[3] == 255)
        #expect(TestScene.pixel(frame, 130, 256)[3] == 0)
        #expect(TestScene.pixel(frame, 150, 256)[3] == 255)
    }

    @Test func lineGapWidthDrawsTwoLinesAroundTheGap() throws {
        let features = [VectorFeature(type: .lineString, geometry: [[TestScene.point(800, 2048), TestScene.point(3200, 2048)]])]
        let style = TestScene.style(##"{"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-color":"#00f","line-width":4,"line-gap-width":20}}"##)
        let frame = try renderer.render(TestScene.scene(style: style, features: features))
        #expect(TestScene.pixel(frame, 250, 256)[3] == 0)       // the gap
        #expect(TestScene.pixel(frame, 250, 244)[2] == 255)     // one side: 10 + 2 px above
        #expect(TestScene.pixel(frame, 250, 268)[2] == 255)     // the other side
    }

    @Test func circleRadiusColourStrokeAndOwnershipOfBufferPoints() throws {
        let features = [
            VectorFeature(type: .point, geometry: [[TestScene.point(2048, 2048)]], properties: ["size": .int(20)]),
            // In the tile's buffer: belongs to a neighbour, not drawn by this tile.
            VectorFeature(type: .point, geometry: [[TestScene.point(-40, 2048)]], properties: ["size": .int(20)]),
        ]
        let style = TestScene.style(##"{"id":"c","type":"circle","source":"s","source-layer":"shapes","paint":{"circle-radius":["get","size"],"circle-color":"#0f0","circle-stroke-width":5,"circle-stroke-color":"#f00"}}"##)
        let frame = try renderer.render(TestScene.scene(style: style, features: features))
        #expect(TestScene.pixel(frame, 256, 256) == [0, 255, 0, 255])
        #expect(TestScene.pixel(frame, 256 + 22, 256)[0] == 255)   // the stroke outside the radius
        #expect(TestScene.pixel(frame, 256 + 30, 256)[3] == 0)
        #expect(TestScene.pixel(frame, 3, 256)[3] == 0)
    }

    @Test func zoomDependentWidthAndMinzoomHideAndShowLayers() throws {
        let features = [VectorFeature(type: .lineString, geometry: [[TestScene.point(800, 2048), TestScene.point(3200, 2048)]])]
        let style = TestScene.style("""
            {"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-color":"#000","line-width":{"stops":[[0,2],[1,30]]}}},
            {"id":"hidden","type":"background","minzoom":5,"paint":{"background-color":"#f00"}}
            """)
        let frame = try renderer.render(TestScene.scene(style: style, features: features))
        #expect(TestScene.pixel(frame, 250, 256)[3] == 255)
        #expect(TestScene.pixel(frame, 250, 260)[3] == 0)   // width 2 at zoom 0
        #expect(TestScene.pixel(frame, 5, 5)[3] == 0)       // the background's minzoom is 5
    }

    @Test func pixelRatioTwoDrawsTwiceTheDevicePixels() throws {
        let style = TestScene.style(##"{"id":"bg","type":"background","paint":{"background-color":"#123456"}}"##)
        let frame = try renderer.render(TestScene.scene(style: style, features: [], pixelRatio: 2))
        let png = try ImageDecoder.decode(frame.canvas.pngData())
        #expect(png.width == 1024 && png.height == 1024)
        #expect(TestScene.pixel(frame, 1000, 1000) == [0x12, 0x34, 0x56, 255])
    }

    @Test func bearingRotatesTheMap() throws {
        // A bar to the east of the centre ends up below it when the map turns by -90° (bearing 270).
        let features = [VectorFeature(type: .polygon, geometry: [TestScene.square(2400, 1968, 3200, 2128)])]
        let style = TestScene.style(##"{"id":"f","type":"fill","source":"s","source-layer":"shapes","paint":{"fill-color":"#000"}}"##)
        let turned = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, bearing: 90)
        let frame = try renderer.render(TestScene.scene(style: style, features: features, camera: turned))
        // Bearing 90 puts east at the top of the screen.
        #expect(TestScene.pixel(frame, 256, 120)[3] == 255)
        #expect(TestScene.pixel(frame, 350, 256)[3] == 0)
    }

    @Test func brokenStylesAreErrorsAndBrokenPartsAreLeftOutNotCrashes() throws {
        #expect(throws: (any Error).self) { try renderer.render(TestScene.scene(style: "[1, 2]", features: [])) }
        let style = TestScene.style(##"""
            {"id":"bad-filter","type":"background","filter":["nonsense-op"],"paint":{"background-color":"#f00"}},
            {"id":"bad-colour","type":"background","paint":{"background-color":["nonsense-op"],"background-opacity":0.5}}
            """##)
        let frame = try renderer.render(TestScene.scene(style: style, features: []))
        // The layer with a broken filter is left out; the broken colour falls back to black.
        #expect(TestScene.pixel(frame, 5, 5)[0] == 0 && (126...129).contains(Int(TestScene.pixel(frame, 5, 5)[3])))
        #expect(frame.styleProblems.count == 2)
        #expect(frame.styleProblems.contains { $0.hasPrefix("layer bad-filter left out") })
    }
}

/// Raster layers: a raster tile warped onto its place, with opacity and colour adjustments.
@Suite struct RasterRenderingTests {
    let renderer = MapRenderer()

    func scene(paint: String, camera: Camera = TestScene.camera) -> RenderScene {
        // A 2×2 tile: red, green / blue, white.
        let tile = CanvasImage(rgba: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255], width: 2, height: 2)
        let style = ##"{"version":8,"sources":{"r":{"type":"raster","tiles":["x://{z}/{x}/{y}"]}},"layers":[{"id":"r","type":"raster","source":"r","paint":{"raster-resampling":"nearest",\##(paint)}}]}"##
        return RenderScene(styleJSON: Data(style.utf8), camera: camera, size: TestScene.size, pixelRatio: 1,
                           sources: ["r": .raster([TestScene.tile: tile])], sprite: nil, glyphs: GlyphStore())
    }

    @Test func rasterTileCoversItsPlaceWithItsPixels() throws {
        let frame = try renderer.render(scene(paint: ##""raster-opacity":1"##))
        #expect(TestScene.pixel(frame, 100, 100) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 400, 100) == [0, 255, 0, 255])
        #expect(TestScene.pixel(frame, 100, 400) == [0, 0, 255, 255])
        #expect(TestScene.pixel(frame, 400, 400) == [255, 255, 255, 255])
    }

    @Test func rasterTilesRepeatOnTheCopiesOfTheWorldTheViewReaches() throws {
        // Centred on the antimeridian: the west half of the view shows the world's east edge, the
        // east half the next copy's west edge (GL's renderWorldCopies), not an empty strip.
        let frame = try renderer.render(scene(paint: ##""raster-opacity":1"##, camera: Camera(center: LngLat(longitude: 180, latitude: 0), zoom: 0)))
        #expect(TestScene.pixel(frame, 100, 100) == [0, 255, 0, 255])
        #expect(TestScene.pixel(frame, 400, 100) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 400, 400) == [0, 0, 255, 255])
    }

    @Test func rasterOpacityAndSaturation() throws {
        let faded = try renderer.render(scene(paint: ##""raster-opacity":0.5"##))
        #expect((126...129).contains(Int(TestScene.pixel(faded, 100, 100)[3])))
        let grey = try renderer.render(scene(paint: ##""raster-saturation":-1"##))
        let p = TestScene.pixel(grey, 100, 100)
        #expect(p[0] == p[1] && p[1] == p[2])
    }
}
