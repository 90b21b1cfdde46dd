import MapWireVectorTile
import MapWireCanvas
@testable import MapWireRenderer
import Testing

@Suite struct TileEdgesTests {
    @Test func aBoxMustLieWhollyInsideTheTileSquare() {
        let edges = TileEdges(corners: [Point2D(x: 0, y: 0), Point2D(x: 512, y: 0), Point2D(x: 512, y: 512), Point2D(x: 0, y: 512)])
        #expect(edges.contains(ScreenBox(minX: 10, minY: 10, maxX: 30, maxY: 30)))
        #expect(edges.contains(ScreenBox(minX: 0, minY: 0, maxX: 512, maxY: 20)))
        #expect(!edges.contains(ScreenBox(minX: 500, minY: 10, maxX: 520, maxY: 30)))
        #expect(!edges.contains(ScreenBox(minX: 10, minY: -1, maxX: 30, maxY: 30)))
        #expect(!edges.contains(ScreenBox(minX: .nan, minY: 0, maxX: 1, maxY: 1)))
    }

    @Test func aTurnedTileIsAQuadEitherWayRound() {
        // The square turned 45°: a diamond around (0, 0) reaching 10 px out.
        let diamond = [Point2D(x: 0, y: -10), Point2D(x: 10, y: 0), Point2D(x: 0, y: 10), Point2D(x: -10, y: 0)]
        for corners in [diamond, diamond.reversed()] {
            let edges = TileEdges(corners: corners)
            #expect(edges.contains(ScreenBox(minX: -4, minY: -4, maxX: 4, maxY: 4)))
            #expect(!edges.contains(ScreenBox(minX: -6, minY: -6, maxX: 0, maxY: 0)))
        }
    }
}

@Suite struct PointAnchorsTests {
    @Test func aLinePlacedAtAPointIsLabelledAtItsFirstVertex() {
        let line = VectorFeature(type: .lineString, geometry: [[TestScene.point(10, 20), TestScene.point(100, 20), TestScene.point(100, 90)],
                                                              [TestScene.point(5, 6), TestScene.point(7, 8)], []])
        let anchors = PointAnchors.anchors(of: line)
        #expect(anchors.map(\.x) == [10, 5] && anchors.map(\.y) == [20, 6])
    }

    @Test func aBufferAnchorIsPlacedFromThisTileOnlyWhenItsOwnerIsNotDrawn() {
        #expect(PointAnchors.neighbour(of: (x: -3, y: 4096), extent: 4096) == (-1, 1))
        #expect(PointAnchors.isPlaced((x: 10, y: 10), extent: 4096) { _, _ in true })
        // Just right of the tile: the right neighbour owns it when it is drawn.
        #expect(!PointAnchors.isPlaced((x: 4100, y: 10), extent: 4096) { dx, dy in dx == 1 && dy == 0 })
        #expect(PointAnchors.isPlaced((x: 4100, y: 10), extent: 4096) { dx, _ in dx == -1 })
    }
}
