import Testing
@testable import MapWireCanvas

@Suite struct RasterAdjustmentTests {
    private func adjust(
        _ pixel: RGBA, brightnessMin: Double = 0, brightnessMax: Double = 1, contrast: Double = 0,
        saturation: Double = 0, hueRotate: Double = 0
    ) -> RGBA {
        let image = solidImage(pixel, width: 1, height: 1)
        let result = Canvas.adjusted(
            image, brightnessMin: brightnessMin, brightnessMax: brightnessMax, contrast: contrast,
            saturation: saturation, hueRotate: hueRotate)
        return PixelSnapshot(result)[0, 0]
    }

    @Test func defaultsReturnTheSameImage() {
        let image = solidImage(.red, width: 2, height: 2)
        let result = Canvas.adjusted(image, brightnessMin: 0, brightnessMax: 1, contrast: 0, saturation: 0, hueRotate: 0)
        #expect(result === image)
    }

    @Test func fullDesaturationMakesGrey() {
        let grey = adjust(RGBA(255, 0, 0, 255), saturation: -1)
        #expect(grey.isClose(to: RGBA(85, 85, 85, 255), tolerance: 1))
    }

    @Test func brightnessMaxZeroMakesBlackButKeepsAlpha() {
        #expect(adjust(RGBA(200, 150, 100, 255), brightnessMax: 0) == RGBA(0, 0, 0, 255))
        #expect(adjust(RGBA(200, 150, 100, 128), brightnessMax: 0) == RGBA(0, 0, 0, 128))
    }

    @Test func brightnessMinLiftsBlack() {
        #expect(adjust(RGBA(0, 0, 0, 255), brightnessMin: 1).isClose(to: .white, tolerance: 0))
    }

    @Test func hueRotateHalfTurnTurnsRedCyan() {
        let cyan = adjust(.red, hueRotate: 180)
        #expect(cyan.r == 0)
        #expect(cyan.g > 150 && cyan.g == cyan.b)
    }

    @Test func hueRotateFullTurnIsNearlyIdentity() {
        #expect(adjust(RGBA(200, 100, 50, 255), hueRotate: 360).isClose(to: RGBA(200, 100, 50, 255), tolerance: 1))
    }

    @Test func contrastPushesAwayFromMidGrey() {
        let more = adjust(RGBA(191, 64, 128, 255), contrast: 0.5)
        #expect(more.r > 240 && more.g < 10)
        let none = adjust(RGBA(191, 64, 128, 255), contrast: -1)
        #expect(none.isClose(to: RGBA(128, 128, 128, 255), tolerance: 1))
    }

    @Test func transparentPixelsStayTransparent() {
        #expect(adjust(.clear, brightnessMin: 1) == .clear)
    }

    @Test func drawAdjustedWorksOnTheResampledColoursAsGLsFragmentShaderDoes() {
        // Black and mid-grey texels stretched over 8 pixels. Pixel 2 samples 1/8 of the way to the
        // grey (16): contrast 0.5 maps that below black. Adjusting the texels first would leave 16.
        let image = CanvasImage(rgba: [0, 0, 0, 255, 128, 128, 128, 255], width: 2, height: 1)
        let canvas = Canvas(width: 8, height: 1)
        let adjustment = RasterAdjustment(brightnessMin: 0, brightnessMax: 1, contrast: 0.5, saturation: 0, hueRotate: 0)
        canvas.drawAdjusted(adjustment, opacity: 1) {
            canvas.draw(image, toQuad: [Point2D(x: 0, y: 0), Point2D(x: 8, y: 0), Point2D(x: 8, y: 1), Point2D(x: 0, y: 1)],
                        opacity: 1, smooth: true)
        }
        let snapshot = PixelSnapshot(canvas)
        #expect(snapshot[2, 0] == RGBA(0, 0, 0, 255))
        #expect(snapshot[7, 0].isClose(to: RGBA(128, 128, 128, 255), tolerance: 1))
    }

    @Test func drawAdjustedCompositesTheAdjustedLayerAtTheOpacity() {
        let canvas = Canvas(width: 2, height: 2)
        let adjustment = RasterAdjustment(brightnessMin: 0, brightnessMax: 0, contrast: 0, saturation: 0, hueRotate: 0)
        canvas.drawAdjusted(adjustment, opacity: 0.5) {
            canvas.draw(solidImage(.white, width: 1, height: 1), source: nil, into: (0, 0, 2, 2), opacity: 1)
        }
        #expect(PixelSnapshot(canvas)[1, 1].isClose(to: RGBA(0, 0, 0, 128), tolerance: 1))
    }
}
