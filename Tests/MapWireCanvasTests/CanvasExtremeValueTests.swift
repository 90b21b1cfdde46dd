import MapWireCanvas
import Testing

/// Drawing calls take sizes and positions computed from data: huge ones draw nothing (or what
/// fits) instead of trapping while turning them into pixel indexes (issue 14, finding 3).
struct CanvasExtremeValueTests {
    @Test(arguments: [1e300, -1e300, 1e19])
    func sdfFarAwayOrHugeDrawsWithoutTrapping(_ value: Double) {
        let canvas = Canvas(width: 32, height: 32)
        let field = [UInt8](repeating: 255, count: 16)
        canvas.drawSDF(field, width: 4, height: 4, origin: Point2D(x: value, y: 0), scale: 1, rotation: 0,
                       pivot: Point2D(x: 0, y: 0), color: .black, opacity: 1, haloColor: .transparent, haloWidth: 0, haloBlur: 0)
        canvas.drawSDF(field, width: 4, height: 4, origin: Point2D(x: 0, y: 0), scale: abs(value), rotation: 1,
                       pivot: Point2D(x: 0, y: 0), color: .black, opacity: 1, haloColor: .transparent, haloWidth: 0, haloBlur: 0)
    }

    @Test func aBlurredStrokeOfAstronomicalWidthDraws() {
        let canvas = Canvas(width: 32, height: 32)
        var path = CanvasPath()
        path.addRing([Point2D(x: 0, y: 0), Point2D(x: 32, y: 32)], closed: false)
        canvas.stroke(path, color: .black, style: StrokeStyle(width: 1e300), blur: 1e300)
    }
}
