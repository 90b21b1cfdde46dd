import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireRenderer
import MapWireVectorTile

/// Synthetic fonts and sprites for symbol tests, so they need no files.
enum SymbolFixtures {
    static let squareFont = "Test Square"

    /// A glyph range PBF where "A", "B" and "C" are 16×16 filled squares with a 16 px advance
    /// (at the 24 px metric size) and the space is blank with an 8 px advance. With `top` -9 a
    /// single centred line puts each square at −8...8 around the anchor.
    static func squareGlyphs() throws -> GlyphStore {
        var stack = Glyphs_FontStack()
        stack.name = squareFont
        stack.range = "0-255"
        for letter in ["A", "B", "C"] {
            var glyph = Glyphs_Glyph()
            glyph.id = letter.unicodeScalars.first!.value
            glyph.width = 16
            glyph.height = 16
            glyph.left = 0
            glyph.top = -9
            glyph.advance = 16
            glyph.bitmap = squareField(size: 16)
            stack.glyphs.append(glyph)
        }
        var space = Glyphs_Glyph()
        space.id = 0x20
        space.advance = 8
        space.width = 0
        space.height = 0
        stack.glyphs.append(space)
        var pbf = Glyphs_Glyphs()
        pbf.stacks = [stack]
        let data: Data = try pbf.serializedBytes()
        var store = GlyphStore()
        try store.add(fontStack: [squareFont], rangePBF: data)
        return store
    }

    /// The signed distance field of a `size` px square inside a 3 px border: 192 on the edge,
    /// 32 more per px inwards, 32 less per px outwards.
    static func squareField(size: Int) -> Data {
        let side = size + 6
        var bytes = [UInt8](repeating: 0, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let inside = min(cx - 3, Double(size + 3) - cx, cy - 3, Double(size + 3) - cy)
                bytes[y * side + x] = UInt8(max(0, min(255, 192 + 32 * inside)))
            }
        }
        return Data(bytes)
    }

    /// A sprite with one 10×10 green "dot" at pixel ratio 1.
    static func dotSprite() -> SpriteAtlas {
        let rgba = Array([[UInt8]](repeating: [0, 255, 0, 255], count: 100).joined())
        let image = CanvasImage(rgba: rgba, width: 10, height: 10)
        return SpriteAtlas(image: image, entries: ["dot": .init(x: 0, y: 0, width: 10, height: 10, pixelRatio: 1, sdf: false)])
    }

    /// A sprite whose 16×16 "square" is an SDF icon: a 10 px square's distance field in alpha.
    static func sdfSprite() -> SpriteAtlas {
        let rgba = Array(squareField(size: 10).map { [0, 0, 0, $0] }.joined())
        let image = CanvasImage(rgba: rgba, width: 16, height: 16)
        return SpriteAtlas(image: image, entries: ["square": .init(x: 0, y: 0, width: 16, height: 16, pixelRatio: 1, sdf: true)])
    }

    /// A test scene with the square font (and optionally the dot sprite).
    static func scene(style: String, features: [VectorFeature], sprite: SpriteAtlas? = nil,
                      camera: Camera = TestScene.camera) throws -> RenderScene {
        var scene = TestScene.scene(style: style, features: features, camera: camera)
        scene.glyphs = try squareGlyphs()
        scene.sprite = sprite
        return scene
    }

    static func pointFeature(_ x: Int32, _ y: Int32, id: UInt64? = nil, _ properties: [String: FeatureValue] = [:]) -> VectorFeature {
        VectorFeature(id: id, type: .point, geometry: [[TestScene.point(x, y)]], properties: properties)
    }

    /// Pixels of a frame whose colour is near `rgb` and mostly opaque, in a box.
    static func count(_ frame: MapRenderer.Frame, _ rgb: [UInt8], x: Range<Int>, y: Range<Int>) -> Int {
        let rgba = frame.canvas.rgba()
        let width = frame.canvas.width
        var n = 0
        for row in y {
            for column in x {
                let i = (row * width + column) * 4
                if rgba[i + 3] > 200, zip(rgb, rgba[i..<i + 3]).allSatisfy({ abs(Int($0) - Int($1)) < 40 }) { n += 1 }
            }
        }
        return n
    }
}
