import Foundation
import MapWireCanvas
@testable import MapWireRenderer
import Testing

/// Stretchable sprite icons under `icon-text-fit` (the sprite index's `stretchX`, `stretchY`, `content`),
/// cut as GL's getIconQuads cuts them: fixed parts keep their sprite px, the zones share out the rest of
/// the fitted box in proportion to their lengths, and `content` is what covers the box.
@Suite struct IconStretchQuadsTests {
    typealias Axis = IconStretchQuads.Axis

    func positions(_ axis: Axis, _ from: Double, _ to: Double, ratio: Double = 1, size: Double = 1) -> [Double] {
        IconStretchQuads.cuts(axis, from: from, to: to, pixelRatio: ratio, size: size).map { ($0.position * 1e9).rounded() / 1e9 }
    }

    @Test func oneZoneTakesAllTheStretchAndTheFixedEndsKeepTheirPixels() {
        let axis = Axis(length: 20, zones: [5...15], content: nil)
        #expect(IconStretchQuads.cuts(axis, from: 0, to: 50, pixelRatio: 1, size: 1).map(\.image) == [0, 5, 15, 20])
        #expect(positions(axis, 0, 50) == [0, 5, 45, 50])
    }

    @Test func twoZonesShareTheStretchByTheirLengths() {
        let axis = Axis(length: 30, zones: [5...10, 20...25], content: nil)
        #expect(positions(axis, 0, 60) == [0, 5, 25, 35, 55, 60])
        // Uneven zones: 2 px and 6 px of zone split the 40 px left over 1 : 3.
        let uneven = Axis(length: 20, zones: [2...4, 10...16], content: nil)
        #expect(positions(uneven, 0, 52) == [0, 2, 12, 18, 48, 52])
    }

    @Test func fixedPartsAreInLogicalPixelsAndUnscaledByIconSize() {
        // 40 image px at pixel ratio 2: fixed ends of 10 image px are 5 px on screen.
        #expect(positions(Axis(length: 40, zones: [10...30], content: nil), 0, 50, ratio: 2) == [0, 5, 45, 50])
        // icon-size 2 doubles the fitted box, not the fixed ends.
        #expect(positions(Axis(length: 20, zones: [5...15], content: nil), 0, 50, size: 2) == [0, 5, 95, 100])
    }

    @Test func aBoxTooSmallForTheFixedPartsCollapsesTheZoneInsteadOfShrinkingThem() {
        #expect(positions(Axis(length: 20, zones: [5...15], content: nil), 0, 4) == [0, 5, 5, 10])
    }

    @Test func theContentRangeIsWhatCoversTheFittedBox() {
        let axis = Axis(length: 30, zones: [5...10, 20...25], content: 5...25)
        #expect(positions(axis, 0, 60) == [-5, 0, 25, 35, 60, 65])
        // A content range with no zone in it is ignored (nothing could stretch to fit it).
        let noStretch = Axis(length: 30, zones: [5...10], content: 12...20)
        #expect(positions(noStretch, 0, 60) == positions(Axis(length: 30, zones: [5...10], content: nil), 0, 60))
    }

    @Test func piecesCrossColumnsAndRowsAndAnAxisWithoutZonesStretchesWhole() {
        let box = (left: -20.0, top: -10.0, right: 20.0, bottom: 10.0)
        let grid = IconStretchQuads.pieces(x: Axis(length: 12, zones: [4...8], content: nil),
                                           y: Axis(length: 12, zones: [4...8], content: nil), pixelRatio: 1, box: box, size: 1)
        #expect(grid.count == 9)
        #expect(grid.first == IconStretchQuads.Piece(sourceX: 0, sourceY: 0, sourceWidth: 4, sourceHeight: 4,
                                                      left: -20, top: -10, right: -16, bottom: -6))
        #expect(grid.last == IconStretchQuads.Piece(sourceX: 8, sourceY: 8, sourceWidth: 4, sourceHeight: 4,
                                                     left: 16, top: 6, right: 20, bottom: 10))
        let rows = IconStretchQuads.pieces(x: Axis(length: 12, zones: [], content: nil),
                                           y: Axis(length: 12, zones: [4...8], content: nil), pixelRatio: 1, box: box, size: 1)
        #expect(rows.count == 3)
        #expect(rows.allSatisfy { $0.left == -20 && $0.right == 20 && $0.sourceWidth == 12 })
    }

    @Test func theSpriteIndexGivesZonesAndContentAndRefusesBadOnesWithAReason() throws {
        let image = CanvasImage(rgba: [UInt8](repeating: 0, count: 20 * 10 * 4), width: 20, height: 10)
        let index = #"""
            {"band":{"x":0,"y":0,"width":20,"height":10,"stretchX":[[4,16]],"stretchY":[[2,8]],"content":[4,2,16,8]},
             "plain":{"x":0,"y":0,"width":20,"height":10},
             "reversed":{"x":0,"y":0,"width":20,"height":10,"stretchX":[[16,4]]},
             "overlapping":{"x":0,"y":0,"width":20,"height":10,"stretchX":[[2,10],[8,12]]},
             "outside":{"x":0,"y":0,"width":20,"height":10,"stretchY":[[2,11]]},
             "badContent":{"x":0,"y":0,"width":20,"height":10,"content":[4,2,30,8]},
             "notPairs":{"x":0,"y":0,"width":20,"height":10,"stretchX":4}}
            """#
        let atlas = try SpriteAtlas(image: image, indexJSON: Data(index.utf8))
        #expect(atlas.entries.keys.sorted() == ["band", "plain"])
        let band = try #require(atlas.entries["band"])
        #expect(band.stretchX == [4...16] && band.stretchY == [2...8] && band.content == [4, 2, 16, 8] && band.isStretchable)
        #expect(atlas.entries["plain"]?.isStretchable == false)
        #expect(atlas.skipped.count == 5)
        #expect(atlas.skipped.contains { $0.hasPrefix("\"overlapping\": stretchX zones must be in order") })
        #expect(atlas.skipped.contains { $0.hasPrefix("\"badContent\": content must be") })
    }

    /// A 20×10 icon: 4 px red ends around a 12 px blue middle that may stretch.
    static func bandSprite(sdf: Bool = false) -> SpriteAtlas {
        var rgba: [UInt8] = []
        for _ in 0..<10 {
            for x in 0..<20 { rgba += x < 4 || x >= 16 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        var entry = SpriteAtlas.Entry(x: 0, y: 0, width: 20, height: 10, pixelRatio: 1, sdf: sdf)
        entry.stretchX = [4...16]
        return SpriteAtlas(image: CanvasImage(rgba: rgba, width: 20, height: 10), entries: ["band": entry])
    }

    /// The same bands as a distance field: the 4 px ends inside the shape, the middle outside.
    static func bandField() -> SpriteAtlas {
        var rgba: [UInt8] = []
        for _ in 0..<10 {
            for x in 0..<20 { rgba += [0, 0, 0, x < 4 || x >= 16 ? 255 : 0] }
        }
        var entry = SpriteAtlas.Entry(x: 0, y: 0, width: 20, height: 10, pixelRatio: 1, sdf: true)
        entry.stretchX = [4...16]
        return SpriteAtlas(image: CanvasImage(rgba: rgba, width: 20, height: 10), entries: ["band": entry])
    }

    @Test func anSDFIconIsCutTheSameWay() throws {
        let layout = ##"{"icon-image":"band","text-field":"A A","text-font":["Test Square"],"text-size":24,"icon-text-fit":"both","icon-text-fit-padding":[20,0,0,0]}"##
        let frame = try MapRenderer().render(SymbolFixtures.scene(
            style: TestScene.style(SymbolRenderingTests.layer(layout: layout, paint: ##"{"text-color":"#000000","icon-color":"#ff0000"}"##)),
            features: [SymbolFixtures.pointFeature(2048, 2048)], sprite: Self.bandField()))
        let red = [UInt8(255), 0, 0]
        // Stretched whole, the ends would be 8 px wide; cut, they keep about 4 (the field's edge blurs by a px).
        let left = SymbolFixtures.count(frame, red, x: 230..<256, y: 230..<231)
        let right = SymbolFixtures.count(frame, red, x: 256..<282, y: 230..<231)
        #expect((3...5).contains(left) && (3...5).contains(right), "ends \(left) and \(right) px")
        #expect(SymbolFixtures.count(frame, red, x: 242..<270, y: 230..<231) == 0)
    }

    @Test func aFittedIconKeepsItsEndsAndStretchesOnlyTheMiddle() throws {
        // "A A" at 24 px has a box of x 236...276; 20 px of padding on top puts the icon above the text too.
        let layout = ##"{"icon-image":"band","text-field":"A A","text-font":["Test Square"],"text-size":24,"icon-text-fit":"both","icon-text-fit-padding":[20,0,0,0]}"##
        let frame = try MapRenderer().render(SymbolFixtures.scene(
            style: TestScene.style(SymbolRenderingTests.layer(layout: layout, paint: ##"{"text-color":"#000000"}"##)),
            features: [SymbolFixtures.pointFeature(2048, 2048)], sprite: Self.bandSprite()))
        let red = [UInt8(255), 0, 0], blue = [UInt8(0), 0, 255]
        // Row 230 is above the text: red ends of 4 px at 236...240 and 272...276, blue between.
        #expect(SymbolFixtures.count(frame, red, x: 230..<246, y: 230..<231) == 4)
        #expect(SymbolFixtures.count(frame, red, x: 266..<282, y: 230..<231) == 4)
        #expect(SymbolFixtures.count(frame, blue, x: 240..<272, y: 230..<231) == 32)
        #expect(TestScene.pixel(frame, 234, 230)[3] == 0 && TestScene.pixel(frame, 278, 230)[3] == 0)
    }
}
