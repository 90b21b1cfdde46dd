import Foundation
import Testing
import MapWireFormats
@testable import MapWireDemo

@Suite struct SpriteTests {
    @Test(arguments: [("sprite", 1), ("sprite@2x", 2)])
    func sheetDecodesAndIndexEntriesLieInside(name: String, pixelRatio: Int) throws {
        let image = try ImageDecoder.decode(Data(contentsOf: GeneratedDemo.file("\(name).png")))
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: GeneratedDemo.file("\(name).json"))) as? [String: [String: Int]])
        #expect(Set(index.keys) == ["cafe", "hospital", "marker", "park", "shop"])
        for (icon, cell) in index {
            let x = try #require(cell["x"]), y = try #require(cell["y"])
            let width = try #require(cell["width"]), height = try #require(cell["height"])
            #expect(cell["pixelRatio"] == pixelRatio)
            #expect(width == 16 * pixelRatio && height == 16 * pixelRatio, "\(icon)")
            #expect(x >= 0 && y >= 0 && x + width <= image.width && y + height <= image.height, "\(icon) outside the sheet")
            // Opaque in the middle, transparent in the corner, some partial alpha (anti-aliasing).
            #expect(image.pixel(x: x + width / 2, y: y + height / 2).a == 255, "\(icon)")
            let alphas = (0..<height).flatMap { row in (0..<width).map { image.pixel(x: x + $0, y: y + row).a } }
            #expect(alphas.contains(0))
            #expect(alphas.contains { $0 > 0 && $0 < 255 }, "\(icon) is not anti-aliased")
        }
    }

    @Test func retinaSheetIsTwiceTheSize() throws {
        let normal = try ImageDecoder.decode(Data(contentsOf: GeneratedDemo.file("sprite.png")))
        let retina = try ImageDecoder.decode(Data(contentsOf: GeneratedDemo.file("sprite@2x.png")))
        #expect(retina.width == normal.width * 2 && retina.height == normal.height * 2)
    }
}
