import MapEngine
import MapWireTesting
import Testing

@Suite struct CubicBezierEasingTests {
    @Test func endpointsAreExact() {
        for easing in [CubicBezierEasing.ease, .linear, .easeIn, .easeOut, .easeInOut,
                       CubicBezierEasing(x1: 0.9, y1: -0.5, x2: 0.1, y2: 1.5)] {
            #expect(easing.value(at: 0) == 0)
            #expect(easing.value(at: 1) == 1)
            #expect(easing.value(at: -3) == 0)
            #expect(easing.value(at: 7) == 1)
        }
    }

    /// At curve parameter t = 0.5, x = 3·¼·½·x1 + 3·½·¼·x2 + ⅛ and likewise for y:
    /// for `ease` that is x = 0.3125, y = 0.5375.
    @Test func easeMatchesItsCurveAtTheParametricMidpoint() {
        #expect(isClose(CubicBezierEasing.ease.value(at: 0.3125), 0.5375, tolerance: 1e-10))
    }

    @Test func symmetricCurvePassesThroughTheMiddle() {
        #expect(isClose(CubicBezierEasing.easeInOut.value(at: 0.5), 0.5, tolerance: 1e-10))
    }

    @Test func linearIsTheIdentity() {
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(isClose(CubicBezierEasing.linear.value(at: x), x, tolerance: 1e-10))
        }
    }

    /// With these control points x(t) has zero slope at t = ½, where Newton stalls; bisection must still land.
    @Test func flatSlopeStillSolves() {
        let steep = CubicBezierEasing(x1: 1, y1: 0, x2: 0, y2: 1)
        // By symmetry of this curve the middle maps to the middle.
        #expect(isClose(steep.value(at: 0.5), 0.5, tolerance: 1e-9))
        var previous = 0.0
        for x in stride(from: 0.0, through: 1.0, by: 0.01) {
            let y = steep.value(at: x)
            #expect(y >= previous - 1e-12)
            previous = y
        }
    }
}
