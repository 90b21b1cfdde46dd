import Foundation
@testable import MapWireRenderer
import MapWireStyle
import MapWireVectorTile
import Testing

/// `text-variable-anchor` as GL places it: the text is laid out centred and moved per anchor so the
/// anchor's side of its padded box sits on the point (plus the anchor's offset); the first anchor
/// whose box is free wins. Square-glyph font: "AA" at 24 px is 32 × 28.8 px, 36 × 32.8 with padding.
@Suite struct VariableAnchorTests {
    let renderer = MapRenderer()
    static let blue = [UInt8(0), 0, 255], red = [UInt8(255), 0, 0]

    @Test func radialOffsetsSplitAtCornersAndCountFromTheBaseline() {
        let corner = VariableAnchor.radialOffset("top-left", 24 * 2.0.squareRoot())
        #expect(abs(corner.x - 24) < 1e-9 && abs(corner.y - 17) < 1e-9)
        #expect(VariableAnchor.radialOffset("bottom", 24) == (0, -17))
        #expect(VariableAnchor.radialOffset("right", 24) == (-24, 0))
        #expect(VariableAnchor.radialOffset("center", 24) == (0, 0))
        // A negative radial offset counts as none.
        #expect(VariableAnchor.radialOffset("left", -10) == (0, 0))
    }

    @Test func textOffsetsPointAwayFromTheAnchorsSide() {
        #expect(VariableAnchor.textOffsetFor("bottom-right", -24, 12) == (-24, -5))
        #expect(VariableAnchor.textOffsetFor("top", 24, -12) == (0, 5))
        #expect(VariableAnchor.textOffsetFor("left", -24, 12) == (24, 0))
    }

    @Test func radialOffsetWinsOverTextOffsetAndAutoJustifyFollowsTheAnchor() {
        let anchors = VariableAnchor.anchors(["top-left", "nonsense", "right"], radial: 1, textOffset: (5, 5), justify: "auto")
        #expect(anchors.map(\.name) == ["top-left", "right"])
        #expect(anchors[1].offset == (-24, 0))
        #expect(anchors.map(\.justify) == [0, 1])
        let fixed = VariableAnchor.anchors(["left"], radial: nil, textOffset: (1, 0), justify: "center")
        #expect(fixed[0].offset == (24, 0) && fixed[0].justify == 0.5)
    }

    @Test func variableAnchorOffsetPairsKeepTheirSignsAndCountFromTheBaseline() {
        let items: [StyleValue] = [.string("top"), .array([.number(0), .number(1)]), .string("nonsense"), .array([.number(1), .number(1)]),
                                   .string("bottom-left"), .array([.number(-1), .number(-0.5)]), .string("left")]
        let anchors = VariableAnchor.anchors(pairs: items, justify: "auto")
        #expect(anchors.map(\.name) == ["top", "bottom-left"])
        #expect(anchors[0].offset == (0, 17))
        #expect(anchors[1].offset == (-24, -5) && anchors[1].justify == 0)
    }

    @Test func variableAnchorOffsetIsReadFromTheStyle() throws {
        let layout = ##"{"text-field":"AA","text-font":["Test Square"],"text-size":24,"text-variable-anchor-offset":["left",[-1,0],"right",[1,0]]}"##
        let frame = try renderer.render(SymbolFixtures.scene(style: Self.style(layout), features: Self.features))
        // "left" with its own offset of 1 em back left: the box at x 232...268 clears the blocker (270...290)
        // where plain "left" would not; squares at 234...266.
        #expect(SymbolFixtures.count(frame, Self.blue, x: 235..<265, y: 250..<262) == 30 * 12)
        #expect(SymbolFixtures.count(frame, Self.blue, x: 267..<512, y: 0..<512) == 0)
    }

    @Test func theShiftPutsTheAnchorsSideOfThePaddedBoxOnThePoint() {
        let anchor = VariableAnchor.anchors(["top-left"], radial: nil, textOffset: (0, 0), justify: "auto")[0]
        let shift = anchor.shift(width: 36, height: 32.8, scale: 1)
        #expect(abs(shift.x - 18) < 1e-9 && abs(shift.y - (16.4 - 7)) < 1e-9)
    }

    static func style(_ variable: String) -> String {
        TestScene.style([
            ##"{"id":"moving","type":"symbol","source":"s","source-layer":"shapes","filter":["==","kind","label"],"layout":\##(variable),"paint":{"text-color":"#0000ff"}}"##,
            // Placed first (upper layer): a red "A" just right of the point, whose box is x 270...290.
            ##"{"id":"blocker","type":"symbol","source":"s","source-layer":"shapes","filter":["==","kind","blocker"],"layout":{"text-field":"A","text-font":["Test Square"],"text-size":24},"paint":{"text-color":"#ff0000"}}"##,
        ].joined(separator: ","))
    }

    static let features = [
        SymbolFixtures.pointFeature(2048, 2048, ["kind": .string("label")]),
        SymbolFixtures.pointFeature(2240, 2048, ["kind": .string("blocker")]),
    ]

    @Test func aLabelWhoseFirstAnchorCollidesTakesTheSecond() throws {
        let layout = ##"{"text-field":"AA","text-font":["Test Square"],"text-size":24,"text-variable-anchor":["left","right"]}"##
        let frame = try renderer.render(SymbolFixtures.scene(style: Self.style(layout), features: Self.features))
        // "left" would put the box at x 256...292, over the blocker; "right" puts it at 220...256, the
        // squares at 222...254.
        #expect(SymbolFixtures.count(frame, Self.blue, x: 224..<253, y: 250..<262) == 29 * 12)
        #expect(SymbolFixtures.count(frame, Self.blue, x: 255..<512, y: 0..<512) == 0)
        #expect(SymbolFixtures.count(frame, Self.red, x: 274..<287, y: 250..<262) == 13 * 12)
    }

    @Test func theFirstFreeAnchorIsTakenEvenWhenALaterOneIsFreeToo() throws {
        let layout = ##"{"text-field":"AA","text-font":["Test Square"],"text-size":24,"text-variable-anchor":["bottom","right"]}"##
        let frame = try renderer.render(SymbolFixtures.scene(style: Self.style(layout), features: Self.features))
        // "bottom": the box's bottom edge on the point, then 7 px down (GL's baseline): the squares'
        // centre moves up by 16.4 − 7 = 9.4 px, to y 246.6; the box (x 238...274) spans y 230.2...263 and
        // the blocker's y 239.6...272.4 with x 270...290: they overlap, so "right" wins.
        #expect(SymbolFixtures.count(frame, Self.blue, x: 224..<253, y: 250..<262) == 29 * 12)
        let free = try renderer.render(SymbolFixtures.scene(
            style: Self.style(##"{"text-field":"AA","text-font":["Test Square"],"text-size":24,"text-variable-anchor":["bottom","right"],"text-radial-offset":1}"##),
            features: Self.features))
        // With a radial offset of 1 em the "bottom" box rises 24 − 7 px more: y 206...239, free of the blocker.
        // Squares: centre y 256 − 16.4 − 17 = 222.6, x 240...272.
        #expect(SymbolFixtures.count(free, Self.blue, x: 242..<270, y: 217..<229) == 28 * 12)
        #expect(SymbolFixtures.count(free, Self.blue, x: 0..<512, y: 240..<512) == 0)
    }

    @Test func withAllowOverlapABlockedLabelTakesItsFirstAnchor() throws {
        let layout = ##"{"text-field":"AA","text-font":["Test Square"],"text-size":24,"text-variable-anchor":["left"],"text-allow-overlap":true}"##
        let frame = try renderer.render(SymbolFixtures.scene(style: Self.style(layout), features: Self.features))
        // Squares at 258...290, under the blocker's (the lower layer draws first).
        #expect(SymbolFixtures.count(frame, Self.blue, x: 259..<269, y: 250..<262) == 10 * 12)
        let blocked = try renderer.render(SymbolFixtures.scene(
            style: Self.style(##"{"text-field":"AA","text-font":["Test Square"],"text-size":24,"text-variable-anchor":["left"]}"##),
            features: Self.features))
        #expect(SymbolFixtures.count(blocked, Self.blue, x: 0..<512, y: 0..<512) == 0)
    }

    @Test func autoJustifyHugsTheSideTheLabelHangsFrom() throws {
        // Two lines, "A" over "AA" (max width 1 em). Anchored "left" the short line starts where the long one
        // does; anchored "right" it ends where the long one ends.
        let base = ##""text-field":"A AA","text-font":["Test Square"],"text-size":24,"text-max-width":1,"text-justify":"auto""##
        let left = try renderer.render(SymbolFixtures.scene(
            style: TestScene.style(SymbolRenderingTests.layer(layout: "{\(base),\"text-variable-anchor\":[\"left\"]}", paint: ##"{"text-color":"#0000ff"}"##)),
            features: [SymbolFixtures.pointFeature(2048, 2048)]))
        let right = try renderer.render(SymbolFixtures.scene(
            style: TestScene.style(SymbolRenderingTests.layer(layout: "{\(base),\"text-variable-anchor\":[\"right\"]}", paint: ##"{"text-color":"#0000ff"}"##)),
            features: [SymbolFixtures.pointFeature(2048, 2048)]))
        // Left: box x 256...292, squares from 258; the top line's single square is at 258...274.
        let leftTop = SymbolFixtures.count(left, Self.blue, x: 259..<273, y: 0..<256)
        let leftTopRight = SymbolFixtures.count(left, Self.blue, x: 276..<290, y: 0..<256)
        #expect(leftTop > 100 && leftTopRight == 0)
        // Right: box x 220...256, squares end at 254; the top square is at 238...254.
        let rightTop = SymbolFixtures.count(right, Self.blue, x: 239..<253, y: 0..<256)
        let rightTopLeft = SymbolFixtures.count(right, Self.blue, x: 222..<236, y: 0..<256)
        #expect(rightTop > 100 && rightTopLeft == 0)
    }
}
