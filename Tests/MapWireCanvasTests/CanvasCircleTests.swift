import Testing
@testable import MapWireCanvas

@Suite struct CanvasCircleTests {
    @Test func radiusBoundsTheDisc() {
        let canvas = Canvas(width: 20, height: 20)
        canvas.circle(center: Point2D(x: 10, y: 10), radius: 5, color: .red)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[10, 10] == .red)
        #expect(snapshot[13, 10] == .red)  // distance 3.5
        #expect(snapshot[10, 6] == .red)  // distance 3.5
        #expect(snapshot[16, 10] == .clear)  // distance 6.5
        #expect(snapshot[14, 14] == .clear)  // distance 6.4
        // The pixel inside the edge (centre at distance 4.53) is where GL's one-pixel fade runs:
        // about half covered.
        let edge = snapshot[14, 10]
        #expect((100...140).contains(Int(edge.a)), "\(edge)")
    }

    @Test func blurFadesFromTheCentreToTheEdge() {
        let canvas = Canvas(width: 40, height: 40)
        canvas.circle(center: Point2D(x: 20, y: 20), radius: 10, color: .blue, blur: 1)
        let snapshot = PixelSnapshot(canvas)
        // smoothstep(0, 1, 1 - d/10): d = 0.5 → 0.99, 5.5 → 0.42, 9.5 → 0.007.
        #expect(snapshot[20, 20].a >= 245)
        #expect(abs(snapshot[25, 20].a - 108) <= 12, "\(snapshot[25, 20])")
        #expect(snapshot[29, 20].a <= 8)
        #expect(snapshot[31, 20].a == 0)
        let ramp = (20..<31).map { snapshot[$0, 20].a }
        #expect(ramp == ramp.sorted(by: >))
        #expect(snapshot[25, 20].b == 255)
    }

    @Test func partialBlurKeepsTheCentreSolid() {
        let canvas = Canvas(width: 40, height: 40)
        canvas.circle(center: Point2D(x: 20, y: 20), radius: 10, color: .blue, blur: 0.3)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[26, 20] == .blue)  // distance 6.5, before the fade starts at 7
        #expect(snapshot[28, 20].a < 255 && snapshot[28, 20].a > 100)
    }

    @Test func strokeRingLiesOutsideTheRadius() {
        let canvas = Canvas(width: 30, height: 30)
        canvas.circle(
            center: Point2D(x: 15, y: 15), radius: 6, color: .red, strokeWidth: 3, strokeColor: .blue)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[15, 15] == .red)
        #expect(snapshot[19, 15] == .red)  // distance 4.5
        #expect(snapshot[22, 15] == .blue)  // distance 7.5
        #expect(snapshot[25, 15] == .clear)  // distance 10.5
    }

    @Test func translucentFillDoesNotShowTheRingThrough() {
        let canvas = Canvas(width: 30, height: 30)
        canvas.circle(
            center: Point2D(x: 15, y: 15), radius: 6, color: CanvasColor(r: 1, g: 0, b: 0, a: 0.5),
            strokeWidth: 3, strokeColor: .blue)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[15, 15].isClose(to: RGBA(255, 0, 0, 128), tolerance: 1))
        #expect(snapshot[22, 15] == .blue)
    }
}
