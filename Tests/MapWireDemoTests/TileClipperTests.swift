import Testing
@testable import MapWireDemo

@Suite struct TileClipperTests {
    let clipper = TileClipper(extent: 100, buffer: 10)

    @Test func lineCrossingTheTileIsCutAtTheBuffer() {
        let parts = clipper.clipLine([(-50, 50), (150, 50)])
        #expect(parts.count == 1)
        #expect(parts[0].map(\.x) == [-10, 110])
    }

    @Test func lineLeavingAndReturningBecomesTwoParts() {
        let parts = clipper.clipLine([(50, 50), (50, 200), (60, 200), (60, 50)])
        #expect(parts.count == 2)
    }

    @Test func polygonIsClippedToTheBox() {
        let ring = clipper.clipRing([(-100, -100), (200, -100), (200, 200), (-100, 200)])
        #expect(ring.count == 4)
        #expect(ring.allSatisfy { clipper.contains($0) })
        #expect(clipper.clipRing([(300, 300), (400, 300), (400, 400)]).isEmpty)
    }
}
