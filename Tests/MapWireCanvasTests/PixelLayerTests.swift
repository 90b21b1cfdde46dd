import Testing
@testable import MapWireCanvas

/// Layers coloured pixel by pixel, and the coverage masks they are coloured through.
@Suite struct PixelLayerTests {
    @Test func aPixelLayerIsCompositedOverTheCanvasPixelOnDevicePixel() {
        let canvas = Canvas(width: 4, height: 4, pixelRatio: 2)
        canvas.clear(CanvasColor(r: 1, g: 1, b: 1, a: 1))
        var layer = canvas.makePixelLayer()
        #expect(layer.width == 8 && layer.height == 8)
        // Half-transparent red, premultiplied, on one device pixel.
        layer.set(5, 2, r: 0.5, g: 0, b: 0, a: 0.5)
        canvas.composite(layer)
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[5, 2].isClose(to: RGBA(255, 127, 127, 255), tolerance: 1))
        #expect(snapshot[4, 2] == RGBA(255, 255, 255, 255) && snapshot[5, 3] == RGBA(255, 255, 255, 255))
    }

    @Test func coverageIsWhatTheDrawingCoversAndLeavesTheCanvasAlone() {
        let canvas = Canvas(width: 10, height: 10)
        canvas.clear(CanvasColor(r: 0, g: 0, b: 1, a: 1))
        // Under a clip the group is only as large as the clip: the mask still lands on the canvas's pixels.
        canvas.save()
        canvas.clip(to: rectanglePath(x: 1, y: 1, width: 8, height: 8), antialias: false)
        let coverage = canvas.coverage { canvas.fill(rectanglePath(x: 2, y: 3, width: 3.5, height: 4), color: .red) }
        canvas.restore()
        #expect(coverage[3 * 10 + 2] == 255 && coverage[3 * 10 + 4] == 255)
        #expect(abs(Int(coverage[3 * 10 + 5]) - 128) <= 2)
        #expect(coverage[3 * 10 + 6] == 0 && coverage[2 * 10 + 2] == 0)
        #expect(PixelSnapshot(canvas)[3, 4] == RGBA(0, 0, 255, 255))
    }
}
