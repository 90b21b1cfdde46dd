import Testing
@testable import MapWireGeometry

@Suite struct ConvexQuadTileIntersectionTests {
    let square = ConvexQuadTileIntersection(corners: [(1, 1), (3, 1), (3, 3), (1, 3)])

    @Test func tilesInsideAndOverlappingIntersect() {
        #expect(square.intersectsTile(x: 1, y: 1))
        #expect(square.intersectsTile(x: 2, y: 2))
    }

    @Test func edgeExactlyOnATileBoundaryDoesNotTouchTheNeighbour() {
        #expect(!square.intersectsTile(x: 3, y: 1))
        #expect(!square.intersectsTile(x: 0, y: 2))
        #expect(!square.intersectsTile(x: 1, y: 3))
        // Rounding noise past the boundary is still "on" it.
        let noisy = ConvexQuadTileIntersection(corners: [(1, 1), (3 + 1e-12, 1), (3 + 1e-12, 3), (1, 3)])
        #expect(!noisy.intersectsTile(x: 3, y: 1))
        let past = ConvexQuadTileIntersection(corners: [(1, 1), (3.001, 1), (3.001, 3), (1, 3)])
        #expect(past.intersectsTile(x: 3, y: 1))
    }

    @Test func diamondSkipsTilesItsBoundingBoxOverlaps() {
        // Its right vertex only touches the corner (3,2) shared by tiles (3,1) and (3,2),
        // although its bounding box [1,3]×[0.5,3.5] borders them too.
        let diamond = ConvexQuadTileIntersection(corners: [(2, 0.5), (3, 2), (2, 3.5), (1, 2)])
        #expect(diamond.intersectsTile(x: 1, y: 1) && diamond.intersectsTile(x: 2, y: 2))
        #expect(!diamond.intersectsTile(x: 3, y: 1))
        #expect(!diamond.intersectsTile(x: 0, y: 0))
        #expect(!diamond.intersectsTile(x: 3, y: 2))
        #expect(diamond.intersectsTile(x: 2, y: 3) && !diamond.intersectsTile(x: 2, y: 4))
    }
}
