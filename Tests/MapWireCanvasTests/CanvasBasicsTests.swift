import Foundation
import MapWireFormats
import Testing
@testable import MapWireCanvas

@Suite struct CanvasBasicsTests {
    @Test func newCanvasIsTransparent() {
        let canvas = Canvas(width: 4, height: 3)
        let pixels = canvas.rgba()
        #expect(pixels.count == 4 * 3 * 4)
        #expect(pixels.allSatisfy { $0 == 0 })
    }

    @Test func clearFillsEveryPixelWithStraightColour() {
        let canvas = Canvas(width: 5, height: 5)
        canvas.clear(CanvasColor(r: 0.2, g: 0.4, b: 0.6, a: 1))
        let snapshot = PixelSnapshot(canvas)
        for y in 0..<5 {
            for x in 0..<5 {
                #expect(snapshot[x, y].isClose(to: RGBA(51, 102, 153, 255), tolerance: 1))
            }
        }
    }

    @Test func translucentClearIsReportedUnpremultiplied() {
        let canvas = Canvas(width: 2, height: 2)
        canvas.clear(CanvasColor(r: 1, g: 0.5, b: 0, a: 0.5))
        #expect(PixelSnapshot(canvas)[1, 1].isClose(to: RGBA(255, 128, 0, 128), tolerance: 2))
    }

    @Test func pixelRatioTwoDoublesTheSurfaceAndScalesDrawing() {
        let canvas = Canvas(width: 10, height: 6, pixelRatio: 2)
        #expect(canvas.rgba().count == 20 * 12 * 4)
        canvas.fill(rectanglePath(x: 0, y: 0, width: 5, height: 3), color: .red)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot.width == 20 && snapshot.height == 12)
        #expect(snapshot[9, 5] == .red)
        #expect(snapshot[10, 5] == .clear)
        #expect(snapshot[9, 6] == .clear)
    }

    @Test func pngDataDecodesToTheSameStraightRGBA() throws {
        let canvas = Canvas(width: 8, height: 8, pixelRatio: 1.5)
        canvas.clear(CanvasColor(r: 0, g: 0, b: 1, a: 0.3))
        canvas.circle(center: Point2D(x: 4, y: 4), radius: 3, color: CanvasColor(r: 1, g: 0.5, b: 0.25, a: 0.7))
        let decoded = try ImageDecoder.decode(canvas.pngData())
        #expect(decoded.width == 12 && decoded.height == 12)
        #expect(decoded.pixels == canvas.rgba())
    }

    @Test func opaquePNGIsWrittenAsRGBAndDecodesToTheSamePixels() throws {
        let canvas = Canvas(width: 64, height: 48)
        canvas.clear(CanvasColor(r: 0.95, g: 0.93, b: 0.9, a: 1))
        canvas.circle(center: Point2D(x: 20, y: 20), radius: 13.3, color: CanvasColor(r: 0.2, g: 0.5, b: 0.25, a: 0.6))
        var line = CanvasPath()
        line.addRing([Point2D(x: 2, y: 40), Point2D(x: 30, y: 5.5), Point2D(x: 61, y: 44)], closed: false)
        canvas.stroke(line, color: CanvasColor(r: 0.8, g: 0.1, b: 0.1, a: 1), style: StrokeStyle(width: 3.5, cap: .round, join: .round))
        let png = try canvas.pngData()
        #expect(png[25] == 2)  // IHDR colour type: RGB, every pixel is opaque
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.width == 64 && decoded.height == 48)
        #expect(decoded.pixels == canvas.rgba())
    }

    @Test func translucentPNGKeepsItsAlpha() throws {
        let canvas = Canvas(width: 16, height: 16)
        // Opaque above, half-covered pixels on the edge, transparent below.
        canvas.fill(rectanglePath(x: 0, y: 0, width: 16, height: 8.5), color: CanvasColor(r: 0.3, g: 0.6, b: 0.9, a: 1))
        let png = try canvas.pngData()
        #expect(png[25] == 6)  // IHDR colour type: RGBA
        #expect(try ImageDecoder.decode(png).pixels == canvas.rgba())
    }

    @Test func restoreRemovesTheClip() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.save()
        canvas.clip(to: rectanglePath(x: 0, y: 0, width: 5, height: 10))
        canvas.clear(.red)
        canvas.restore()
        canvas.fill(rectanglePath(x: 5, y: 0, width: 5, height: 10), color: .blue)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[2, 5] == .red)
        #expect(snapshot[7, 5] == .blue)
        // An unmatched restore must not break later drawing.
        canvas.restore()
        canvas.fill(rectanglePath(x: 0, y: 0, width: 10, height: 10), color: .green)
        #expect(PixelSnapshot(canvas)[2, 5] == .green)
        #expect(canvas.cairoStatus == nil)
    }

    @Test func opacityGroupCompositesOverlapsOnce() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.setOpacityGroup({
            canvas.fill(rectanglePath(x: 0, y: 0, width: 6, height: 10), color: .red)
            canvas.fill(rectanglePath(x: 4, y: 0, width: 6, height: 10), color: .red)
        }, opacity: 0.5)
        let snapshot = PixelSnapshot(canvas)
        // The overlap (x 4..<6) is no more opaque than the rest.
        #expect(snapshot[5, 5].isClose(to: RGBA(255, 0, 0, 128), tolerance: 1))
        #expect(snapshot[1, 5].isClose(to: RGBA(255, 0, 0, 128), tolerance: 1))
    }
}
