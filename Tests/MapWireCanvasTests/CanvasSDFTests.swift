import Foundation
import Testing
@testable import MapWireCanvas

@Suite struct CanvasSDFTests {
    /// A disc of radius 10 glyph px centred in a 40×40 field: 192 on the edge, 32 less per px out.
    private let size = 40
    private var disc: [UInt8] {
        (0..<(size * size)).map { i in
            let x = Double(i % size) + 0.5 - 20, y = Double(i / size) + 0.5 - 20
            let outward = (x * x + y * y).squareRoot() - 10
            return UInt8(min(255, max(0, 192 - outward * 32)).rounded())
        }
    }

    private func draw(
        on canvas: Canvas, scale: Double = 1, origin: Point2D = Point2D(x: 0, y: 0), rotation: Double = 0,
        haloWidth: Double = 0, haloBlur: Double = 0, parts: SDFPart = .haloAndFill
    ) {
        canvas.drawSDF(
            disc, width: size, height: size, origin: origin, scale: scale, rotation: rotation,
            pivot: Point2D(x: 20, y: 20), color: .red, opacity: 1, haloColor: .blue, haloWidth: haloWidth,
            haloBlur: haloBlur, parts: parts)
    }

    @Test func discIsFilledInsideAndEmptyOutside() {
        let canvas = Canvas(width: 40, height: 40)
        draw(on: canvas)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[20, 20] == .red)
        #expect(snapshot[28, 20] == .red)  // 8.5 px from the centre
        #expect(snapshot[31, 20] == .clear)  // 11.5 px
        #expect(snapshot[2, 2] == .clear)
        // The edge (10 px) is anti-aliased over about one pixel.
        let edge = snapshot[29, 20].a  // 9.5 px
        #expect(edge > 100 && edge < 255)
        #expect(canvas.cairoStatus == nil)
    }

    @Test func haloRingIsColouredAndLiesUnderTheFill() {
        let canvas = Canvas(width: 40, height: 40)
        draw(on: canvas, haloWidth: 2)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[20, 20] == .red)
        #expect(snapshot[30, 20].b > 200 && snapshot[30, 20].a == 255)  // 10.5 px: inside the halo
        #expect(snapshot[31, 20].isClose(to: .blue, tolerance: 40))  // 11.5 px
        #expect(snapshot[33, 20] == .clear)  // 13.5 px: beyond the 2 px halo
    }

    @Test func partsDrawHaloAndFillSeparately() {
        let halo = Canvas(width: 40, height: 40)
        draw(on: halo, haloWidth: 2, parts: .haloOnly)
        #expect(PixelSnapshot(halo)[20, 20] == .blue)
        let fill = Canvas(width: 40, height: 40)
        draw(on: fill, haloWidth: 2, parts: .fillOnly)
        #expect(PixelSnapshot(fill)[31, 20] == .clear)
        #expect(PixelSnapshot(fill)[20, 20] == .red)
    }

    @Test func scaleShrinksTheShape() {
        // Scale 0.5 (12 px text): radius 5 px around (10, 10).
        let canvas = Canvas(width: 40, height: 40)
        draw(on: canvas, scale: 0.5)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[10, 10] == .red)
        #expect(snapshot[13, 10].a > 200)  // 3.5 px
        #expect(snapshot[16, 10] == .clear)  // 6.5 px
    }

    @Test func pixelRatioKeepsLogicalSize() {
        let canvas = Canvas(width: 40, height: 40, pixelRatio: 2)
        draw(on: canvas, scale: 0.5)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[20, 20] == .red)
        #expect(snapshot[27, 20] == .red)  // 3.75 logical px
        #expect(snapshot[33, 20] == .clear)  // 6.75 logical px
    }

    @Test func rotationTurnsAboutThePivot() {
        let canvas = Canvas(width: 60, height: 60)
        // Pivot (20, 20) is the disc centre when unrotated; with origin shifted, rotating half a turn
        // about the pivot moves the disc centre from (30, 20) to (10, 20).
        canvas.drawSDF(
            disc, width: size, height: size, origin: Point2D(x: 10, y: 0), scale: 1, rotation: .pi,
            pivot: Point2D(x: 20, y: 20), color: .red, opacity: 1, haloColor: .blue, haloWidth: 0, haloBlur: 0)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[10, 20] == .red)
        #expect(snapshot[29, 20] == .clear)  // 19.5 px from the rotated centre
    }

    @Test func opacityScalesCoverage() {
        let canvas = Canvas(width: 40, height: 40)
        canvas.drawSDF(
            disc, width: size, height: size, origin: Point2D(x: 0, y: 0), scale: 1, rotation: 0,
            pivot: Point2D(x: 0, y: 0), color: .red, opacity: 0.5, haloColor: .blue, haloWidth: 0, haloBlur: 0)
        #expect(PixelSnapshot(canvas)[20, 20].isClose(to: RGBA(255, 0, 0, 128), tolerance: 1))
    }

    @Test func manyGlyphsRenderQuickly() {
        let canvas = Canvas(width: 512, height: 512)
        let field = disc
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for i in 0..<2000 {
                canvas.drawSDF(
                    field, width: size, height: size, origin: Point2D(x: Double(i % 40) * 12, y: Double(i / 40) * 10),
                    scale: 0.6, rotation: Double(i) * 0.01, pivot: Point2D(x: 0, y: 0), color: .red, opacity: 1,
                    haloColor: .blue, haloWidth: 1, haloBlur: 0.5)
            }
        }
        // Generous even for a debug build: this guards against accidental whole-canvas work per glyph.
        #expect(elapsed < .seconds(10), "2000 glyphs took \(elapsed)")
    }

    @Test func onlyPixelsWhoseCentresFallOnTheBitmapAreDrawn() {
        // An all-zero field under a halo wide enough to reach it (6 px at scale 1: half strength
        // at distance 0), placed at 10.6: like GL's quad it covers pixels 11...14, not 10 or 15
        // (drawn before as half-strength halo because they touch the bitmap's box).
        let canvas = Canvas(width: 30, height: 30)
        canvas.drawSDF([UInt8](repeating: 0, count: 16), width: 4, height: 4, origin: Point2D(x: 10.6, y: 10.6), scale: 1,
                       rotation: 0, pivot: Point2D(x: 0, y: 0), color: .black, opacity: 1, haloColor: .red,
                       haloWidth: 6, haloBlur: 0)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[10, 12].a == 0 && snapshot[15, 12].a == 0)
        #expect(snapshot[11, 12].a > 100 && snapshot[14, 12].a > 100, "\(snapshot[11, 12]) \(snapshot[14, 12])")
    }
}
