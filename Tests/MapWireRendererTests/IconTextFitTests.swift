import Foundation
@testable import MapWireRenderer
import MapWireVectorTile
import Testing

/// `icon-text-fit` as GL fits it: the icon stretched to the label's box plus `icon-text-fit-padding`
/// (top, right, bottom, left) in the directions asked, centred on the text in the others; the image with
/// its one-texel border spread over that box (the 10 px dot stops 1/12 of the box short of each side),
/// filling the pixels whose centres it covers.
/// Square-glyph font: "A A" at 24 px has its squares at x 236...252 and 260...276, y 248...264, and a
/// box of x 236...276, y 241.6...270.4; the green 10 px dot shows through the gap between the squares.
@Suite struct IconTextFitTests {
    let renderer = MapRenderer()
    static let green = [UInt8(0), 255, 0]

    @Test func theRectangleIsTheTextBoxPlusPaddingInTheFittedDirections() {
        let text = (left: -20.0, top: -14.4, right: 20.0, bottom: 14.4)
        let both = IconTextFit.rectangle(.both, text: text, natural: (10, 10), padding: [2, 4, 6, 8], offset: (0, 0))
        #expect(both.left == -28 && both.right == 24)
        #expect(abs(both.top + 16.4) < 1e-9 && abs(both.bottom - 20.4) < 1e-9)
        let width = IconTextFit.rectangle(.width, text: text, natural: (10, 10), padding: [2, 4, 6, 8], offset: (1, 1))
        #expect(width.left == -27 && width.right == 25 && width.top == -4 && width.bottom == 6)
        let height = IconTextFit.rectangle(.height, text: text, natural: (10, 10), padding: [0, 0, 0, 0], offset: (0, 0))
        #expect(height.left == -5 && height.right == 5 && height.top == -14.4 && height.bottom == 14.4)
        #expect(IconTextFit("both") == .both && IconTextFit("bogus") == .none)
    }

    @Test func theImageStopsATexelsShareShortOfEachSideOfTheFittedBox() {
        // 12 texels' worth across a 10-texel image: one share of 48 / 12 = 4 px in from each side.
        let image = IconTextFit.image(inFitted: (left: -20, top: -6, width: 48, height: 24), texels: (width: 10, height: 4))
        #expect(image.left == -16 && image.width == 40)
        #expect(image.top == -2 && image.height == 16)
    }

    @Test func aSnappedRectangleCoversThePixelsWhoseCentresItCovers() {
        let rect = PixelExactIcon.snapped((x: 22.71, y: 3.5, width: 18.58, height: 0.2), canvasPixelRatio: 1)
        #expect(rect.x == 23 && rect.width == 18)
        // A centre on the edge is in on the leading side only.
        #expect(rect.y == 3 && rect.height == 1)
        let retina = PixelExactIcon.snapped((x: 1.3, y: 0, width: 1, height: 1), canvasPixelRatio: 2)
        #expect(retina.x == 1.5 && retina.width == 1)
    }

    static func layout(_ extra: String) -> String {
        ##"{"icon-image":"dot","text-field":"A A","text-font":["Test Square"],"text-size":24\##(extra)}"##
    }

    func render(_ layout: String, at x: Int32 = 2048) throws -> MapRenderer.Frame {
        try renderer.render(SymbolFixtures.scene(
            style: TestScene.style(SymbolRenderingTests.layer(layout: layout, paint: ##"{"text-color":"#ff0000"}"##)),
            features: [SymbolFixtures.pointFeature(x, 2048)], sprite: SymbolFixtures.dotSprite()))
    }

    @Test func bothStretchesTheIconAroundTheTextWithPadding() throws {
        let frame = try render(Self.layout(##","icon-text-fit":"both","icon-text-fit-padding":[2,4,6,8]"##))
        // Box: x 228...280, y 239.6...276.4; image x 232.3...275.7, y 242.7...273.3: pixels 232...275, 243...272.
        for (x, y) in [(232, 256), (275, 245), (256, 243), (256, 272), (256, 256)] {
            #expect(TestScene.pixel(frame, x, y) == [0, 255, 0, 255], "inside at \(x),\(y)")
        }
        for (x, y) in [(231, 256), (276, 245), (256, 242), (256, 273)] {
            #expect(TestScene.pixel(frame, x, y)[3] == 0, "outside at \(x),\(y)")
        }
        #expect(SymbolFixtures.count(frame, Self.green, x: 0..<512, y: 0..<512) > 44 * 30 - 2 * 16 * 16 - 44 * 2)
    }

    @Test func widthStretchesOnlyAcrossAndKeepsTheIconsHeightCentred() throws {
        let frame = try render(Self.layout(##","icon-text-fit":"width""##))
        // Box: x 236...276, y 251...261; image y 251.8...260.2: pixel rows 252...259.
        #expect(SymbolFixtures.count(frame, Self.green, x: 253..<259, y: 252..<260) == 6 * 8)
        #expect(SymbolFixtures.count(frame, Self.green, x: 0..<512, y: 0..<252) == 0)
        #expect(SymbolFixtures.count(frame, Self.green, x: 0..<512, y: 260..<512) == 0)
        #expect(SymbolFixtures.count(frame, Self.green, x: 0..<512, y: 248..<250) == 0)
    }

    @Test func heightStretchesOnlyDownAndNoneKeepsTheIconsSize() throws {
        let frame = try render(Self.layout(##","icon-text-fit":"height""##))
        // Box: x 251...261, y 241.6...270.4; image y 244...268: pixel rows 244...267; the squares leave x 252...260 open.
        #expect(SymbolFixtures.count(frame, Self.green, x: 253..<259, y: 244..<268) == 6 * 24)
        #expect(SymbolFixtures.count(frame, Self.green, x: 253..<259, y: 243..<244) == 0)
        #expect(SymbolFixtures.count(frame, Self.green, x: 253..<259, y: 268..<269) == 0)
        #expect(SymbolFixtures.count(frame, Self.green, x: 0..<250, y: 0..<512) == 0)
        let none = try render(Self.layout(""))
        #expect(SymbolFixtures.count(none, Self.green, x: 0..<512, y: 0..<251) == 0)
        #expect(SymbolFixtures.count(none, Self.green, x: 253..<259, y: 251..<261) == 60)
    }

    @Test func anSDFIconStretchesByDifferentAmountsAcrossAndDown() throws {
        // The 16 px SDF icon (a 10 px square inside 3 px) fitted to the text box: 40 × 28.8 px from
        // (236, 241.6), the image with its border, so 40/18 px a texel across and 1.6 down; its square spans
        // x 244.9...267.1, y 248...264 (seen through the gap between the text's squares, x 252...260).
        let frame = try renderer.render(SymbolFixtures.scene(
            style: TestScene.style(SymbolRenderingTests.layer(
                layout: ##"{"icon-image":"square","text-field":"A A","text-font":["Test Square"],"text-size":24,"icon-text-fit":"both"}"##,
                paint: ##"{"text-color":"#ff0000","icon-color":"#00ff00"}"##)),
            features: [SymbolFixtures.pointFeature(2048, 2048)], sprite: SymbolFixtures.sdfSprite()))
        #expect(TestScene.pixel(frame, 256, 249) == [0, 255, 0, 255])
        #expect(TestScene.pixel(frame, 256, 262) == [0, 255, 0, 255])
        #expect(TestScene.pixel(frame, 256, 245)[3] == 0)
        #expect(TestScene.pixel(frame, 256, 267)[3] == 0)
    }

    @Test func aFittedIconMovesWithItsLabelsVariableAnchor() throws {
        // Anchored "left" with radial offset 0: the text (and the fitted icon) move right by half the
        // padded box, 22 px: box x 250...302 instead of 228...280, image pixels x 254...297, y 243...272
        // (the squares at x 258...274 and 282...298, y 248...264).
        let frame = try render(Self.layout(##","icon-text-fit":"both","icon-text-fit-padding":[2,4,6,8],"text-variable-anchor":["left"]"##))
        #expect(TestScene.pixel(frame, 254, 256) == [0, 255, 0, 255])
        #expect(TestScene.pixel(frame, 297, 245) == [0, 255, 0, 255])
        #expect(TestScene.pixel(frame, 253, 256)[3] == 0)
        #expect(TestScene.pixel(frame, 298, 245)[3] == 0)
    }
}
