import Foundation
import MapWireVectorTile

/// One glyph range file (`{fontstack}/{start}-{end}.pbf`) of the demo font.
enum GlyphRange {
    static func data(start: UInt32 = 0, end: UInt32 = 255) throws -> Data {
        var stack = Glyphs_FontStack()
        stack.name = StrokeFont.name
        stack.range = "\(start)-\(end)"
        stack.glyphs = (start...end).compactMap { codePoint in
            guard let scalar = Unicode.Scalar(codePoint) else { return nil }
            return GlyphSDFRenderer.glyph(for: Character(scalar), codePoint: codePoint)
        }
        var glyphs = Glyphs_Glyphs()
        glyphs.stacks = [stack]
        return try glyphs.serializedBytes()
    }
}
