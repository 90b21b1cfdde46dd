import Foundation
import MapWireCanvas
import MapWireVectorTile
import Testing
@testable import MapWireRenderer

@Suite struct LineJunctionsTests {
    func line(_ points: (Int32, Int32)...) -> VectorFeature {
        VectorFeature(type: .lineString, geometry: [points.map { TilePoint(x: $0.0, y: $0.1) }])
    }

    @Test func endsWhereAnotherLineGoesStraightOnAreContinued() {
        // A road split at (10, 0), going on east; a side road turning north there; a dead end.
        let ends = LineJunctions.continuedEnds([line((0, 0), (10, 0)), line((10, 0), (20, 1)), line((10, 0), (10, -10))])
        #expect(ends == [.init(point: TilePoint(x: 10, y: 0), neighbour: TilePoint(x: 0, y: 0)),
                         .init(point: TilePoint(x: 10, y: 0), neighbour: TilePoint(x: 20, y: 1))])
    }

    @Test func aTurnLeavesTheEndsAsTheyAre() {
        #expect(LineJunctions.continuedEnds([line((0, 0), (10, 0)), line((10, 0), (15, 8))]).isEmpty)
        #expect(LineJunctions.continuedEnds([line((0, 0), (10, 0))]).isEmpty)
    }

    @Test func extendedMovesOnlyTheChosenEndsAlongTheirSegments() {
        let points = [Point2D(x: 0, y: 0), Point2D(x: 10, y: 0), Point2D(x: 10, y: 10)]
        #expect(LineJunctions.extended(points, start: true, end: false, by: 0.5)
                == [Point2D(x: -0.5, y: 0), Point2D(x: 10, y: 0), Point2D(x: 10, y: 10)])
        #expect(LineJunctions.extended(points, start: false, end: true, by: 0.5)
                == [Point2D(x: 0, y: 0), Point2D(x: 10, y: 0), Point2D(x: 10, y: 10.5)])
    }

    @Test func aRoadSplitInTwoShowsNoSeamAcrossItsJunction() throws {
        // Two pieces of a 6 px road meeting at x = 256.25 (tile units 8 per px): without reaching
        // past the shared end, the pixel column there was half covered twice, a pale seam.
        let style = TestScene.style(#"{"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-width":6}}"#)
        let scene = TestScene.scene(style: style, features: [line((800, 2048), (2050, 2048)), line((2050, 2048), (3200, 2048))])
        let frame = try MapRenderer().render(scene)
        #expect(TestScene.pixel(frame, 256, 256)[3] == 255)
    }
}
