import Foundation
import MapWireGeometry
import MapWireRenderer
import MapWireVectorTile
import Testing

/// Symbol layers drawn with a synthetic square-glyph font and sprite, read back pixel by pixel.
/// The view is one z0 tile: tile units are 8 per screen px, (2048, 2048) is the centre (256, 256).
@Suite struct SymbolRenderingTests {
    let renderer = MapRenderer()

    static func layer(_ id: String = "t", layout: String, paint: String = "{}") -> String {
        ##"{"id":"\##(id)","type":"symbol","source":"s","source-layer":"shapes","layout":\##(layout),"paint":\##(paint)}"##
    }

    @Test func aPointLabelDrawsItsGlyphsInTheTextColourWithAHaloRing() throws {
        let style = TestScene.style(Self.layer(
            layout: ##"{"text-field":"AA","text-font":["Test Square"],"text-size":24}"##,
            paint: ##"{"text-color":"#ff0000","text-halo-color":"#0000ff","text-halo-width":2}"##))
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: [SymbolFixtures.pointFeature(2048, 2048)]))
        // Two 16 px squares side by side, centred: x 240...272, y 248...264.
        #expect(TestScene.pixel(frame, 245, 256) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 268, 250) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 250, 261) == [255, 0, 0, 255])
        // The halo: a ring up to 2 px outside the squares.
        for (x, y) in [(238, 256), (273, 256), (256, 246), (256, 265)] {
            let p = TestScene.pixel(frame, x, y)
            #expect(p[2] > 200 && p[0] < 30 && p[3] > 200, "halo at \(x),\(y): \(p)")
        }
        #expect(TestScene.pixel(frame, 234, 256)[3] == 0)
        #expect(TestScene.pixel(frame, 256, 240)[3] == 0)
    }

    @Test func textFieldTokensTransformAnchorAndOffsetPlaceTheLabel() throws {
        let style = TestScene.style(Self.layer(
            layout: ##"{"text-field":"{name}","text-transform":"uppercase","text-font":["Test Square"],"text-size":24,"text-anchor":"top-left","text-offset":[1,1]}"##,
            paint: ##"{"text-color":"#00ff00"}"##))
        let feature = SymbolFixtures.pointFeature(2048, 2048, ["name": .string("a")])
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: [feature]))
        // Anchored top-left and moved 1 em (24 px) right and down: one square at x 280...296.
        #expect(SymbolFixtures.count(frame, [0, 255, 0], x: 282..<294, y: 0..<512) > 100)
        #expect(SymbolFixtures.count(frame, [0, 255, 0], x: 0..<276, y: 0..<512) == 0)
    }

    @Test func overlappingLabelsKeepOnlyTheUpperLayers() throws {
        let style = TestScene.style([
            Self.layer("below", layout: ##"{"text-field":"AB","text-font":["Test Square"],"text-size":24}"##, paint: ##"{"text-color":"#ff0000"}"##),
            Self.layer("above", layout: ##"{"text-field":"AB","text-font":["Test Square"],"text-size":24}"##, paint: ##"{"text-color":"#0000ff"}"##),
        ].joined(separator: ","))
        let features = [SymbolFixtures.pointFeature(2048, 2048)]
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: features))
        #expect(SymbolFixtures.count(frame, [0, 0, 255], x: 200..<312, y: 200..<312) > 400)
        #expect(SymbolFixtures.count(frame, [255, 0, 0], x: 0..<512, y: 0..<512) == 0)
    }

    @Test func withinALayerTheEarlierFeatureWinsUnlessOverlapIsAllowed() throws {
        let features = [
            SymbolFixtures.pointFeature(2048, 2048, ["c": .string("#ff0000")]),
            SymbolFixtures.pointFeature(2100, 2060, ["c": .string("#0000ff")]),
        ]
        for (allow, blue) in [(false, 0), (true, 1)] {
            let style = TestScene.style(Self.layer(
                layout: ##"{"text-field":"AB","text-font":["Test Square"],"text-size":24,"text-allow-overlap":\##(allow)}"##,
                paint: ##"{"text-color":["get","c"]}"##))
            let frame = try renderer.render(SymbolFixtures.scene(style: style, features: features))
            #expect(SymbolFixtures.count(frame, [255, 0, 0], x: 0..<512, y: 0..<512) > 100)
            #expect((SymbolFixtures.count(frame, [0, 0, 255], x: 0..<512, y: 0..<512) > 100 ? 1 : 0) == blue)
        }
    }

    @Test func ignorePlacementLetsLaterSymbolsDrawOverIt() throws {
        let style = TestScene.style([
            Self.layer("below", layout: ##"{"text-field":"AB","text-font":["Test Square"],"text-size":24}"##, paint: ##"{"text-color":"#ff0000"}"##),
            Self.layer("above", layout: ##"{"text-field":"AB","text-font":["Test Square"],"text-size":24,"text-ignore-placement":true}"##,
                       paint: ##"{"text-color":"#0000ff"}"##),
        ].joined(separator: ","))
        let features = [SymbolFixtures.pointFeature(2048, 2048)]
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: features))
        // Both are placed; the upper layer draws last, on top.
        #expect(frame.canvas.rgba().count > 0)
        #expect(SymbolFixtures.count(frame, [0, 0, 255], x: 200..<312, y: 200..<312) > 400)
        #expect(frame.placementChanged)
    }

    @Test func anIconDrawsFromTheSpriteAndAMissingOneIsReported() throws {
        let style = TestScene.style(Self.layer(layout: ##"{"icon-image":"{icon}","icon-size":2}"##))
        let features = [
            SymbolFixtures.pointFeature(2048, 2048, ["icon": .string("dot")]),
            SymbolFixtures.pointFeature(1024, 1024, ["icon": .string("nope")]),
        ]
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: features, sprite: SymbolFixtures.dotSprite()))
        // 10 px at size 2: 20 px centred on (256, 256).
        #expect(TestScene.pixel(frame, 256, 256) == [0, 255, 0, 255])
        #expect(TestScene.pixel(frame, 248, 264) == [0, 255, 0, 255])
        #expect(TestScene.pixel(frame, 270, 256)[3] == 0)
        #expect(SymbolFixtures.count(frame, [0, 255, 0], x: 0..<512, y: 0..<512) == 400)
        #expect(frame.missingImages == ["nope"])
    }

    @Test func sdfIconsAreTintedWithTheIconColourAndHalo() throws {
        let style = TestScene.style(Self.layer(layout: ##"{"icon-image":"square"}"##,
                                               paint: ##"{"icon-color":"#ff0000","icon-halo-color":"#0000ff","icon-halo-width":1}"##))
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: [SymbolFixtures.pointFeature(2048, 2048)],
                                                             sprite: SymbolFixtures.sdfSprite()))
        // The 10 px square spans 251...261 inside the 16 px icon centred on (256, 256).
        #expect(TestScene.pixel(frame, 256, 256) == [255, 0, 0, 255])
        #expect(TestScene.pixel(frame, 252, 259) == [255, 0, 0, 255])
        let halo = TestScene.pixel(frame, 250, 256)
        #expect(halo[2] > 150 && halo[0] < 60)
        #expect(TestScene.pixel(frame, 246, 256)[3] == 0)
    }

    @Test func iconAndTextOfOneSymbolArePlacedTogether() throws {
        // The second symbol's icon fits but its text collides: without optional parts neither draws.
        // (The first symbol's black text covers the right half of its own icon.)
        let layout = ##"{"icon-image":"dot","text-field":"AB","text-font":["Test Square"],"text-size":24,"text-anchor":"left"}"##
        let features = [SymbolFixtures.pointFeature(2048, 2048), SymbolFixtures.pointFeature(1900, 2048)]
        var frame = try renderer.render(SymbolFixtures.scene(style: TestScene.style(Self.layer(layout: layout)), features: features,
                                                             sprite: SymbolFixtures.dotSprite()))
        #expect(SymbolFixtures.count(frame, [0, 255, 0], x: 0..<512, y: 0..<512) == 50)
        let optional = ##"{"icon-image":"dot","text-field":"AB","text-font":["Test Square"],"text-size":24,"text-anchor":"left","text-optional":true}"##
        frame = try renderer.render(SymbolFixtures.scene(style: TestScene.style(Self.layer(layout: optional)), features: features,
                                                         sprite: SymbolFixtures.dotSprite()))
        #expect(SymbolFixtures.count(frame, [0, 255, 0], x: 0..<512, y: 0..<512) > 120)
    }

    @Test func lineLabelsLieAlongTheLineAndSkipLinesShorterThanTheLabel() throws {
        let style = TestScene.style(Self.layer(
            layout: ##"{"symbol-placement":"line","text-field":"ABAB","text-font":["Test Square"],"text-size":24}"##,
            paint: ##"{"text-color":"#ff0000"}"##))
        let long = VectorFeature(type: .lineString, geometry: [[TestScene.point(800, 2048), TestScene.point(3200, 2048)]])
        var frame = try renderer.render(SymbolFixtures.scene(style: style, features: [long]))
        // One 64 px label along y = 256 (glyph squares span 248...264), none elsewhere.
        let onLine = SymbolFixtures.count(frame, [255, 0, 0], x: 100..<400, y: 249..<263)
        #expect(onLine > 50 * 14)
        #expect(SymbolFixtures.count(frame, [255, 0, 0], x: 0..<512, y: 0..<246) == 0)
        #expect(SymbolFixtures.count(frame, [255, 0, 0], x: 0..<512, y: 266..<512) == 0)

        let short = VectorFeature(type: .lineString, geometry: [[TestScene.point(2000, 2048), TestScene.point(2300, 2048)]])
        frame = try renderer.render(SymbolFixtures.scene(style: style, features: [short]))
        #expect(SymbolFixtures.count(frame, [255, 0, 0], x: 0..<512, y: 0..<512) == 0)
    }

    @Test func verticalLineLabelsTurnWithTheLine() throws {
        let style = TestScene.style(Self.layer(
            layout: ##"{"symbol-placement":"line","text-field":"ABAB","text-font":["Test Square"],"text-size":24}"##,
            paint: ##"{"text-color":"#ff0000"}"##))
        let line = VectorFeature(type: .lineString, geometry: [[TestScene.point(2048, 800), TestScene.point(2048, 3200)]])
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: [line]))
        #expect(SymbolFixtures.count(frame, [255, 0, 0], x: 249..<263, y: 100..<400) > 50 * 14)
        #expect(SymbolFixtures.count(frame, [255, 0, 0], x: 0..<246, y: 0..<512) == 0)
    }

    @Test func aLabelAcrossASharpBendIsDroppedUnlessTheMaxAngleAllowsIt() throws {
        // A right angle in the middle of a 128 px line; the centred 64 px label spans it.
        let bent = VectorFeature(type: .lineString, geometry: [[TestScene.point(1536, 2048), TestScene.point(2048, 2048), TestScene.point(2048, 1536)]])
        for (maxAngle, drawn) in [(45, false), (100, true)] {
            let style = TestScene.style(Self.layer(
                layout: ##"{"symbol-placement":"line-center","text-max-angle":\##(maxAngle),"text-field":"ABAB","text-font":["Test Square"],"text-size":24}"##,
                paint: ##"{"text-color":"#ff0000"}"##))
            let frame = try renderer.render(SymbolFixtures.scene(style: style, features: [bent]))
            #expect((SymbolFixtures.count(frame, [255, 0, 0], x: 0..<512, y: 0..<512) > 0) == drawn)
        }
    }

    @Test func keepUprightReadsLeftToRightOnALineDrawnRightToLeft() throws {
        // Offset 2 em along the reading direction: to the right when the label is kept upright.
        let leftward = VectorFeature(type: .lineString, geometry: [[TestScene.point(3200, 2048), TestScene.point(800, 2048)]])
        for (upright, right) in [(true, true), (false, false)] {
            let style = TestScene.style(Self.layer(
                layout: ##"{"symbol-placement":"line-center","text-keep-upright":\##(upright),"text-offset":[2,0],"text-field":"A","text-font":["Test Square"],"text-size":24}"##,
                paint: ##"{"text-color":"#ff0000"}"##))
            let frame = try renderer.render(SymbolFixtures.scene(style: style, features: [leftward]))
            #expect((SymbolFixtures.count(frame, [255, 0, 0], x: 290..<318, y: 240..<272) > 100) == right)
            #expect((SymbolFixtures.count(frame, [255, 0, 0], x: 194..<222, y: 240..<272) > 100) == !right)
        }
    }

    @Test func aLabelInATilesBufferBelongsToTheNeighbour() throws {
        let style = TestScene.style(Self.layer(layout: ##"{"text-field":"A","text-font":["Test Square"],"text-size":24}"##))
        let frame = try renderer.render(SymbolFixtures.scene(style: style, features: [SymbolFixtures.pointFeature(-60, 2048)]))
        #expect(SymbolFixtures.count(frame, [0, 0, 0], x: 0..<20, y: 240..<272) == 0)
    }

    @Test func placementChangesOnlyWhenTheCameraMoves() throws {
        let style = TestScene.style(Self.layer(layout: ##"{"text-field":"AB","text-font":["Test Square"],"text-size":24}"##))
        let features = [SymbolFixtures.pointFeature(2048, 2048, id: 7)]
        let first = try renderer.render(SymbolFixtures.scene(style: style, features: features))
        #expect(first.placementChanged)
        let same = try renderer.render(SymbolFixtures.scene(style: style, features: features))
        #expect(!same.placementChanged)
        let moved = Camera(center: LngLat(longitude: 20, latitude: 0), zoom: 0)
        let panned = try renderer.render(SymbolFixtures.scene(style: style, features: features, camera: moved))
        #expect(panned.placementChanged)
    }
}
