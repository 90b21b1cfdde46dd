import MapWireGeometry
import Testing

private func p(_ x: Double, _ y: Double) -> PlanePoint { PlanePoint(x: x, y: y) }

@Suite struct PolygonClipperTests {
    let box = ClipBox(extent: 10, buffer: 0)

    @Test func ringInsideIsKeptWhole() {
        let ring = [p(1, 1), p(9, 1), p(9, 9), p(1, 9)]
        #expect(PolygonClipper.clip(ring, to: box) == ring)
    }

    @Test func ringOutsideIsGone() {
        #expect(PolygonClipper.clip([p(20, 20), p(30, 20), p(30, 30)], to: box).isEmpty)
        #expect(PolygonClipper.clip([], to: box).isEmpty)
    }

    @Test func ringAcrossAnEdgeIsCutAtTheEdge() {
        let clipped = PolygonClipper.clip([p(5, 2), p(15, 2), p(15, 8), p(5, 8)], to: box)
        #expect(clipped.allSatisfy(box.contains))
        #expect(Set(clipped.map { [$0.x, $0.y] }) == [[5, 2], [10, 2], [10, 8], [5, 8]])
    }

    @Test func ringAroundTheBoxBecomesTheBox() {
        let clipped = PolygonClipper.clip([p(-5, -5), p(15, -5), p(15, 15), p(-5, 15)], to: box)
        #expect(Set(clipped.map { [$0.x, $0.y] }) == [[0, 0], [10, 0], [10, 10], [0, 10]])
    }

    @Test func bufferWidensTheBox() {
        let buffered = ClipBox(extent: 10, buffer: 2)
        #expect(buffered.minimum == -2 && buffered.maximum == 12)
        #expect(buffered.contains(p(-1, 11)) && !box.contains(p(-1, 11)))
    }
}

@Suite struct LineClipperTests {
    let box = ClipBox(extent: 10, buffer: 0)

    @Test func lineLeavingAndComingBackIsSplit() {
        let parts = LineClipper.clip([p(2, 5), p(15, 5), p(15, 6), p(2, 6)], to: box)
        #expect(parts == [[p(2, 5), p(10, 5)], [p(10, 6), p(2, 6)]])
    }

    @Test func lineOutsideIsGone() {
        #expect(LineClipper.clip([p(-5, -5), p(-1, -3)], to: box).isEmpty)
    }

    @Test func crossingLineKeepsTheMiddle() {
        #expect(LineClipper.clip([p(-5, 5), p(15, 5)], to: box) == [[p(0, 5), p(10, 5)]])
    }

    @Test func measuredPartsSayWhereAlongTheLineTheyStartAndEnd() {
        // 13 out, 1 down, 13 back: the parts are 8 long from 0 and 8 long from 19.
        let parts = LineClipper.clipMeasured([p(2, 5), p(15, 5), p(15, 6), p(2, 6)], to: box)
        #expect(parts.map(\.points) == LineClipper.clip([p(2, 5), p(15, 5), p(15, 6), p(2, 6)], to: box))
        #expect(parts.map(\.start) == [0, 19] && parts.map(\.end) == [8, 27])
        let crossing = LineClipper.clipMeasured([p(-5, 5), p(15, 5)], to: box)
        #expect(crossing.map(\.start) == [5] && crossing.map(\.end) == [15])
    }

    @Test func segmentRangeIsTheInsideParameterInterval() {
        let range = LineClipper.segmentRange(from: p(-10, 5), dx: 40, dy: 0, in: box)
        #expect(range?.enter == 0.25 && range?.leave == 0.5)
        #expect(LineClipper.segmentRange(from: p(-10, 20), dx: 40, dy: 0, in: box) == nil)
    }
}

@Suite struct WebMercatorUnitTests {
    @Test func worldUnitsSpanZeroToOne() {
        #expect(WebMercator.world(longitude: 0, latitude: 0) == p(0.5, 0.5))
        let corner = WebMercator.world(longitude: -180, latitude: WebMercator.maxLatitude)
        #expect(corner.x == 0 && abs(corner.y) < 1e-6)
        // Latitudes past the square world are clamped, so the poles stay finite.
        #expect(WebMercator.world(longitude: 0, latitude: 90).y == corner.y)
    }

    @Test func projectAndCoordinatesAreInverse() {
        let point = WebMercator.project(longitude: -87.65, latitude: 41.85, zoom: 13)
        let back = WebMercator.coordinates(x: point.x, y: point.y, zoom: 13)
        #expect(abs(back.longitude + 87.65) < 1e-9 && abs(back.latitude - 41.85) < 1e-9)
    }
}

/// The demo tiler's cases (its own clipper is gone): a 100-unit tile with a 10-unit buffer.
@Suite struct BufferedTileClipTests {
    let box = ClipBox(extent: 100, buffer: 10)

    @Test func lineCrossingTheTileIsCutAtTheBuffer() {
        let parts = LineClipper.clip([p(-50, 50), p(150, 50)], to: box)
        #expect(parts.count == 1)
        #expect(parts[0].map(\.x) == [-10, 110])
    }

    @Test func lineLeavingAndReturningBecomesTwoParts() {
        let parts = LineClipper.clip([p(50, 50), p(50, 200), p(60, 200), p(60, 50)], to: box)
        #expect(parts.count == 2)
    }

    @Test func polygonIsClippedToTheBox() {
        let ring = PolygonClipper.clip([p(-100, -100), p(200, -100), p(200, 200), p(-100, 200)], to: box)
        #expect(ring.count == 4)
        #expect(ring.allSatisfy { box.contains($0) })
        #expect(PolygonClipper.clip([p(300, 300), p(400, 300), p(400, 400)], to: box).isEmpty)
    }
}
