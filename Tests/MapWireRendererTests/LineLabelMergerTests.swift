import MapWireVectorTile
@testable import MapWireRenderer

import Testing

@Suite struct LineLabelMergerTests {
    private func p(_ x: Int32, _ y: Int32) -> TilePoint { TilePoint(x: x, y: y) }

    @Test func piecesOfOneStreetMeetingEndToStartBecomeOneLine() {
        let lines = [[p(0, 0), p(10, 0)], [p(10, 0), p(20, 0)], [p(20, 0), p(30, 5)]]
        let merged = LineLabelMerger.merge(texts: ["Main St", "Main St", "Main St"], lines: lines)
        #expect(merged == [LineLabelMerger.Merged(index: 0, line: [p(0, 0), p(10, 0), p(20, 0), p(30, 5)])])
    }

    @Test func aPieceJoiningTwoEarlierOnesMergesAllThree() {
        let lines = [[p(0, 0), p(10, 0)], [p(20, 0), p(30, 0)], [p(10, 0), p(20, 0)]]
        let merged = LineLabelMerger.merge(texts: ["A", "A", "A"], lines: lines)
        #expect(merged == [LineLabelMerger.Merged(index: 0, line: [p(0, 0), p(10, 0), p(20, 0), p(30, 0)])])
    }

    @Test func aPieceBeforeAnEarlierOneIsPrepended() {
        let merged = LineLabelMerger.merge(texts: ["A", "A"], lines: [[p(10, 0), p(20, 0)], [p(0, 0), p(10, 0)]])
        #expect(merged == [LineLabelMerger.Merged(index: 0, line: [p(0, 0), p(10, 0), p(20, 0)])])
    }

    @Test func differentLabelsUnlabelledLinesAndReversedPiecesStayApart() {
        let lines = [[p(0, 0), p(10, 0)], [p(10, 0), p(20, 0)], [p(20, 0), p(10, 0)], [p(10, 0), p(0, 5)]]
        let merged = LineLabelMerger.merge(texts: ["A", "B", nil, ""], lines: lines)
        #expect(merged.map(\.index) == [0, 1, 2, 3])
        #expect(merged.map(\.line) == lines)
    }
}
