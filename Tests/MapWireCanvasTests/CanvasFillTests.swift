import Testing
@testable import MapWireCanvas

@Suite struct CanvasFillTests {
    @Test func pixelAlignedSquareCoversExactlyItsPixels() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.fill(rectanglePath(x: 2, y: 3, width: 4, height: 5), color: .red)
        let snapshot = PixelSnapshot(canvas)
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                #expect(snapshot[x, y] == (inside ? .red : .clear), "pixel \(x),\(y)")
            }
        }
    }

    @Test func halfPixelEdgeIsAntialiasedToHalfCoverage() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.fill(rectanglePath(x: 2, y: 2, width: 3.5, height: 4), color: .red)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[4, 3] == .red)
        #expect(snapshot[5, 3].isClose(to: RGBA(255, 0, 0, 128), tolerance: 2))
        #expect(snapshot[6, 3] == .clear)
    }

    @Test func withoutAntialiasingEdgesAreHard() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.fill(rectanglePath(x: 2.3, y: 2, width: 3.4, height: 4), color: .red, antialias: false)
        let alphas = Set((0..<10).map { PixelSnapshot(canvas)[$0, 3].a })
        #expect(alphas.isSubset(of: [0, 255]))
    }

    @Test func evenOddLeavesAHoleNonZeroDoesNot() {
        var path = rectanglePath(x: 0, y: 0, width: 10, height: 10)
        path.addRing([Point2D(x: 3, y: 3), Point2D(x: 7, y: 3), Point2D(x: 7, y: 7), Point2D(x: 3, y: 7)], closed: true)

        let evenOdd = Canvas(width: 10, height: 10)
        evenOdd.fill(path, color: .blue, rule: .evenOdd)
        #expect(PixelSnapshot(evenOdd)[5, 5] == .clear)
        #expect(PixelSnapshot(evenOdd)[1, 1] == .blue)

        let nonZero = Canvas(width: 10, height: 10)
        nonZero.fill(path, color: .blue)
        #expect(PixelSnapshot(nonZero)[5, 5] == .blue)
    }

    @Test func translucentFillBlendsOverBackground() {
        let canvas = Canvas(width: 4, height: 4)
        canvas.clear(.white)
        canvas.fill(rectanglePath(x: 0, y: 0, width: 4, height: 4), color: CanvasColor(r: 0, g: 0, b: 0, a: 0.5))
        #expect(PixelSnapshot(canvas)[1, 1].isClose(to: RGBA(128, 128, 128, 255), tolerance: 1))
    }

    @Test func pathWithCircleAndNonFinitePointsStillDraws() {
        var path = CanvasPath()
        #expect(path.isEmpty)
        path.move(to: Point2D(x: .nan, y: 1))
        #expect(path.isEmpty)
        path.addCircle(center: Point2D(x: 5, y: 5), radius: 3)
        #expect(!path.isEmpty)
        let canvas = Canvas(width: 10, height: 10)
        canvas.fill(path, color: .green)
        #expect(PixelSnapshot(canvas)[5, 5] == .green)
        #expect(PixelSnapshot(canvas)[0, 0] == .clear)
        #expect(canvas.cairoStatus == nil)
    }
}
