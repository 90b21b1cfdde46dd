import Testing
@testable import MapWireCanvas

/// Drawing calls take sizes and positions computed from data: huge ones draw nothing (or what
/// fits) instead of trapping while turning them into pixel indexes.
struct CanvasExtremeValueTests {
    /// Every pixel of the canvas is transparent.
    static func isBlank(_ canvas: Canvas) -> Bool {
        let pixels = PixelSnapshot(canvas)
        return (0..<pixels.height).allSatisfy { y in (0..<pixels.width).allSatisfy { x in pixels[x, y] == .clear } }
    }

    @Test(arguments: [1e300, -1e300, 1e19])
    func sdfFarAwayOrHugeDrawsWithoutTrapping(_ value: Double) {
        let canvas = Canvas(width: 32, height: 32)
        let field = [UInt8](repeating: 255, count: 16)
        canvas.drawSDF(field, width: 4, height: 4, origin: Point2D(x: value, y: 0), scale: 1, rotation: 0,
                       pivot: Point2D(x: 0, y: 0), color: .black, opacity: 1, haloColor: .transparent, haloWidth: 0, haloBlur: 0)
        #expect(Self.isBlank(canvas), "a glyph placed \(value) px away leaves the canvas untouched")

        canvas.drawSDF(field, width: 4, height: 4, origin: Point2D(x: 0, y: 0), scale: abs(value), rotation: 1,
                       pivot: Point2D(x: 0, y: 0), color: .black, opacity: 1, haloColor: .transparent, haloWidth: 0, haloBlur: 0)
        // Scaled that far, every pixel falls on the glyph's first texel's corner: nothing is drawn.
        #expect(Self.isBlank(canvas), "a glyph scaled \(abs(value))× draws nothing")
        #expect(canvas.cairoStatus == nil)

        // The canvas still draws a glyph of an ordinary size where it belongs: 8×8 px from (4, 4).
        canvas.drawSDF(field, width: 4, height: 4, origin: Point2D(x: 4, y: 4), scale: 2, rotation: 0,
                       pivot: Point2D(x: 0, y: 0), color: .black, opacity: 1, haloColor: .transparent, haloWidth: 0, haloBlur: 0)
        #expect(PixelSnapshot(canvas)[8, 8] == RGBA(0, 0, 0, 255), "\(PixelSnapshot(canvas)[8, 8])")
        #expect(PixelSnapshot(canvas)[20, 20] == .clear)
    }

    @Test func aBlurredStrokeOfAstronomicalWidthDraws() {
        let canvas = Canvas(width: 32, height: 32)
        var path = CanvasPath()
        path.addRing([Point2D(x: 0, y: 0), Point2D(x: 32, y: 32)], closed: false)
        canvas.stroke(path, color: .black, style: StrokeStyle(width: 1e300), blur: 1e300)
        // Wider than any canvas (`Canvas.maximumSize`): left out, and the canvas still draws.
        #expect(Self.isBlank(canvas))
        #expect(canvas.cairoStatus == nil)
        canvas.stroke(path, color: .black, style: StrokeStyle(width: 4), blur: 1)
        #expect(PixelSnapshot(canvas)[16, 16].isClose(to: RGBA(0, 0, 0, 255)), "\(PixelSnapshot(canvas)[16, 16])")
    }
}
