import Foundation
@testable import MapWireCanvas
import Testing

@Suite struct HomographyTests {
    /// A perspective map: the unit square onto a trapezoid (far edge shorter).
    static let trapezoid = Homography([2, 0.5, 10, 0, 1.5, 20, 0, 0.01, 1])

    @Test func inverseUndoesTheMap() throws {
        let inverse = try #require(Self.trapezoid.inverse)
        for (x, y) in [(0.0, 0.0), (3, 7), (-12.5, 40)] {
            let p = Self.trapezoid.apply(x, y), back = inverse.apply(p.x, p.y)
            #expect(abs(back.x - x) < 1e-9 && abs(back.y - y) < 1e-9)
        }
        #expect(Homography([1, 2, 3, 2, 4, 6, 0, 0, 1]).inverse == nil)
    }

    @Test func compositionAppliesRightToLeft() {
        let shift = Homography.affine(xx: 1, xy: 0, x0: 5, yx: 0, yy: 1, y0: -2)
        let p = Self.trapezoid.after(shift).apply(1, 1), q = Self.trapezoid.apply(6, -1)
        #expect(abs(p.x - q.x) < 1e-9 && abs(p.y - q.y) < 1e-9)
        #expect(shift.isAffine && !Self.trapezoid.isAffine)
    }

    @Test func scaleIsTheLocalAreaRatio() {
        #expect(abs(Homography.affine(xx: 3, xy: 0, x0: 1, yx: 0, yy: 3, y0: 1).scale(at: 5, 5) - 3) < 1e-12)
        // Further along y the trapezoid shrinks (w grows).
        #expect(Self.trapezoid.scale(at: 0, 100) < Self.trapezoid.scale(at: 0, 0))
    }

    @Test func glLinePatternSamplingPadsEachPeriodWithTheOppositeEdge() {
        // A 2×1 pattern: red then blue. A period of GL's padded sampling is 4 texels: blue (the
        // padding, from the opposite edge), red, blue, red (padding).
        let image = CanvasImage(rgba: [255, 0, 0, 255, 0, 0, 255, 255], width: 2, height: 1)
        let sampler = RepeatingPatternSampler(image, rect: (0, 0, 2, 1))
        func red(_ c: Double) -> Double { sampler.samplePadded(c, 1.5).r }
        #expect(red(0.5) == 0 && red(1.5) == 255 && red(2.5) == 0 && red(3.5) == 255 && red(4.5) == 0)
    }
}
