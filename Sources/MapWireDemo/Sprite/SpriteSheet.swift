import Foundation
import MapWireFormats

/// Packs the icons into one row and describes each cell in the style-spec sprite index format.
struct SpriteSheet {
    let image: RGBAImage
    /// Icon name → cell, as written to `sprite.json` / `sprite@2x.json`.
    let index: [String: [String: Int]]

    init(icons: [SpriteIcon], pixelRatio: Int) {
        let gap = 2 * pixelRatio  // keeps bilinear sampling from bleeding between icons
        let rendered = icons.map { IconRasterizer.render($0, pixelRatio: pixelRatio) }
        let height = rendered.map(\.side).max() ?? 1
        let width = max(1, rendered.map(\.side).reduce(0, +) + gap * max(0, rendered.count - 1))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var index: [String: [String: Int]] = [:]
        var left = 0
        for (icon, drawing) in zip(icons, rendered) {
            for row in 0..<drawing.side {
                let source = row * drawing.side * 4
                let target = (row * width + left) * 4
                pixels.replaceSubrange(target..<(target + drawing.side * 4), with: drawing.pixels[source..<(source + drawing.side * 4)])
            }
            index[icon.name] = ["x": left, "y": 0, "width": drawing.side, "height": drawing.side, "pixelRatio": pixelRatio]
            left += drawing.side + gap
        }
        self.image = RGBAImage(width: width, height: height, pixels: pixels)
        self.index = index
    }

    func pngData() throws -> Data { try ImageEncoder.png(image) }

    func jsonData() throws -> Data {
        try JSONSerialization.data(withJSONObject: index, options: [.sortedKeys, .prettyPrinted])
    }
}
