import Foundation
import MapWireVectorTile

/// Renders stroke-font glyphs as signed distance fields in the glyph-range PBF convention.
///
/// Conventions (matched to real glyph ranges at their 24 px font size):
/// - the bitmap is (width + 6) × (height + 6): a 3 px border around the ink box;
/// - value = clamp(191.25 − 31.875 × d) with d the signed distance in px from the stroke edge
///   (negative inside): 192 at the edge, 255/8 less per pixel outward (an 8 px SDF radius with a
///   0.25 cutoff, so 24 px of falloff fit in the range);
/// - `top` is the ink box's top edge in px above the baseline, minus 26 (the baseline's offset
///   from the glyph origin, so capitals of height 17 have top −9); `left` is the ink box's left
///   edge relative to the pen position.
enum GlyphSDFRenderer {
    static let border = 3
    static let baselineOffset = 26
    /// Grid unit and stroke half width in px: cap height 8 units = 16 px, plus the stroke.
    static let unit = 2.0
    static let halfStroke = 1.0
    /// Space before the ink and after it.
    static let sideBearing = 1.5
    static let spaceAdvance: UInt32 = 6

    static func glyph(for character: Character, codePoint: UInt32) -> Glyphs_Glyph? {
        var glyph = Glyphs_Glyph()
        glyph.id = codePoint
        if character == " " {
            glyph.width = 0
            glyph.height = 0
            glyph.left = 0
            glyph.top = Int32(-baselineOffset)
            glyph.advance = spaceAdvance
            glyph.bitmap = Data()
            return glyph
        }
        guard let strokes = StrokeFont.strokes(for: character) else { return nil }
        // Pixel space, y up from the baseline, pen at x = 0.
        let segments = strokes.flatMap { stroke -> [((x: Double, y: Double), (x: Double, y: Double))] in
            let points = stroke.map { (x: $0.x * unit + sideBearing + halfStroke, y: $0.y * unit) }
            return points.count == 1 ? [(points[0], points[0])] : Array(zip(points, points.dropFirst()))
        }
        let xs = segments.flatMap { [$0.0.x, $0.1.x] }, ys = segments.flatMap { [$0.0.y, $0.1.y] }
        let left = Int(floor(xs.min()! - halfStroke)), right = Int(ceil(xs.max()! + halfStroke))
        let bottom = Int(floor(ys.min()! - halfStroke)), top = Int(ceil(ys.max()! + halfStroke))
        let width = right - left, height = top - bottom

        var bitmap = [UInt8](repeating: 0, count: (width + 2 * border) * (height + 2 * border))
        for row in 0..<(height + 2 * border) {
            for column in 0..<(width + 2 * border) {
                let x = Double(left - border + column) + 0.5
                let y = Double(top + border - row) - 0.5
                let distance = segments.map { Shapes.segmentDistance(x, y, $0.0, $0.1) }.min()! - halfStroke
                bitmap[row * (width + 2 * border) + column] = UInt8(max(0, min(255, (191.25 - 31.875 * distance).rounded())))
            }
        }
        glyph.width = UInt32(width)
        glyph.height = UInt32(height)
        glyph.left = Int32(left)
        glyph.top = Int32(top - baselineOffset)
        glyph.advance = UInt32((xs.max()! + halfStroke + sideBearing).rounded())
        glyph.bitmap = Data(bitmap)
        return glyph
    }
}
