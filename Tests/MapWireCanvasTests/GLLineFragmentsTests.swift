import Testing
@testable import MapWireCanvas

@Suite struct GLLineFragmentsTests {
    @Test func aHorizontalLineCoversOnePixelPerColumnFadedByItsDistance() {
        // y = 3.74: row 3's centre (3.5) is 0.24 away, the nearest; coverage 1 − smoothstep(0.24).
        let fragments = GLLineFragments.fragments(Point2D(x: 1, y: 3.74), Point2D(x: 6, y: 3.74), width: 10, height: 10)
        #expect(fragments.map(\.x) == [1, 2, 3, 4, 5])
        #expect(fragments.allSatisfy { $0.y == 3 })
        let expected = 1 - (0.24 * 0.24 * (3 - 2 * 0.24))
        #expect(fragments.allSatisfy { abs($0.alpha - expected) < 1e-9 })
    }

    @Test func aSteepLineStepsAlongRows() {
        let fragments = GLLineFragments.fragments(Point2D(x: 2.5, y: 0), Point2D(x: 4.5, y: 8), width: 10, height: 10)
        #expect(fragments.map(\.y) == Array(0..<8))
        #expect(fragments.first?.x == 2 && fragments.last?.x == 4)
    }

    @Test func fragmentsStayInsideTheSurface() {
        let fragments = GLLineFragments.fragments(Point2D(x: -20, y: 5.5), Point2D(x: 40, y: 5.5), width: 10, height: 10)
        #expect(fragments.map(\.x) == Array(0..<10))
        #expect(GLLineFragments.fragments(Point2D(x: 0, y: -3), Point2D(x: 9, y: -3), width: 10, height: 10).isEmpty)
        #expect(GLLineFragments.fragments(Point2D(x: 2, y: 2), Point2D(x: 2, y: 2), width: 10, height: 10).isEmpty)
    }

    @Test func perspectiveInterpolationFadesAnEdgeRunningIntoTheDistance() {
        // The same steep edge, its far end four times as far (1/w a quarter): the position attribute
        // lags behind each pixel by several pixels, so nothing of the outline shows.
        let a = Point2D(x: 2.3, y: 0), b = Point2D(x: 6.3, y: 8)
        let flat = GLLineFragments.fragments(a, b, width: 10, height: 10)
        let pitched = GLLineFragments.fragments(a, b, qa: 1, qb: 0.25, width: 10, height: 10)
        #expect(flat.count == 8)
        #expect(pitched.count < 3)
    }

    @Test func theOutlineIsDrawnThroughTheClipInTheColour() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.strokeGLOutline([[Point2D(x: 1, y: 3.5), Point2D(x: 8, y: 3.5)]], color: .red)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[4, 3] == .red)
        #expect(snapshot[4, 2] == .clear && snapshot[4, 4] == .clear)
    }
}
