import MapWireFormats

/// The comparison the upstream render-test harness used (pixelmatch): a pixel differs when its YIQ colour
/// distance exceeds the threshold and it is not anti-aliasing in either image (pixelmatch's `includeAA: false`).
public enum ImageDiff {
    public struct Result: Sendable, Equatable {
        public var differentPixels: Int
        public var totalPixels: Int
        /// `differentPixels / totalPixels`, the number the harness compares with a test's `allowed`.
        public var ratio: Double
        /// Red: differing pixel; yellow: anti-aliasing difference not counted; grey: a faint copy of `actual`.
        public var diffImage: RGBAImage
    }

    /// `threshold` is pixelmatch's, from 0 (exact) to 1; the render harness used 0.13.
    /// Images of different sizes differ in every pixel; the diff image then has the larger size.
    public static func compare(_ actual: RGBAImage, _ expected: RGBAImage, threshold: Double = 0.13) -> Result {
        guard actual.width == expected.width, actual.height == expected.height else {
            return sizeMismatch(actual, expected)
        }
        let first = PixelGrid(actual), second = PixelGrid(expected)
        let maximumDelta = YIQColorDistance.maximum * threshold * threshold
        var diff = [UInt8](repeating: 0, count: actual.pixels.count)
        var differentPixels = 0
        let identical = actual.pixels == expected.pixels

        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let offset = first.offset(x, y)
                let delta = identical ? 0 : YIQColorDistance.delta(first.pixels, offset, second.pixels, offset)
                if abs(delta) <= maximumDelta {
                    DiffColors.paintFaded(&diff, offset, from: first.pixels)
                } else if AntiAliasingDetector.isAntiAliased(first, x: x, y: y, other: second)
                    || AntiAliasingDetector.isAntiAliased(second, x: x, y: y, other: first) {
                    DiffColors.paint(&diff, offset, DiffColors.antiAliased)
                } else {
                    DiffColors.paint(&diff, offset, DiffColors.different)
                    differentPixels += 1
                }
            }
        }
        let total = actual.width * actual.height
        return Result(
            differentPixels: differentPixels, totalPixels: total, ratio: Double(differentPixels) / Double(total),
            diffImage: RGBAImage(width: actual.width, height: actual.height, pixels: diff))
    }

    private static func sizeMismatch(_ actual: RGBAImage, _ expected: RGBAImage) -> Result {
        let width = max(actual.width, expected.width), height = max(actual.height, expected.height)
        var diff = [UInt8](repeating: 0, count: width * height * 4)
        for offset in stride(from: 0, to: diff.count, by: 4) { DiffColors.paint(&diff, offset, DiffColors.different) }
        return Result(
            differentPixels: width * height, totalPixels: width * height, ratio: 1,
            diffImage: RGBAImage(width: width, height: height, pixels: diff))
    }
}
