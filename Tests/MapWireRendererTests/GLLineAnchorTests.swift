import Foundation
import MapWireCanvas
import MapWireGeometry
@testable import MapWireRenderer

import Testing

/// GL's rules for anchors along lines (get_anchors) and the order it places tiles in.
@Suite struct GLLineAnchorTests {
    private func straight(_ length: Double) -> ScreenPath {
        ScreenPath([Point2D(x: 0, y: 0), Point2D(x: length, y: 0)])
    }

    @Test func aLineStartingInTheTileIsLabelledHalfALabelAndTwoGlyphsIn() {
        let path = straight(1000)
        let stretch = LineAnchors.Stretch(start: 0, end: 1000, continued: false)
        let anchors = LineAnchors.anchors(along: path, inside: [stretch], spacing: 250, labelLength: 100, fixedExtra: 32)
        // (50 + 32) mod 250 = 82, then every 250 while the label still fits.
        #expect(anchors == [82, 332, 582, 832])
    }

    @Test func aLineArrivingFromANeighbourStartsHalfASpacingIn() {
        let path = straight(1000)
        let stretch = LineAnchors.Stretch(start: 0, end: 1000, continued: true)
        let anchors = LineAnchors.anchors(along: path, inside: [stretch], spacing: 250, labelLength: 100, fixedExtra: 32)
        #expect(anchors == [125, 375, 625, 875])
    }

    @Test func anOverscaledTileGrowsTheFirstOffsetBeforeTheModulo() {
        // Drawn 8 times its source's size: a continued line starts at (125 × 8) mod 250 = 0 (on the edge), one starting
        // here at (82 × 8) mod 250 = 156, where the parent tile's anchors fall.
        let path = straight(1000)
        let continued = LineAnchors.anchors(along: path, inside: [LineAnchors.Stretch(start: 0, end: 1000, continued: true)],
                                            spacing: 250, labelLength: 0, fixedExtra: 0, overscaling: 8)
        #expect(continued == [0, 250, 500, 750])
        let starting = LineAnchors.anchors(along: path, inside: [LineAnchors.Stretch(start: 0, end: 1000, continued: false)],
                                           spacing: 250, labelLength: 100, fixedExtra: 32, overscaling: 8)
        #expect(starting == [156, 406, 656, 906])
    }

    @Test func theLabelMustFitOnItsOwnStretchNotTheWholeLine() {
        // The line goes on beyond the stretch (in the neighbour's tile): GL clipped it away, so a
        // label reaching past the stretch's end is not placed there.
        let path = straight(1000)
        let stretch = LineAnchors.Stretch(start: 0, end: 300, continued: true)
        let anchors = LineAnchors.anchors(along: path, inside: [stretch], spacing: 500, labelLength: 200, fixedExtra: 32)
        #expect(anchors.isEmpty)
    }

    @Test func aShortLineWithoutAnchorsTriesItsMiddle() {
        let path = straight(120)
        let stretch = LineAnchors.Stretch(start: 0, end: 120, continued: false)
        #expect(LineAnchors.anchors(along: path, inside: [stretch], spacing: 250, labelLength: 100, fixedExtra: 32) == [60])
        // Also when the angle check turned every regular anchor down.
        let rejectingFirst = LineAnchors.anchors(along: straight(400), inside: [LineAnchors.Stretch(start: 0, end: 400, continued: false)],
                                                 spacing: 1000, labelLength: 100, fixedExtra: 32) { $0 != 82 }
        #expect(rejectingFirst == [200])
    }

    @Test func longLabelsKeepAQuarterSpacingBetweenRepeats() {
        let path = straight(2000)
        let stretch = LineAnchors.Stretch(start: 0, end: 2000, continued: true)
        let anchors = LineAnchors.anchors(along: path, inside: [stretch], spacing: 200, labelLength: 300, fixedExtra: 0)
        // Spacing becomes 300 + 50 = 350.
        #expect(anchors.count >= 2)
        #expect(zip(anchors, anchors.dropFirst()).allSatisfy { abs($1 - $0 - 350) < 1e-9 })
    }

    @Test func tilesArePlacedLowerZoomFirstThenBottomUpRightToLeft() {
        let transform = Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 2), size: ViewportSize(width: 256, height: 256))
        let ids = [CanonicalTileID(z: 2, x: 1, y: 1), CanonicalTileID(z: 2, x: 2, y: 1), CanonicalTileID(z: 2, x: 1, y: 2),
                   CanonicalTileID(z: 2, x: 2, y: 2), CanonicalTileID(z: 1, x: 0, y: 0)]
        let tiles = ids.map { (tile: $0, layer: 0, projection: TileProjection(transform: transform, tile: $0, extent: 4096)) }
        let flat = SymbolTileOrder.sorted(tiles, bearing: 0).map(\.tile)
        #expect(flat == [CanonicalTileID(z: 1, x: 0, y: 0), CanonicalTileID(z: 2, x: 2, y: 2), CanonicalTileID(z: 2, x: 1, y: 2),
                         CanonicalTileID(z: 2, x: 2, y: 1), CanonicalTileID(z: 2, x: 1, y: 1)])
        // Turned 180°, the top of the world is at the bottom of the screen.
        let turned = SymbolTileOrder.sorted(tiles, bearing: .pi).map(\.tile)
        #expect(turned.dropFirst().first == CanonicalTileID(z: 2, x: 1, y: 1))
    }
}
