import MapWireFormats
import Testing
@testable import MapWireRenderSuite

@Suite struct ImageDiffTests {
    let grey = SyntheticImages.filled(width: 8, height: 8, (100, 100, 100, 255))

    @Test func identicalImagesHaveNoDifference() {
        let result = ImageDiff.compare(grey, grey)
        #expect(result.differentPixels == 0)
        #expect(result.totalPixels == 64)
        #expect(result.ratio == 0)
        #expect(result.diffImage.width == 8 && result.diffImage.height == 8)
    }

    @Test func oneStronglyChangedPixelCounts() {
        let changed = SyntheticImages.setting(grey, x: 3, y: 4, (255, 0, 0, 255))
        let result = ImageDiff.compare(changed, grey)
        #expect(result.differentPixels == 1)
        #expect(result.ratio == 1.0 / 64)
        #expect(result.diffImage.pixel(x: 3, y: 4) == (255, 0, 0, 255))
        // Matching pixels show as a faint grey copy of the actual image.
        let faded = result.diffImage.pixel(x: 0, y: 0)
        #expect(faded.r == faded.g && faded.g == faded.b && faded.r > 200)
    }

    @Test func smallColourChangeUnderTheThresholdDoesNotCount() {
        let tinted = SyntheticImages.setting(grey, x: 3, y: 4, (105, 100, 100, 255))
        #expect(ImageDiff.compare(tinted, grey).differentPixels == 0)
        // With threshold 0 every changed pixel counts.
        #expect(ImageDiff.compare(tinted, grey, threshold: 0).differentPixels == 1)
    }

    @Test func antiAliasedEdgePixelIsNotCounted() {
        // A vertical black/white edge between columns 2 and 3; the actual image blends one edge pixel to grey.
        let edge = SyntheticImages.image(width: 6, height: 6) { x, _ in x < 3 ? SyntheticImages.black : SyntheticImages.white }
        let smoothed = SyntheticImages.setting(edge, x: 3, y: 2, (128, 128, 128, 255))
        let result = ImageDiff.compare(smoothed, edge)
        #expect(result.differentPixels == 0)
        #expect(result.diffImage.pixel(x: 3, y: 2) == (255, 255, 0, 255))
        // The same grey in the middle of a flat area is a real difference.
        let blot = SyntheticImages.setting(edge, x: 5, y: 2, (128, 128, 128, 255))
        #expect(ImageDiff.compare(blot, edge).differentPixels == 1)
    }

    @Test func transparentPixelsAreBlendedWithWhite() {
        let transparentBlack = SyntheticImages.filled(width: 4, height: 4, (0, 0, 0, 0))
        let white = SyntheticImages.filled(width: 4, height: 4, SyntheticImages.white)
        let black = SyntheticImages.filled(width: 4, height: 4, SyntheticImages.black)
        #expect(ImageDiff.compare(transparentBlack, white).differentPixels == 0)
        #expect(ImageDiff.compare(transparentBlack, black).differentPixels == 16)
        // Half-transparent black looks mid-grey on white: far from both.
        let halfBlack = SyntheticImages.filled(width: 4, height: 4, (0, 0, 0, 128))
        let midGrey = SyntheticImages.filled(width: 4, height: 4, (127, 127, 127, 255))
        #expect(ImageDiff.compare(halfBlack, midGrey).differentPixels == 0)
        #expect(ImageDiff.compare(halfBlack, white).differentPixels == 16)
    }

    @Test func sizeMismatchMakesEveryPixelDifferent() {
        let small = SyntheticImages.filled(width: 4, height: 6, SyntheticImages.white)
        let wide = SyntheticImages.filled(width: 5, height: 3, SyntheticImages.white)
        let result = ImageDiff.compare(small, wide)
        #expect(result.diffImage.width == 5 && result.diffImage.height == 6)
        #expect(result.differentPixels == 30 && result.totalPixels == 30)
        #expect(result.ratio == 1)
        #expect(result.diffImage.pixel(x: 4, y: 5) == (255, 0, 0, 255))
    }

    @Test func colourDistanceIsSignedByBrightness() {
        let light: [UInt8] = [255, 255, 255, 255], dark: [UInt8] = [0, 0, 0, 255]
        // White against black differs in brightness only (0.5053 × 255²), negative because the second pixel is darker.
        #expect(abs(YIQColorDistance.delta(light, 0, dark, 0) + 0.5053 * 255 * 255) < 1)
        #expect(YIQColorDistance.delta(dark, 0, light, 0) > 0)
    }
}
